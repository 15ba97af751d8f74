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
}
