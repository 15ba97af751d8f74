import CoffeeDomain
import Foundation
import Testing

/// Checks `removeOutdatedDrinks(now:)`: it keeps drinks from the last 24 hours, both ends
/// included, drops older and future-dated drinks, and leaves the rest in their order.
@Suite("The 24-hour window of drinks")
struct DrinkWindowTests {
  let now = Date.utc(2024, 3, 10, 15)

  @Test(
    "Drinks inside the window are kept, both ends included",
    arguments: [0, -1, -oneHour, -24 * oneHour])
  func kept(offset: TimeInterval) {
    var drinks = [Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(offset))]
    let before = drinks
    drinks.removeOutdatedDrinks(now: now)
    #expect(drinks == before)
  }

  @Test(
    "Drinks older than 24 hours or dated in the future are dropped",
    arguments: [-24 * oneHour - 1, -48 * oneHour, 1, oneHour])
  func dropped(offset: TimeInterval) {
    var drinks = [Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(offset))]
    drinks.removeOutdatedDrinks(now: now)
    #expect(drinks.isEmpty)
  }

  @Test("The drinks kept stay in their original order")
  func orderPreserved() {
    let recent = Drink(mgCaffeine: 64, onDate: now.addingTimeInterval(-oneHour))
    let tooOld = Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(-24 * oneHour - 1))
    let oldest = Drink(mgCaffeine: 144, onDate: now.addingTimeInterval(-24 * oneHour))
    let future = Drink(mgCaffeine: 47, onDate: now.addingTimeInterval(1))
    let justNow = Drink(mgCaffeine: 28, onDate: now)
    let midday = Drink(mgCaffeine: 22, onDate: now.addingTimeInterval(-12 * oneHour))

    var drinks = [recent, tooOld, oldest, future, justNow, midday]
    drinks.removeOutdatedDrinks(now: now)
    #expect(drinks == [recent, oldest, justNow, midday])
  }

  @Test("An empty list stays empty")
  func emptyList() {
    var drinks: [Drink] = []
    drinks.removeOutdatedDrinks(now: now)
    #expect(drinks.isEmpty)
  }
}
