import CoffeeScenarios
import Foundation
import SimulatedPlatform
import Testing

@testable import RaceLab

/// The stress ties "the file differs from the model" to `saved-value-race` on the order of the
/// platform's records alone. Here the race is forced with gates, as its replay does, so the
/// verdict does not depend on how the threads happened to run.
@Suite("Saved-value race evidence", .timeLimit(.minutes(5)))
@MainActor
struct SavedValueRaceEvidenceTests {
  @Test("The forced race leaves a lost save that the still-point check ties to the entry")
  func forcedRaceIsTiedToTheEntry() async throws {
    let platform = try SimulatedPlatform()
    let driver = Variant.before.launch(platform)
    try await platform.settle(driver)

    // Hold the first write at the disk; once the second list is stored, and before its
    // `didSet` runs, let that write finish and record what it saved.
    let firstWriteOnDisk = Gate()
    let releaseFirstWrite = Gate()
    let writes = Counter()
    let stores = Counter()
    platform.checkpoints.install(at: .fileWriteFinishing) {
      guard writes.increment() == 1 else { return }
      firstWriteOnDisk.open()
      releaseFirstWrite.wait(timeout: 5)
    }
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    await firstWriteOnDisk.opened()
    platform.checkpoints.install(at: .publishedValueStored) {
      guard stores.increment() == 1 else { return }
      let mark = platform.events.count
      releaseFirstWrite.open()
      _ = platform.events.wait(since: mark, timeout: 5) { event in
        if case .log(_, _, "Saved!") = event.kind { true } else { false }
      }
    }
    driver.addDrink(mgCaffeine: 128, onDate: platform.clock.now)
    try await platform.settle(driver)
    platform.checkpoints.remove(at: .fileWriteFinishing)
    platform.checkpoints.remove(at: .publishedValueStored)

    let findings = StillPointFileCheck.findings(of: driver, on: platform, seed: 7)
    let finding = try #require(findings.first { $0.invariant == .fileDiffersFromModel })
    #expect(finding.entryID == RaceCatalog.savedValueRace.id, "\(finding)")
    #expect(finding.seed == 7)
  }

  @Test("Saves that do not overlap leave the file equal to the model: no finding")
  func separateSavesLeaveNoFinding() async throws {
    let platform = try SimulatedPlatform()
    let driver = Variant.before.launch(platform)
    try await platform.settle(driver)
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    try await platform.settle(driver)
    driver.addDrink(mgCaffeine: 128, onDate: platform.clock.now)
    try await platform.settle(driver)
    #expect(StillPointFileCheck.findings(of: driver, on: platform, seed: 7).isEmpty)
  }

  @Test("Without an off-main read after the last write, a differing file names no entry")
  func noReadNoEvidence() {
    #expect(SavedValueRaceEvidence.find(events: [], offMainReads: []) == nil)
  }
}
