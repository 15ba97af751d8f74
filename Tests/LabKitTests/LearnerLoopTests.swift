import CommandLineSupport
import Foundation
import Testing

@testable import LabKit

/// The learner's loop through the `lab` command, on a fake lab whose check executables print
/// what each test needs: names, verdicts, crashes, hangs, what comes next, watch, solution,
/// reset, help, and repeated verification.
@Suite("lab command: the learner loop")
struct LearnerLoopTests {
  @Test("Katas are named by track and number, as the READMEs write them, and listed that way")
  func kataNames() throws {
    let lab = try FakeLab()
    let catalog = try ExerciseCatalog.load(root: lab.root)
    #expect(try catalog.exercise(named: "apod/1").id == "apod-01-group-by-period")
    #expect(try catalog.exercise(named: "apod/2").id == "apod-02-actor-client")
    #expect(try catalog.exercise(named: "appstore/1").id == "store-01-continuation-loader")
    #expect(try catalog.exercise(named: "store/1").id == "store-01-continuation-loader")
    #expect(try catalog.exercise(named: "apod-02").id == "apod-02-actor-client")
    #expect(try catalog.exercise(named: "2").id == "02-second-step")
    #expect(throws: UsageError.self) { try catalog.exercise(named: "apod/9") }
    #expect(lab.run("check", "apod/9") == 2)

    #expect(lab.run("list") == 0)
    for name in ["1", "2", "apod/1", "apod/2", "appstore/1"] {
      #expect(lab.lines.all.contains { $0.contains(" \(name) ") }, "list never shows \(name)")
    }
    #expect(lab.run("check", "apod/2") == 0)
    #expect(lab.printed.contains("Exercise apod/2 · apod-02-actor-client"))
  }

  @Test("The real catalog's katas answer to apod/1, apod/4 and appstore/1")
  func realKataNames() throws {
    let catalog = try ExerciseCatalog.load(root: LabKitTests.packageRoot)
    #expect(try catalog.exercise(named: "apod/1").id.hasPrefix("apod-01-"))
    #expect(try catalog.exercise(named: "apod/4").id.hasPrefix("apod-04-"))
    #expect(try catalog.exercise(named: "appstore/1").id.hasPrefix("store-01-"))
    #expect(try catalog.exercise(named: "store/1").id.hasPrefix("store-01-"))
    for exercise in catalog.allExercises {
      #expect(try catalog.exercise(named: catalog.shortName(of: exercise)) == exercise)
    }
  }

  @Test("A pass counts the solved exercises and names the next one and its command")
  func passSaysWhatIsNext() throws {
    let lab = try FakeLab()
    #expect(lab.run("check", "1") == 0)
    #expect(lab.printed.contains("1 of 5 exercises solved (1 of 2 in coffee)."))
    #expect(lab.printed.contains("Next: 2 · The second step"))
    #expect(lab.printed.contains("swift run lab next 2"))
  }

  @Test("Next is the next unsolved step of the same track, in order; another track once it is done")
  func nextStaysInTrack() throws {
    let lab = try FakeLab()
    // apod/2 is the apod track's last step; apod/1 is still open, and so is appstore/1.
    #expect(lab.run("check", "apod/2") == 0)
    #expect(lab.printed.contains("Next: apod/1 · Group by period"))
    #expect(!lab.printed.contains("Next: appstore/1"))
    // Step 2 before step 1: back to step 1, not on to another track.
    #expect(lab.run("check", "2") == 0)
    #expect(lab.printed.contains("Next: 1 · The first step"))
    // The coffee track done: the next track's first open step.
    #expect(lab.run("check", "1") == 0)
    #expect(lab.lines.all.last { $0.hasPrefix("Next: ") } == "Next: apod/1 · Group by period")
  }

  @Test("list points past a current exercise once it is solved, to the next step of its track")
  func listAfterSolvingCurrent() throws {
    let lab = try FakeLab()
    #expect(lab.run("next", "1") == 0)
    #expect(lab.run("list") == 0)
    #expect(lab.printed.contains("Current: 1 (01-first-step). Next step: swift run lab check"))
    #expect(lab.run("check") == 0)
    #expect(lab.run("list") == 0)
    #expect(
      lab.lines.all.last { $0.hasPrefix("Current: ") }
        == "Current: 1 (01-first-step), solved. Next: 2 · The second step: swift run lab next 2")
  }

  @Test("A failure shows expected and actual side by side, marking the rows that differ")
  func failureSideBySide() throws {
    let lab = try FakeLab()
    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.failsOneCheck)
    #expect(lab.run("check", "1") == 1)
    let rows = lab.lines.all
    #expect(rows.contains { $0.contains("the background task is not completed as it should be") })
    let differing = try #require(rows.first { $0.contains("≠") })
    #expect(differing.contains("task 2 completed once"))
    #expect(differing.contains("│ task 2 never completed"))
    #expect(
      rows.contains {
        $0.contains("  task 1 completed once reporting success") && !$0.contains("≠")
      })
    #expect(lab.printed.contains("swift run lab hint 1"))
  }

  @Test("A crash shows the runtime's message and the learner's own line, as a wrong answer")
  func crashReport() throws {
    let lab = try FakeLab()
    try lab.write(
      "Exercises/01-first-step/Behaviour.swift",
      Behaviour.crashesResumingTwice(in: "Exercises/01-first-step"))
    #expect(lab.run("check", "1") == 1)
    let printed = lab.printed
    #expect(printed.contains("crashed while checking \"the continuation is resumed once\""))
    #expect(printed.contains("Fatal error: SWIFT TASK CONTINUATION MISUSE: load() tried to resume"))
    #expect(
      printed.contains(
        "in your code: closure #1 in load() at Exercises/01-first-step/Model.swift:16"))
    #expect(printed.contains("calling: CheckedContinuation.resume"))
    #expect(printed.contains("this answer is wrong"))
    #expect(!printed.contains("Backtrace took"))
    #expect(!printed.contains("not a wrong answer"))
  }

  @Test(
    "A crash without a message, such as a wrong MainActor.assumeIsolated, says how it died and where"
  )
  func crashWithoutMessage() {
    let output = """
      LAB-RUNNING the model is updated on the main actor

      *** Signal 4: Backtracing from 0x7f94f83442a2... done ***

      *** Program crashed: Illegal instruction at 0x00007f94f83442a2 ***

      Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

      Thread 1 crashed:

        0               0x00007f94f83442a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
        1 [ra]          0x00007f94f83449f7 dispatch_assert_queue.cold.1 + 102 in libdispatch.so
        2 [ra]          0x00007f94f834ec47 dispatch_assert_queue + 118 in libdispatch.so
        3 [ra]          0x00007f94f847c2e3 _swift_task_checkIsolatedSwift + 18 in libswift_Concurrency.so
        4 [ra]          0x00007f94f84c3eaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
        5 [ra] [system] 0x00005651fe725fb8 static MainActor.assumeIsolated<A>(_:file:line:) + 87 in Step05Check at //<compiler-generated>
        6 [ra]          0x00005651fe726945 CoffeeData.update() + 84 in Step05Check at /home/me/lab/.lab/overlays/05-model/CoffeeData.swift:5:13
        7 [ra]          0x00007f94f77795f9 Thread.main() + 24 in libFoundation.so
      ...

      Backtrace took 0.02s
      """
    let report = CheckOutputParser.crashReport(in: output, sourceFolder: ".lab/overlays/05-model")
    #expect(report.message == "Illegal instruction")
    #expect(report.lastOutput == nil)
    #expect(
      report.learnerFrame == "CoffeeData.update() at .lab/overlays/05-model/CoffeeData.swift:5")
    #expect(report.calledAPI == "MainActor.assumeIsolated(_:file:line:)")
  }

  @Test("A crash with a message but no fatal error, such as an unsafe continuation resumed twice")
  func crashWithRuntimeWords() {
    let output = """
      LAB-RUNNING the continuation is resumed once
      freed pointer was not the last allocationswift-runtime: failed to suspend thread 20439 while processing a crash; backtraces will be missing information

      *** Signal 6: Backtracing from 0x7f74624cfeec... done ***

      *** Program crashed: Aborted at 0x0000000000004fcd ***

      Thread 1 "oot.default-qos" crashed:

        0  0x00007f74624cfeec __pthread_kill_implementation + 268 in libc.so.6
      ...

      Backtrace took 0.01s
      """
    let report = CheckOutputParser.crashReport(in: output, sourceFolder: "Exercises/01-x")
    #expect(report.message == "Aborted")
    #expect(report.lastOutput == "freed pointer was not the last allocation")
    #expect(report.learnerFrame == nil)
  }

  @Test("A hang names the check and what it was waiting for")
  func hangSaysWhat() throws {
    let lab = try FakeLab()
    try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.hangs)
    #expect(lab.run("check", "1", "--timeout", "1") == 1)
    #expect(lab.printed.contains("hung while checking \"the loader answers\""))
    #expect(lab.printed.contains("waiting for the loader's completion handler"))
  }

  @Test("watch moves on when the exercise already passes, and starts each run under a timed rule")
  func watchMovesOnAtOnce() throws {
    let lab = try FakeLab()
    // Every exercise passes as it is: watch must move through them all and stop.
    #expect(lab.run("watch", "1") == 0)
    let rules = lab.lines.all.filter {
      $0.range(of: #"^── \d\d:\d\d:\d\d ─+$"#, options: .regularExpression) != nil
    }
    #expect(rules.count == 5)
    #expect(lab.printed.contains("Moving on to 2"))
    #expect(!lab.printed.contains("swift run lab next"))
    #expect(lab.printed.contains("Every exercise is solved."))
    let progress = Progress.load(root: lab.root)
    #expect(progress.solved.count == 5)
  }

  @Test("solution names the right check, shows a diff by default and whole files on request")
  func solutionDiff() throws {
    let lab = try FakeLab()
    try lab.commitEverything()
    #expect(lab.run("solution", "apod/2") == 1)
    #expect(lab.printed.contains("swift run lab check apod/2"))
    #expect(lab.run("solution", "apod/2", "--force") == 0)
    #expect(lab.printed.contains("\n+// the solution of apod-02-actor-client\n"))
    #expect(lab.printed.contains("\n-// the starter of apod-02-actor-client\n"))
    #expect(lab.run("solution", "apod/2", "--force", "--files") == 0)
    #expect(lab.lines.all.contains("== Solutions/apod-02-actor-client/Model.swift"))
  }

  @Test("reset says how to get the backup back, and that command does")
  func resetBackup() throws {
    let lab = try FakeLab()
    try lab.commitEverything()
    try lab.write("Exercises/01-first-step/Model.swift", "// my attempt\n")
    #expect(lab.run("reset", "1") == 0)
    #expect(
      try lab.read("Exercises/01-first-step/Model.swift") == "// the starter of 01-first-step\n")
    let restore = try #require(lab.lines.all.first { $0.hasPrefix("  cp .lab/backups/") })
    let result = try ProcessRunner.run("/bin/sh", ["-c", restore], in: lab.root)
    #expect(result.status == 0)
    #expect(try lab.read("Exercises/01-first-step/Model.swift") == "// my attempt\n")
  }

  @Test("help is a command: lab help, lab help CMD; an unknown topic is a usage error")
  func helpCommand() throws {
    let lab = try FakeLab()
    #expect(lab.run("help") == 0)
    #expect(lab.printed.contains("Commands:"))
    #expect(lab.run("help", "verify") == 0)
    #expect(lab.printed.contains("--repeat TIMES"))
    #expect(lab.run("help", "bogus") == 2)
    #expect(lab.run("bogus", "--help") == 2)
  }

  @Test("verify --only takes a list, in the catalog's order; an unknown name is a usage error")
  func verifyOnlyList() throws {
    let lab = try FakeLab()
    #expect(lab.run("verify", "--solutions", "--only", "apod-02-actor-client,1") == 0)
    #expect(lab.printed.contains("== Verifying solutions (2 exercises)"))
    let first = try #require(lab.printed.range(of: "01-first-step"))
    let second = try #require(lab.printed.range(of: "apod-02-actor-client ·"))
    #expect(first.lowerBound < second.lowerBound)
    #expect(lab.run("verify", "--only", "1,bogus") == 2)
  }

  @Test("verify --repeat fails a wrong answer whose verdict differs between runs")
  func verifyRepeats() throws {
    let lab = try FakeLab()
    #expect(lab.run("verify", "--wrong-answers", "--only", "1", "--repeat", "3") == 0)
    #expect(lab.printed.contains("(all 3 runs)"))
    // A wrong answer that fails every other run: a verdict that depends on the machine.
    try lab.writeWrongAnswer(
      exercise: "01-first-step",
      """
      count=$(cat flaky-count 2>/dev/null || echo 0)
      count=$((count + 1))
      echo $count > flaky-count
      if [ $((count % 2)) -eq 1 ]; then
      \(Behaviour.failsOneCheck)
      fi
      \(Behaviour.passes)
      """)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1", "--repeat", "2") == 1)
    #expect(lab.printed.contains("verdicts differ between runs"))
    #expect(lab.run("verify", "--repeat", "0") == 2)
  }

  @Test("verify --repeat accepts a wrong answer that fails its named check in every run")
  func verifyRepeatsNamedCheck() throws {
    let lab = try FakeLab()
    // Every run fails the named check; every other run, a real race breaks one more.
    try lab.writeWrongAnswer(
      exercise: "01-first-step",
      """
      count=$(cat race-count 2>/dev/null || echo 0)
      count=$((count + 1))
      echo $count > race-count
      echo "LAB-RUNNING it works"
      echo "LAB-CHECK fail it works :: lost an update"
      if [ $((count % 2)) -eq 1 ]; then echo "LAB-CHECK fail drinks are kept :: lost a drink"; fi
      echo "LAB-RESULT fail"
      exit 1
      """)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1", "--repeat", "2") == 0)
    #expect(!lab.printed.contains("verdicts differ between runs"))
    // The row says the runs differed, run by run, though it passes.
    #expect(lab.printed.contains("the runs failed different checks: run 1"))
  }

  @Test("verify --repeat shows every run when the named check fails in only some of them")
  func verifyRepeatsNamedCheckSometimes() throws {
    let lab = try FakeLab()
    // Every run fails a check, so the outcome agrees; the named one fails only every other run.
    try lab.writeWrongAnswer(
      exercise: "01-first-step",
      """
      count=$(cat sometimes-count 2>/dev/null || echo 0)
      count=$((count + 1))
      echo $count > sometimes-count
      echo "LAB-RUNNING it works"
      if [ $((count % 2)) -eq 1 ]; then echo "LAB-CHECK fail it works :: lost an update"; fi
      echo "LAB-CHECK fail drinks are kept :: lost a drink"
      echo "LAB-RESULT fail"
      exit 1
      """)
    #expect(lab.run("verify", "--wrong-answers", "--only", "1", "--repeat", "2") == 1)
    #expect(lab.printed.contains("the runs failed different checks: run 1"))
    #expect(!lab.printed.contains("(all 2 runs)"))
  }

  @Test("check --lanes asks the checks for the solution's lanes too, and only then")
  func checkLanes() throws {
    let lab = try FakeLab()
    let printsLanes = """
      echo "LAB-RUNNING lanes"
      if [ -n "$LAB_LANES" ]; then echo "LAB-CHECK fail lanes :: LAB_LANES=$LAB_LANES"; else echo "LAB-CHECK fail lanes :: no lanes"; fi
      echo "LAB-RESULT fail"
      exit 1

      """
    try lab.write("Exercises/01-first-step/Behaviour.swift", printsLanes)
    #expect(lab.run("check", "1") == 1)
    #expect(lab.printed.contains("no lanes"))
    #expect(lab.run("check", "1", "--lanes") == 1)
    #expect(lab.printed.contains("LAB_LANES=1"))
  }
}

/// What a learner at an 80-column terminal sees: prose wrapped between words, code kept; and
/// `watch` starting each new try on a cleared screen, on a terminal only.
@Suite("lab output on a terminal")
struct TerminalOutputTests {
  @Test("Failure details are wrapped to the width between words; a laid-out table is kept")
  func wrapsProse() throws {
    let lab = try FakeLab()
    let long = Array(repeating: "the background task is not completed", count: 4)
      .joined(separator: " and ")
    try lab.write(
      "Exercises/01-first-step/Behaviour.swift",
      Behaviour.failsOneCheck.replacingOccurrences(
        of: "the background task is not completed as it should be", with: long))
    func check(width: Int) -> [Substring] {
      let lines = Lines()
      let code = LabCommand(
        root: lab.root, output: Output(width: width) { text, _ in lines.append(text) },
        swiftExecutable: lab.root.appendingPathComponent("fake-swift").path
      ).run(["check", "1"])
      #expect(code == 1)
      return lines.all.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    }
    let printed = check(width: 80)
    #expect(printed.allSatisfy { $0.count <= 80 }, "\(printed.filter { $0.count > 80 })")
    // The message: on lines of its own under the check, each indented, every word whole.
    let start = try #require(printed.firstIndex { $0 == "  ✗ it works" }) + 1
    let message = printed[start...].prefix { $0.hasPrefix("      ") && !$0.contains(":") }
    #expect(message.count >= 2)
    #expect(message.flatMap { $0.split(separator: " ") } == long.split(separator: " "))
    // Too wide for a table at 80 columns: the values one above the other, each hanging under
    // its own start.
    let actual = try #require(printed.firstIndex { $0.hasPrefix("      actual:   [task 1") })
    #expect(printed[actual + 1] == String(repeating: " ", count: 16) + "completed]")
    // Wide enough, the side-by-side table is kept whole.
    let wide = check(width: 100)
    #expect(wide.contains { $0.contains("≠") && $0.contains("│ task 2 never completed") })
    #expect(wide.allSatisfy { $0.count <= 100 })
  }

  @Test("Help and the list of the real track fit 80 columns, every word whole")
  func helpAndListFit() throws {
    for arguments in [["help"], ["help", "check"], ["dev", "help"], ["list"]] {
      let lines = Lines()
      let plain = Lines()
      for (width, sink) in [(80, lines), (nil, plain)] {
        let code = LabCommand(
          root: LabKitTests.packageRoot,
          output: Output(width: width) { text, _ in sink.append(text) }
        ).run(arguments)
        #expect(code == 0)
      }
      let printed = lines.all.flatMap { $0.split(separator: "\n") }
      #expect(
        printed.allSatisfy { $0.count <= 80 }, "\(arguments): \(printed.filter { $0.count > 80 })")
      // The same words in the same order as unwrapped: only the line breaks moved.
      let words = { (lines: [String]) in
        lines.joined(separator: " ").split(whereSeparator: \.isWhitespace)
      }
      #expect(words(lines.all) == words(plain.all), "\(arguments)")
    }
  }

  @Test("watch clears the screen before a new try on a terminal, never when piped")
  func watchClears() throws {
    for isTerminal in [true, false] {
      let lab = try FakeLab()
      try lab.write("Exercises/01-first-step/Behaviour.swift", Behaviour.failsOneCheck)
      let lines = Lines()
      let watching = DispatchSemaphore(value: 0)
      let output = Output(isTerminal: isTerminal) { text, _ in
        lines.append(text)
        if text.hasPrefix("Watching Exercises/01-first-step/") { watching.signal() }
      }
      let root = lab.root
      let finished = DispatchSemaphore(value: 0)
      let result = Lines()
      Thread.detachNewThread {
        let command = LabCommand(
          root: root, output: output,
          swiftExecutable: root.appendingPathComponent("fake-swift").path)
        result.append("\(command.run(["watch", "1", "--interval", "0.05"]))")
        finished.signal()
      }
      // The learner fixes the exercise once watch waits for a change.
      #expect(watching.wait(timeout: .now() + 30) == .success)
      let file = "Exercises/01-first-step/Behaviour.swift"
      try lab.write(file, Behaviour.passes)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: 60)],
        ofItemAtPath: lab.root.appendingPathComponent(file).path)
      #expect(finished.wait(timeout: .now() + 30) == .success)
      #expect(result.all == ["0"])
      let all = lines.all
      let clears = all.indices.filter { all[$0] == "\u{1B}[2J\u{1B}[H" }
      if isTerminal {
        // Once: before the second try of exercise 1, not when moving on after a pass.
        #expect(clears.count == 1)
        let waited = try #require(all.firstIndex { $0.hasPrefix("Watching Exercises/") })
        #expect(clears.first == waited + 1)
      } else {
        #expect(clears.isEmpty)
        #expect(!all.contains { $0.contains("\u{1B}") })
      }
    }
  }
}
