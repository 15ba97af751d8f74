import CoffeeDomain
import Foundation
import Testing

/// Checks that a `Drink` survives the app's file format (a binary property list) unchanged, and
/// that two drinks are equal only when their UUIDs are too.
@Suite("Drink values")
struct DrinkTests {
  /// A date with a fraction of a second, to check that no precision is lost on disk.
  let date = Date.utc(2024, 3, 10, 8).addingTimeInterval(0.123_456)

  /// An encoder writing the format of `CoffeeTracker.plist`.
  func binaryEncoder() -> PropertyListEncoder {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return encoder
  }

  @Test("A drink round-trips through a binary property list")
  func roundTripOne() throws {
    let drink = Drink(mgCaffeine: 47.5, onDate: date)
    let data = try binaryEncoder().encode(drink)
    #expect(data.starts(with: Array("bplist00".utf8)))
    let decoded = try PropertyListDecoder().decode(Drink.self, from: data)
    #expect(decoded == drink)
  }

  @Test("A list of drinks round-trips through a binary property list, in order")
  func roundTripList() throws {
    let drinks = [
      Drink(mgCaffeine: 96, onDate: date),
      Drink(mgCaffeine: 256, onDate: date.addingTimeInterval(-oneHour)),
      Drink(mgCaffeine: 18, onDate: date.addingTimeInterval(90)),
    ]
    let data = try binaryEncoder().encode(drinks)
    let decoded = try PropertyListDecoder().decode([Drink].self, from: data)
    #expect(decoded == drinks)
  }

  @Test("Drinks with the same caffeine, date and UUID are equal and hash alike")
  func sameUUIDEqual() {
    let uuid = UUID()
    let first = Drink(mgCaffeine: 96, onDate: date, uuid: uuid)
    let second = Drink(mgCaffeine: 96, onDate: date, uuid: uuid)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
  }

  @Test("Drinks that differ only in their UUID are different drinks")
  func differentUUIDNotEqual() {
    let first = Drink(mgCaffeine: 96, onDate: date)
    let second = Drink(mgCaffeine: 96, onDate: date)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
  }
}
