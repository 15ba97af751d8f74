import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// A hang names where the learner's code was when the check was stopped: a real Swift program,
/// built here, stands in for a check executable, so that Swift's own backtracer answers.
@Suite("lab check: a hang names the learner's code it never returned from")
struct HangReportTests {
  /// The learner's file of the stand-in: a loop that never ends (`spin`), and an await whose
  /// continuation is never resumed (`load`). Each tells the stand-in's `main.swift` once its
  /// hang is reached (`reachedTheHang`), from line 5 for the loop.
  static let learnerFile = """
    import Foundation

    func spin(_ start: Int) -> Int {
      var value = start
      while value >= 0 { value = (value &* 31 &+ 7) & 0xffff; reachedTheHang() }
      return value
    }

    @MainActor func load() async {
      await withCheckedContinuation {
        kept.continuation = $0
        // Queued behind this job on the main queue, which is serial: it runs once the task has
        // suspended, when no thread is in this file any more.
        DispatchQueue.main.async(execute: reachedTheHang)
      }
    }

    """

  /// A function for the learner's file that blocks its thread on a semaphore nothing signals,
  /// at line 4 of its text; the stand-in runs it when the file `waits` exists.
  static let waitingFunction = """
    func waitForAnswer() {
      let answer = DispatchSemaphore(value: 0)
      DispatchQueue.global().async(execute: reachedTheHang)
      answer.wait()
    }

    """

  /// The stand-in's own code, outside the learner's folder, as a check's `main.swift` is.
  static let checkMain = """
    import Foundation

    final class Kept: @unchecked Sendable { var continuation: CheckedContinuation<Void, Never>? }
    let kept = Kept()

    // Set by one thread only: the spinning one, or the main queue.
    nonisolated(unsafe) var told = false

    /// Tells `timeout`, this program's parent, that the hang is reached: SIGALRM is the signal of
    /// its own timer, so it stops this program now as it would at its time limit (coreutils,
    /// src/timeout.c, `cleanup`). The test's verdict rests on that, never on the limit.
    func reachedTheHang() {
      guard !told else { return }
      told = true
      kill(getppid(), SIGALRM)
    }

    print("LAB-RUNNING the model loads")
    fflush(nil)
    if FileManager.default.fileExists(atPath: "spin") {
      DispatchQueue.global().async { _ = spin(3) }
    } else if FileManager.default.fileExists(atPath: "waits") {
      DispatchQueue.global().async { waitForAnswer() }
    } else {
      Task { @MainActor in await load() }
    }
    dispatchMain()

    """

  /// A limit far above the time a stand-in takes to reach its hang: only a net, since the
  /// stand-in has `timeout` stop it once there.
  static let limit = "120"

  /// A fake lab whose check executable for exercise 1 is the stand-in, built from
  /// `Exercises/01-first-step/Model.swift` so that its frames point there.
  static func lab(waits: Bool = false) throws -> FakeLab {
    let lab = try FakeLab()
    try lab.write(
      "Exercises/01-first-step/Model.swift", learnerFile + (waits ? waitingFunction : ""))
    try lab.write("StandIn/main.swift", checkMain)
    // Without the waiting function in the learner's file, the stand-in calls a stub of its own.
    let stub = waits ? [] : ["StandIn/NoWait.swift"]
    try lab.write("StandIn/NoWait.swift", "func waitForAnswer() {}\n")
    let swiftc = try #require(ProcessRunner.executable(named: "swiftc"))
    let build = try ProcessRunner.run(
      swiftc,
      ["-g", "-Onone", "Exercises/01-first-step/Model.swift", "StandIn/main.swift"] + stub
        + ["-o", ".build-lab/debug/Step01Check"],
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
    #expect(lab.run("check", "1", "--timeout", Self.limit) == 1)
    #expect(
      lab.printed.contains("hung while checking \"the model loads\": stopped after \(Self.limit) s")
    )
    #expect(lab.printed.contains("your code had not returned from:"))
    // The loop is all on line 5: wherever the signal finds it, that is the line (followed by the
    // call it was in, if it was still telling), unless the instruction it stopped at maps to no
    // line at all (then the backtracer gives none).
    let file = "        spin(_:) at Exercises/01-first-step/Model.swift"
    let place = try #require(lab.lines.all.first { $0.hasPrefix(file) })
    #expect(place == file + ":5" || place.hasPrefix(file + ":5, in ") || place == file)
    #expect(!lab.printed.contains("it never finished"))
  }

  @Test(
    "An await that is never resumed leaves no thread in the learner's code, and says so",
    .enabled(if: ExerciseChecker.hangStopper != nil, "needs GNU timeout to stop with SIGQUIT"))
  func hangInAnAwait() throws {
    let lab = try Self.lab()
    #expect(lab.run("check", "1", "--timeout", Self.limit) == 1)
    #expect(lab.printed.contains("hung while checking \"the model loads\""))
    #expect(lab.printed.contains("no thread was in your code when it was stopped"))
    #expect(!lab.printed.contains("your code had not returned from:"))
  }

  @Test(
    "A thread blocked in a semaphore wait names the learner's line that waits",
    .enabled(if: ExerciseChecker.hangStopper != nil, "needs GNU timeout to stop with SIGQUIT"))
  func hangInASemaphoreWait() throws {
    let lab = try Self.lab(waits: true)
    try lab.write("waits", "")
    #expect(lab.run("check", "1", "--timeout", Self.limit) == 1)
    // The wait is on line 4 of the waiting function, after the learner's file's 16 lines.
    let line = "Exercises/01-first-step/Model.swift:\(16 + 4)"
    // Named either way: by the source scan, since the backtrace cannot see past the wait (today),
    // or by the backtrace, if the stop found the thread still on its way into the wait.
    let byScan = lab.printed.contains("your code waits at:\n        \(line): .wait")
    let byBacktrace = lab.printed.contains("waitForAnswer() at \(line)")
    #expect(byScan || byBacktrace, "\(lab.printed)")
    #expect(!lab.printed.contains("no thread was in your code"))
  }

  @Test("The calls that block a thread are found by token, not in comments or strings")
  func blockingCalls() {
    let source = """
      // semaphore.wait() in a comment is none
      let note = "lock.lock() in a string is none either"
      group.wait()
      lock.lock(); defer { lock.unlock() }
      DispatchQueue.main.sync { waitForAnswer() }
      _ = group.wait(timeout: .now() + 1)
      """
    let calls = BlockingWaits.calls(in: source).map { "\($0.line): \($0.name)" }
    #expect(calls == ["3: wait", "4: lock", "5: sync", "6: wait"])
  }

  @Test(
    "The check's shell leads a process group of its own, which the lab ends after the backtrace",
    .enabled(if: ExerciseChecker.hangStopper != nil, "the group matters where timeout stops"))
  func shellLeadsItsGroup() throws {
    let run = try ProcessRunner.run("/bin/sh", ["-c", "ps -o pgid= -p $$; echo $$"])
    let ids = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(ids.count == 2 && ids[0] == ids[1], "\(run.output)")
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
