import CheckReporting
import CoffeeDomain
import Foundation
import Testing

@testable import CoffeeScenarios

/// Failure messages speak the domain's words and print the same text on every run.
@Suite("Readable descriptions in failure messages")
struct ReadableDescriptionTests {
  @Test("Background tasks read as what the app did with them")
  func backgroundTasks() {
    let records = [
      Snapshot.BackgroundTaskRecord(id: 1, success: true, completions: 1),
      Snapshot.BackgroundTaskRecord(id: 2, success: nil, completions: 0),
      Snapshot.BackgroundTaskRecord(id: 3, success: false, completions: 2),
    ]
    #expect(
      ReadableDescription.of(records)
        == "[task 1 completed once reporting success, task 2 never completed, task 3 completed 2 times reporting failure]"
    )
  }

  @Test("Drinks read as mg and time; optionals are unwrapped")
  func drinksAndOptionals() {
    let drink = Drink(mgCaffeine: 120, onDate: Date(timeIntervalSince1970: 8 * 3600 + 30 * 60))
    #expect(ReadableDescription.of([drink]) == "[120 mg at 08:30]")
    #expect(ReadableDescription.of([Bool?.some(false), nil]) == "[false, none]")
    #expect(Snapshot.FileContents.drinks([drink]).description == "a file of [120 mg at 08:30]")
  }

  @Test("Dictionaries and sets print in one order, whatever the hashing seed")
  func stableOrder() {
    let counts = ["walnut": 3, "apple": 1, "mango": 2]
    #expect(ReadableDescription.of(counts) == "[apple: 1, mango: 2, walnut: 3]")
    #expect(ReadableDescription.of(Set(["b", "c", "a"])) == "[a, b, c]")
  }

  @Test("Counts agree with their noun, durations use hours past an hour, caffeine has its unit")
  func wording() {
    #expect(Wording.count(1, "write") == "1 write")
    #expect(Wording.count(0, "write") == "0 writes")
    #expect(Wording.count(2, "file operation") == "2 file operations")
    #expect(Wording.count(3, "query", plural: "queries") == "3 queries")
    #expect(Wording.duration(minutes: 45) == "45 min")
    #expect(Wording.duration(minutes: 1200) == "20 h")
    #expect(Wording.duration(minutes: 90) == "1 h 30 min")
    #expect(Wording.duration(minutes: 0.5) == "0.5 min")
    #expect(Wording.drinks([96, 128]) == "2 drinks (96 mg, 128 mg)")
    #expect(Wording.drinks([]) == "no drinks")
    #expect(Wording.caffeine(12.5) == "12.5 mg")
  }

  @Test("Drinks and steps say how long ago in hours past an hour: not 1200 min ago")
  func drinkAges() {
    #expect(DrinkSummary(mg: 96, minutesAgo: 1200).description == "96 mg 20 h ago")
    #expect(DrinkSummary(mg: 96, minutesAgo: 30).description == "96 mg 30 min ago")
    #expect(DrinkSummary(mg: 96, minutesAgo: 0).description == "96 mg now")
    #expect(DrinkSummary(mg: 96, minutesAgo: -5).description == "96 mg 5 min ahead")
    #expect(Step.advanceClock(minutes: 120).description == "the clock moves on 2 h")
  }

  @Test("An actor's stored properties, without the storage the compiler adds")
  func storedProperties() {
    #expect(
      ReadableDescription.storedProperties(of: PropertiesProbe()) == ["file: String", "count: Int"])
  }
}

/// An actor, so that its mirror has the compiler's `$defaultActor` storage to leave out.
private actor PropertiesProbe {
  let file = "drinks.plist"
  var count = 0
}
