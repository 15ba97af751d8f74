import RaceLab
import Testing

/// The race catalog's `nonsending-io-on-main` entry on its minimal copy: the `nonisolated(nonsending)`
/// read, called from the main actor, reads on the main queue; the `@concurrent` form of the same
/// read does not. (The replay tests run the broken form and the after variant.)
@Suite("The nonisolated(nonsending) I/O trap")
@MainActor
struct NonsendingTrapTests {
  @Test("The nonsending read blocks the main queue; the @concurrent read does not")
  func concurrentFixesTheTrap() async throws {
    let (brokenShown, brokenDetail) = try await Replay.nonsendingLoaderReadsOnMain()
    #expect(brokenShown, "nonisolated(nonsending): \(brokenDetail)")
    let (fixedShown, fixedDetail) = try await Replay.nonsendingLoaderReadsOnMain(fixed: true)
    #expect(!fixedShown, "@concurrent: \(fixedDetail)")
  }
}
