import CoffeeDomain
import CoffeeScenarios
import Foundation
import SimulatedPlatform

/// The main queue under each variant: how long it is blocked per user action and per
/// background refresh, and how late a 1 ms probe runs while the app loads, merges and saves.
@MainActor
enum MainQueueBench {
  /// One variant's samples for one drink count.
  struct VariantSamples {
    /// The main queue's time in the user's action: everything `addDrink` does before it
    /// returns the main queue to the run loop (the model change, `didSet`, encoding, and any
    /// write the variant does right there).
    var userAction = Samples()
    /// The main queue's time writing files per background refresh that saves.
    var refreshFileIO = Samples()
    /// The worst lateness of the 1 ms probe during launch, merge, add and refresh.
    var probeWorstDelay = Samples()
  }

  /// The samples of both variants for one drink count.
  struct Row {
    let drinks: Int
    var before = VariantSamples()
    var after = VariantSamples()
  }

  /// Runs `repeats` rounds per drink count; in each round both variants run, in an order that
  /// alternates from round to round, so that neither always runs on a warmer machine.
  static func run(
    drinkCounts: [Int], repeats: Int, diskLatency: TimeInterval, complications: Int,
    progress: (String) -> Void
  ) async throws -> [Row] {
    var rows: [Row] = []
    for drinks in drinkCounts {
      var row = Row(drinks: drinks)
      let saved = try encodedDrinks(count: drinks)
      for round in 0..<repeats {
        let order: [Variant] = round.isMultiple(of: 2) ? [.before, .after] : [.after, .before]
        for variant in order {
          let sample = try await measure(
            variant, savedDrinks: saved, diskLatency: diskLatency, complications: complications,
            seed: UInt64(round + 1))
          if variant == .before {
            row.before.append(sample)
          } else {
            row.after.append(sample)
          }
        }
      }
      progress("  main queue, \(drinks) drinks: \(repeats) rounds per variant done")
      rows.append(row)
    }
    return rows
  }

  fileprivate struct Sample {
    let userAction: Double
    let refreshFileIO: Double
    let probeWorstDelay: Double
  }

  /// One round on one variant: a launch with `savedDrinks` on disk, another device's samples
  /// merged, a drink added, a background refresh that saves.
  private static func measure(
    _ variant: Variant, savedDrinks: Data, diskLatency: TimeInterval, complications: Int,
    seed: UInt64
  ) async throws -> Sample {
    let faces = (0..<complications).map { Complication(family: "circular \($0 + 1)") }
    let platform = try SimulatedPlatform(
      configuration: .init(seed: seed, activeComplications: faces))
    try platform.documents.seed(savedDrinks, asFileNamed: "CoffeeTracker.plist")
    platform.documents.writeLatency = .fixed(diskLatency)
    let fileIO = MainQueueFileIO(on: platform)
    let probe = MainQueueProbe()
    let now = platform.clock.now
    probe.start()

    // Launch: the saved list is loaded; the health store is asked and read.
    let driver = variant.launch(platform)
    try await platform.settle(driver)
    // Merge: another device's drinks arrive with a load.
    for minutes in [5.0, 25, 45] {
      platform.healthStore.addSampleFromAnotherDevice(
        mgCaffeine: 95, date: now.addingTimeInterval(-minutes * 60))
    }
    driver.loadNewDataFromHealthKit { _ in }
    try await platform.settle(driver)

    // The user adds a drink: the main queue's part of it, as the user waits for the screen.
    let started = monotonicSeconds()
    driver.addDrink(mgCaffeine: 64, onDate: now.addingTimeInterval(-60))
    let userAction = monotonicSeconds() - started
    try await platform.settle(driver)

    // In the background, a refresh brings another device's drink: the app saves.
    platform.runtime.setApplicationState(.background)
    try await platform.settle(driver)
    _ = fileIO.take()
    platform.healthStore.addSampleFromAnotherDevice(
      mgCaffeine: 95, date: now.addingTimeInterval(-2 * 60))
    platform.runtime.deliverBackgroundRefresh()
    try await platform.settle(driver)
    let refreshFileIO = fileIO.take()
    probe.stop()
    return Sample(
      userAction: userAction, refreshFileIO: refreshFileIO, probeWorstDelay: probe.worstDelay)
  }

  /// A saved drink list of `count` drinks from the last ten hours, in the file format both
  /// variants read (a binary property list of `[Drink]`).
  private static func encodedDrinks(count: Int) throws -> Data {
    let start = SimulatedPlatform.Configuration().now
    let drinks = (0..<count).map { index in
      Drink(
        mgCaffeine: 64,
        onDate: start.addingTimeInterval(-36_000 * Double(index + 1) / Double(count + 1)))
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return try encoder.encode(drinks)
  }
}

extension MainQueueBench.VariantSamples {
  fileprivate mutating func append(_ sample: MainQueueBench.Sample) {
    userAction.append(sample.userAction)
    refreshFileIO.append(sample.refreshFileIO)
    probeWorstDelay.append(sample.probeWorstDelay)
  }
}
