import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// `lab verify` runs beside builds (CI, a shared machine): a check slowed by load must not be
/// counted as hung at the learner's 30 s limit, so verify falls back to a limit of its own.
@Suite("lab verify's time limit")
struct VerifyTimeoutTests {
  @Test("With no --timeout, verify's fallback is taken, and --timeout still wins")
  func verifyFallback() throws {
    var none = ParsedArguments([])
    var given = ParsedArguments(["--timeout", "7"])
    // LAB_TIMEOUT would win over the fallback; the test reads only what it can control.
    let environmentSets = ProcessInfo.processInfo.environment["LAB_TIMEOUT"] != nil
    if !environmentSets {
      #expect(try none.timeout(fallback: LabCommand.verifyTimeout) == 120)
      #expect(try none.timeout() == 30)
    }
    #expect(try given.timeout(fallback: LabCommand.verifyTimeout) == 7)
  }
}
