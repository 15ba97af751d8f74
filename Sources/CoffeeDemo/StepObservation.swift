import CoffeeDomain
import CoffeeScenarios
import Foundation

/// What one variant showed after one step, reduced to what the demo prints and compares.
///
/// Drinks become `DrinkSummary` values (milligrams, minutes before the step's "now"), because
/// the two variants give the same drink different UUIDs; levels are rounded as printed.
struct StepObservation: Equatable {
  /// What the data file holds.
  enum File: Equatable {
    case missing
    case unreadable
    case drinks([DrinkSummary])
  }

  let modelDrinks: [DrinkSummary]
  let file: File
  let healthSamples: [DrinkSummary]
  let caffeineLevel: Double
  let equivalentCups: Double
  let complicationReloads: Int
  let complicationLevel: Double?
  let backgroundTasks: [Snapshot.BackgroundTaskRecord]
  let scheduledRefreshes: Int
  let offMainPublishedChanges: Int
  let writesLostAtSuspension: Int
  /// A diagnostic, not behaviour: the migration is expected to change it, so `differences`
  /// leaves it out.
  let blockingIOOnMainQueue: Int

  /// Observes `snapshot`, taken when the platform's clock read `now`.
  init(_ snapshot: Snapshot, at now: Date) {
    func summaries(of drinks: [Drink]) -> [DrinkSummary] {
      drinks.map { DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: now) }
    }
    modelDrinks = summaries(of: snapshot.modelDrinks)
    file =
      switch snapshot.file {
      case .missing: .missing
      case .unreadable: .unreadable
      case .drinks(let drinks): .drinks(summaries(of: drinks))
      }
    healthSamples = snapshot.healthSamples.map {
      DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: now)
    }
    caffeineLevel = Self.rounded(snapshot.caffeineLevel, places: 1)
    equivalentCups = Self.rounded(snapshot.equivalentCups, places: 2)
    complicationReloads = snapshot.complicationReloads
    complicationLevel = snapshot.complicationLevel.map { Self.rounded($0, places: 1) }
    backgroundTasks = snapshot.backgroundTasks
    scheduledRefreshes = snapshot.scheduledRefreshes
    offMainPublishedChanges = snapshot.offMainPublishedChanges
    writesLostAtSuspension = snapshot.writesLostAtSuspension
    blockingIOOnMainQueue = snapshot.blockingIOOnMainQueue
  }

  /// The names of the observable parts in which `self` and `other` differ: the ones the two
  /// variants must agree on at every step.
  func differences(from other: StepObservation) -> [String] {
    var names: [String] = []
    func compare<Value: Equatable>(_ name: String, _ part: KeyPath<StepObservation, Value>) {
      if self[keyPath: part] != other[keyPath: part] { names.append(name) }
    }
    compare("model drinks", \.modelDrinks)
    compare("file", \.file)
    compare("health samples", \.healthSamples)
    compare("caffeine level", \.caffeineLevel)
    compare("equivalent cups", \.equivalentCups)
    compare("complication reloads", \.complicationReloads)
    compare("complication level", \.complicationLevel)
    compare("background tasks", \.backgroundTasks)
    compare("scheduled refreshes", \.scheduledRefreshes)
    compare("off-main published changes", \.offMainPublishedChanges)
    compare("writes lost at suspension", \.writesLostAtSuspension)
    return names
  }

  private static func rounded(_ value: Double, places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
  }
}
