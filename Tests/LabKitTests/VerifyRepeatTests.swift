import CheckReporting
import Foundation
import Testing

@testable import LabKit

/// With `--rerun-threads-only`, `lab verify`'s repeated runs read back what the compiler and the
/// scheduler decided in the first.
@Suite("lab verify's repeated runs")
struct VerifyRepeatTests {
  @Test("Repeated runs compute everything again, unless only the checks on real threads rerun")
  func repeatedRunsAndTheCache() {
    let root = URL(fileURLWithPath: "/nonexistent")
    let fresh = Verification(root: root, timeout: 5, repeats: 3)
    #expect(fresh.checker.checkEnvironment[LabEnvironment.noCache] == "1")
    let threadsOnly = Verification(root: root, timeout: 5, repeats: 3, rerunsThreadsOnly: true)
    #expect(threadsOnly.checker.checkEnvironment[LabEnvironment.noCache] == nil)
    let once = Verification(root: root, timeout: 5)
    #expect(once.checker.checkEnvironment[LabEnvironment.noCache] == nil)
  }
}
