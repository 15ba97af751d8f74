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

  @Test("--repeat-only repeats those exercises' wrong answers alone; every other row runs once")
  func repeatOnly() throws {
    let lab = try FakeLab()
    #expect(
      lab.run(
        "verify", "--solutions", "--wrong-answers", "--only", "1,apod/2", "--repeat", "2",
        "--repeat-only", "apod/2", "--rerun-threads-only") == 0)
    let printed = lab.printed
    #expect(printed.contains("the wrong answers of 1 run 2 times"))
    let rows = printed.split(separator: "\n").map(String.init)
    let repeated = rows.filter { $0.contains("(all 2 runs)") }
    // One row repeated: apod-02's wrong answer; the step's and the solutions' once.
    #expect(repeated.count == 1)
    #expect(
      rows.contains { $0.contains("apod-02-actor-client · wrong answer wrong") }
        && printed.contains("(all 2 runs)"))
    #expect(!rows.contains { $0.contains("01-first-step · wrong answer") && $0.contains("runs") })
    // Exercise by exercise: the step's rows all come before the kata's.
    let firstKataRow = try #require(rows.firstIndex { $0.contains("apod-02-actor-client ·") })
    let lastStepRow = try #require(rows.lastIndex { $0.contains("01-first-step ·") })
    #expect(lastStepRow < firstKataRow)
  }
}
