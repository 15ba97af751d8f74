import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// A hang names where the learner's code was when the check was stopped: a real Swift program,
/// built here, stands in for a check executable, so that Swift's own backtracer answers.
@Suite("lab check: a hang names the learner's code it never returned from")
struct HangReportTests {
  /// A check that hangs in the learner's file: spinning in a loop that never ends (`spin`), or
  /// suspended in an await whose continuation is never resumed.
  static let program = """
    import Foundation

    func spin(_ start: Int) -> Int {
      var value = start
      while value >= 0 { value = (value &* 31 &+ 7) & 0xffff }
      return value
    }

    final class Kept: @unchecked Sendable { var continuation: CheckedContinuation<Void, Never>? }
    let kept = Kept()

    print("LAB-RUNNING the model loads")
    fflush(nil)
    if FileManager.default.fileExists(atPath: "spin") {
      DispatchQueue.global().async { _ = spin(3) }
    } else {
      // Main waits until the task has handed over its continuation: from then on no thread
      // runs this file's code, however slow the machine.
      let handedOver = DispatchSemaphore(value: 0)
      Task {
        await withCheckedContinuation {
          kept.continuation = $0
          handedOver.signal()
        }
      }
      handedOver.wait()
    }
    dispatchMain()

    """

  /// A fake lab whose check executable for exercise 1 is `program`, built from
  /// `Exercises/01-first-step/Model.swift` so that its frames point there.
  static func lab() throws -> FakeLab {
    let lab = try FakeLab()
    try lab.write("Exercises/01-first-step/Model.swift", program)
    let swiftc = try #require(ProcessRunner.executable(named: "swiftc"))
    let build = try ProcessRunner.run(
      swiftc,
      [
        "-g", "-Onone", "Exercises/01-first-step/Model.swift", "-o", ".build-lab/debug/Step01Check",
      ],
      in: lab.root)
    #expect(build.status == 0, "\(build.output)")
    return lab
  }

  @Test(
    "A loop that never ends is named by function, file and line",
    .enabled(if: ExerciseChecker.hangStopper != nil, "needs GNU timeout to stop with SIGQUIT"))
  func hangNamesTheLoop() throws {
    let lab = try Self.lab()
    try lab.write("spin", "")
    #expect(lab.run("check", "1", "--timeout", "2") == 1)
    #expect(lab.printed.contains("hung while checking \"the model loads\": stopped after 2 s"))
    #expect(lab.printed.contains("your code had not returned from:"))
    // The loop is all on line 5: wherever the signal finds it, that is the line, unless the
    // instruction it stopped at maps to no line at all (then the backtracer gives none).
    let file = "        spin(_:) at Exercises/01-first-step/Model.swift"
    let place = lab.lines.all.first { $0.hasPrefix(file) }
    #expect(place == file + ":5" || place == file)
    #expect(!lab.printed.contains("it never finished"))

  }

  @Test(
    "An await that is never resumed leaves no thread in the learner's code, and says so",
    .enabled(if: ExerciseChecker.hangStopper != nil, "needs GNU timeout to stop with SIGQUIT"))
  func hangInAnAwait() throws {
    let lab = try Self.lab()
    #expect(lab.run("check", "1", "--timeout", "2") == 1)
    #expect(lab.printed.contains("hung while checking \"the model loads\""))
    #expect(lab.printed.contains("no thread was in your code when it was stopped"))
    #expect(!lab.printed.contains("your code had not returned from:"))
  }

  @Test("A verification table's summary of a hang names the place too")
  func summaryNamesThePlace() {
    let verdict = Verdict.hung(
      seconds: 2, check: "the model loads", waitingFor: nil,
      inYourCode: ["spin(_:) at Exercises/01-first-step/Model.swift:5"])
    #expect(
      verdict.summary
        == "hung after 2 s in \"the model loads\", never returning from spin(_:) at "
        + "Exercises/01-first-step/Model.swift:5")
  }
}
