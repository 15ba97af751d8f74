import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// Verdicts of check processes that crash: a check that failed before the crash keeps its
/// failure, and a crash of an unsafe continuation names the learner's call, not the allocator.
@Suite("lab: verdicts that survive a crash")
struct CrashVerdictTests {
  @Test("A check that failed and then crashed counts as failing that check, in check and verify")
  func failureBeforeCrashCounts() throws {
    let lab = try FakeLab()
    // The wrong answer fails its named check ("it works"), then the next check crashes: the way
    // 12-swift-6-mode/unchecked-sendable-box once ended in CI.
    try lab.writeWrongAnswer(exercise: "01-first-step", Behaviour.failsThenCrashes)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1") == 0)

    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.failsThenCrashes)
    #expect(lab.run("check", "1") == 1)
    let printed = lab.printed
    #expect(printed.contains("✗ it works"))
    #expect(printed.contains("the handler is called from another thread"))
    #expect(printed.contains("crashed while checking \"every scenario holds\""))
    #expect(printed.contains("1 check had failed before it"))
  }

  @Test("Runs that fail the named check agree whether or not they crash afterwards")
  func crashAfterFailureIsTheSameAnswer() throws {
    let lab = try FakeLab()
    // Every run fails the named check; every other run also crashes in the next check.
    try lab.writeWrongAnswer(
      exercise: "01-first-step",
      """
      count=$(cat crash-count 2>/dev/null || echo 0)
      count=$((count + 1))
      echo $count > crash-count
      if [ $((count % 2)) -eq 1 ]; then
      \(Behaviour.failsThenCrashes)
      fi
      \(Behaviour.failsOneCheck)
      """)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1", "--repeat", "2") == 0)
    #expect(!lab.printed.contains("verdicts differ between runs"))
  }

  @Test("A crash with no check failed before it is still only a crash")
  func crashAloneIsACrash() {
    let verdict = Verdict.crashed(
      CrashReport(
        message: "Aborted",
        checksBefore: [Verdict.CheckLine(name: "it builds", passed: true, detail: nil)]),
      check: "it works")
    #expect(verdict.failureNames == ["crash"])
    #expect(!verdict.isSameAnswer(as: .failed([])))
    let afterFailure = Verdict.crashed(
      CrashReport(
        message: "Aborted",
        checksBefore: [Verdict.CheckLine(name: "it works", passed: false, detail: "wrong")]),
      check: "it still works")
    #expect(afterFailure.failureNames == ["it works", "crash"])
    #expect(afterFailure.isSameAnswer(as: .failed([])))
    #expect(afterFailure.summary.hasPrefix("fail: it works, then crashed"))
  }

  @Test(
    "An unsafe continuation resumed twice names the learner's call and the checked form, not the allocator"
  )
  func unsafeContinuationCrash() throws {
    let lab = try FakeLab()
    try lab.write(
      "Exercises/01-first-step/Model.swift",
      """
      // withUnsafeContinuation in a comment does not count
      func load() async {
        await withUnsafeContinuation { continuation in
          continuation.resume()
          continuation.resume()
        }
      }

      """)
    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.crashesInTheAllocator)
    #expect(lab.run("check", "1") == 1)
    let printed = lab.printed
    #expect(
      printed.contains(
        "your code uses an unsafe continuation at Exercises/01-first-step/Model.swift:3"))
    #expect(printed.contains("withCheckedContinuation"))
    #expect(!printed.contains("freed pointer was not the last allocation"))

    // The same crash with no unsafe continuation in the sources: the runtime's last words stay.
    let plain = try FakeLab()
    try plain.write("Exercises/01-first-step/Behaviour.swift", Behaviour.crashesInTheAllocator)
    #expect(plain.run("check", "1") == 1)
    #expect(plain.printed.contains("the last thing printed before it: freed pointer was not"))
    #expect(!plain.printed.contains("unsafe continuation"))
  }

  @Test("Checks run with unchecked continuations validated: a second resume stops with its words")
  func validatedUnsafeContinuation() throws {
    let lab = try FakeLab()
    try lab.write(
      "Exercises/01-first-step/Model.swift",
      "func load() async {\n  await withUnsafeContinuation { $0.resume() }\n}\n")
    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.crashesAtTheSecondResume)
    #expect(lab.run("check", "1") == 1)
    let printed = lab.printed
    #expect(printed.contains("the runtime: Resuming continuation for task"))
    #expect(printed.contains("unsafe continuation at Exercises/01-first-step/Model.swift:2"))
  }

  @Test("A crash with the runtime's own message keeps that message, unsafe continuation or not")
  func runtimeMessageWins() {
    let report = CrashReport(message: "Fatal error: SWIFT TASK CONTINUATION MISUSE: load()")
    #expect(report.hasRuntimeMessage)
    #expect(report.blaming(unsafeContinuationAt: "Exercises/x/A.swift:3").unsafeContinuation == nil)
    let silent = CrashReport(message: "Aborted", lastOutput: "freed pointer was not the last")
    #expect(
      silent.blaming(unsafeContinuationAt: "Exercises/x/A.swift:3").unsafeContinuation
        == "Exercises/x/A.swift:3")
  }
}

extension Behaviour {
  /// Fails the check the fake catalog's wrong answer names, then crashes in the next one before
  /// `LAB-RESULT`.
  static let failsThenCrashes = """
    echo "LAB-RUNNING it works"
    echo "LAB-CHECK fail it works :: the handler is called from another thread"
    echo "LAB-RUNNING every scenario holds"
    echo "Fatal error: Unexpectedly found nil while unwrapping an Optional value"
    kill -ILL $$

    """

  /// Dies the way a doubly resumed unsafe continuation did on this toolchain (Swift 6.3 on
  /// Linux): no runtime message, the allocator's complaint, then SIGABRT.
  static let crashesInTheAllocator = """
    echo "LAB-RUNNING the loader answers once"
    echo "freed pointer was not the last allocation"
    kill -ABRT $$

    """

  /// Dies the way it does when `lab` validates unchecked continuations: the runtime's words at
  /// the second resume, then SIGABRT. Fails unless `lab` set the switch.
  static let crashesAtTheSecondResume = """
    echo "LAB-RUNNING the loader answers once"
    if [ "$SWIFT_DEBUG_VALIDATE_UNCHECKED_CONTINUATIONS" != "1" ]; then
      echo "LAB-CHECK fail the loader answers once :: unchecked continuations not validated"
      echo "LAB-RESULT fail"
      exit 1
    fi
    echo "Resuming continuation for task 0x55a1fcde4970 that is not awaited (may have already been resumed)."
    kill -ABRT $$

    """
}
