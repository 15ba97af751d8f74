import CommandLineSupport
import Foundation
import RaceLab
import Testing

/// `race-lab explore`, run as a learner runs it: the built command, in a process of its own,
/// since the scheduler's executors are installed once per process, before any task (this test
/// process has its own). The timeouts are safety nets against a hang, never a verdict: a run's
/// verdict is decided by the schedules it explores, which do not depend on the machine's load.
@Suite("race-lab explore", .timeLimit(.minutes(5)))
struct ExploreCommandTests {
  /// The catalog entries of the before variant: those its scenarios can show.
  static let beforeEntries = ExplorationTarget.beforeVariantEntries.map(\.id)

  @Test("Every entry of the before variant carries the schedule that shows it, and only those")
  func everyBeforeEntryIsExplored() {
    #expect(Self.beforeEntries.count == 6)
    #expect(RaceCatalog.entries.filter { $0.explored != nil }.map(\.id) == Self.beforeEntries)
  }

  @Test(
    "Each entry's named schedule shows it, every time it is replayed",
    arguments: ExplorationTarget.beforeVariantEntries)
  func namedScheduleShowsEntry(_ entry: RaceEntry) throws {
    let explored = try #require(entry.explored)
    let arguments = Array(explored.command.split(separator: " ").dropFirst(3).map(String.init))
    let runs = try (0..<2).map { _ in try BuiltProduct.run("race-lab", arguments, timeout: 60) }
    #expect(runs.allSatisfy { $0.result.status == 1 }, "\(runs[0].output)")
    #expect(runs[0].output.contains("(\(entry.id))"), "\(runs[0].output)")
    #expect(runs[0].output == runs[1].output)
    // A symptom's schedule is replayed looking for symptoms alone, so the entry it names is a
    // broken expectation or invariant; a race-only schedule shows the race as unordered accesses.
    #expect(explored.command.hasSuffix("--symptoms-only") == explored.showsSymptom)
    if !explored.showsSymptom {
      #expect(runs[0].output.contains("a race seen (\(entry.id))"), "\(runs[0].output)")
    }
  }

  @Test(
    "Every entry of the before variant is found from the scenarios alone", arguments: beforeEntries)
  func findsEveryBeforeEntry(_ entry: String) throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", entry, "--bound", "2"], timeout: 120)
    #expect(result.status == 1, "explore exits 1 on a finding:\n\(output)")
    #expect(output.contains("(\(entry))"), "the finding names the entry:\n\(output)")
    #expect(output.contains("Replay exactly this run: swift run race-lab explore"))
  }

  @Test("The same command prints the same output, and the printed replay gives the same run")
  func sameOutputEveryRun() throws {
    let arguments = ["explore", "write-lost-at-suspension", "--bound", "1"]
    let first = try BuiltProduct.run("race-lab", arguments, timeout: 120)
    let second = try BuiltProduct.run("race-lab", arguments, timeout: 120)
    #expect(first.output == second.output)
    let replayLine = try #require(
      first.output.components(separatedBy: "\n").first { $0.contains("Replay exactly this run") })
    let replayArguments = Array(
      replayLine.components(separatedBy: "swift run race-lab ")[1].split(separator: " ").map(
        String.init))
    let replays = try (0..<3).map { _ in
      try BuiltProduct.run("race-lab", replayArguments, timeout: 60)
    }
    #expect(replays.allSatisfy { $0.result.status == 1 })
    #expect(Set(replays.map(\.output)).count == 1, "three replays, one output")
    // The replay draws the same lanes as the search's finding (which also marks the entry's
    // racing accesses, `!` where the replay, naming no entry, draws `●`).
    let lanes = { (text: String) in
      text.components(separatedBy: "\n")
        .filter { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
        .map {
          $0.replacingOccurrences(of: "!", with: "●").replacingOccurrences(of: "  race", with: "")
        }
    }
    #expect(lanes(first.output) == lanes(replays[0].output))
  }

  @Test("The after variant breaks nothing in any schedule within one deviation")
  func afterVariantSurvives() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "all", "--variant", "after", "--bound", "1"], timeout: 240)
    #expect(result.status == 0, "\(output)")
    #expect(output.contains("No schedule broke anything"))
  }

  @Test(
    "The after variant keeps every rule in its interleavings within one deviation, no race seen")
  func afterVariantSurvivesInterleavings() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "interleavings", "--variant", "after", "--bound", "1"],
      timeout: 240)
    #expect(result.status == 0, "\(output)")
    #expect(output.contains("No schedule broke anything"))
  }

  @Test(
    "The after variant keeps every rule in the generated scenarios within one deviation")
  func afterVariantSurvivesGeneratedScenarios() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "generated", "--variant", "after", "--bound", "1"], timeout: 280)
    #expect(result.status == 0, "\(output)")
    #expect(output.contains("No schedule broke anything"), "\(output)")
  }

  @Test(
    "The before variant breaks a rule in a generated scenario in its default order, shrunk to the steps that still break it, which replay"
  )
  func beforeVariantFailsGeneratedScenarios() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "generated", "--bound", "0", "--symptoms-only"], timeout: 120)
    #expect(result.status == 1, "\(output)")
    #expect(output.contains("Found after"), "\(output)")
    // Seed 2's six drawn steps: without the first two, the overlapping loads still list a
    // sample twice; without any of the four left, they do not (each search is deterministic).
    #expect(output.contains("Shrunk from 6 drawn steps to 4"), "\(output)")
    let replay = "swift run race-lab explore generated-2-without-1-2+in-flight --variant before"
    #expect(output.contains(replay), "\(output)")
    let (replayed, again) = try BuiltProduct.run(
      "race-lab",
      [
        "explore", "generated-2-without-1-2+in-flight", "--schedule", "default", "--symptoms-only",
      ], timeout: 120)
    #expect(replayed.status == 1, "\(again)")
    #expect(again.contains("no drink is listed twice: 1 duplicated drink"), "\(again)")
  }

  @Test(
    "The scenarios written for exploration: 600 seeded PCT runs of depth 3 on the after variant")
  func afterVariantSurvivesDeeperRuns() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab",
      [
        "explore", "interleavings", "--variant", "after", "--policy", "pct", "--depth", "3",
        "--seeds", "600",
      ], timeout: 240)
    #expect(result.status == 0, "\(output)")
    #expect(output.contains("No sampled schedule broke anything: 600 schedules run"), "\(output)")
  }

  @Test(
    "A sample that arrives at one chosen moment among overlapping loads is listed twice, before")
  func meanwhileStepFindsOverlappingLoads() throws {
    let arguments = ["explore", "loads-overlap+in-flight", "--bound", "1", "--symptoms-only"]
    let (result, output) = try BuiltProduct.run("race-lab", arguments, timeout: 120)
    #expect(result.status == 1, "\(output)")
    #expect(output.contains("no drink is listed twice"), "\(output)")
    // One deviation: the sample's timer fired among the loads, not once the app was still.
    #expect(output.contains("(1 deviation from the default order"), "\(output)")
  }

  @Test("A symptom, not only a race seen: the lost save needs a deviation, and is found")
  func symptomNeedsDeviation() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab",
      ["explore", "add-drink-active", "--symptoms-only", "--bound", "1"], timeout: 120)
    #expect(result.status == 1, "\(output)")
    #expect(!output.contains("Schedule: default"), "the default order shows nothing:\n\(output)")
  }

  @Test("A seeded PCT sample finds the lost save, and prints a schedule that replays it")
  func sampledFindingReplays() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "saved-value-race", "--policy", "pct", "--seeds", "300"],
      timeout: 120)
    #expect(result.status == 1, "\(output)")
    let replayLine = try #require(
      output.components(separatedBy: "\n").first { $0.contains("Replay exactly this run") })
    let replayArguments = replayLine.components(separatedBy: "swift run race-lab ")[1]
      .split(separator: " ").map(String.init)
    let replay = try BuiltProduct.run("race-lab", replayArguments, timeout: 60)
    #expect(replay.result.status == 1)
    #expect(replay.output.contains("(saved-value-race)"), "\(replay.output)")
  }

  @Test("Bad input: an unknown target, a malformed schedule, a bound out of range exit 2")
  func badInput() throws {
    for arguments in [
      ["explore", "no-such-thing"], ["explore", "first-launch", "--schedule", "x"],
      ["explore", "first-launch", "--bound", "99"], ["explore"],
      ["explore", "first-launch", "--policy", "sometimes"],
    ] {
      let (result, _) = try BuiltProduct.run("race-lab", arguments, timeout: 60)
      #expect(result.status == 2, "\(arguments)")
    }
  }
}

/// "A race seen" is two accesses to one variable, at least one a write, that nothing orders:
/// never two accesses to different variables, as the marks alone would pair them.
@Suite("A race seen is one variable", .timeLimit(.minutes(5)))
struct RaceSeenTests {
  @Test(
    "Two authorization callbacks race on isAuthorized; the query's callback is another variable")
  func healthStateRaceNamesOneVariable() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "health-state-on-callback-queues", "--bound", "0"], timeout: 120)
    #expect(result.status == 1, "\(output)")
    let finding = output.replacingOccurrences(of: "\n    ", with: " ")
    #expect(finding.contains("both access isAuthorized, one of them writing"), "\(output)")
    #expect(!finding.contains("\"query callback runs\" on"), "\(output)")
  }

  @Test("The saved-value race pairs the model's list written on main with its read for the save")
  func savedValueRaceNamesOneVariable() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "saved-value-race", "--bound", "0"], timeout: 120)
    #expect(result.status == 1, "\(output)")
    let finding = output.replacingOccurrences(of: "\n    ", with: " ")
    #expect(finding.contains("both access currentDrinks"), "\(output)")
  }

  @Test("A write that must end before the background task is completed is an order, not a race")
  func writeLostAtSuspensionIsAnOrder() throws {
    let (result, output) = try BuiltProduct.run(
      "race-lab", ["explore", "write-lost-at-suspension", "--bound", "0"], timeout: 120)
    #expect(result.status == 1, "\(output)")
    #expect(output.contains("an order nothing guarantees (write-lost-at-suspension)"), "\(output)")
    #expect(!output.contains("a race seen"), "\(output)")
  }
}

/// What an audience sees: a finding and its printed replay draw the same rows and marks, and the
/// prose fits the terminal's width (a command to copy is printed whole, on a line of its own).
@Suite("race-lab explore on screen", .timeLimit(.minutes(5)))
struct ExploreOnScreenTests {
  static func lines(_ arguments: [String], columns: Int) throws -> [String] {
    let (_, output) = try BuiltProduct.run(
      "race-lab", arguments, environment: ["COLUMNS": "\(columns)", "NO_COLOR": "1"],
      timeout: 120)
    return output.components(separatedBy: "\n")
  }

  @Test("Every line of a finding fits 80 columns, or COLUMNS, but the command that replays it")
  func fitsTheWidth() throws {
    for columns in [80, 60] {
      let lines = try Self.lines(["explore", "saved-value-race", "--bound", "0"], columns: columns)
      let tooWide = lines.filter { $0.count > columns && !$0.contains("swift run race-lab") }
      #expect(tooWide.isEmpty, "\(columns) columns: \(tooWide)")
    }
  }

  @Test("The printed replay draws the racing rows and the key the finding drew")
  func replayDrawsTheSameMarks() throws {
    let found = try Self.lines(["explore", "saved-value-race", "--bound", "0"], columns: 80)
    let replayLine = try #require(found.first { $0.contains("Replay exactly this run") })
    let arguments = replayLine.components(separatedBy: "swift run race-lab ")[1]
      .split(separator: " ").map(String.init)
    let replayed = try Self.lines(arguments, columns: 80)
    let racingRows = { (lines: [String]) in lines.filter { $0.hasSuffix("  race") } }
    #expect(!racingRows(found).isEmpty)
    #expect(racingRows(replayed) == racingRows(found))
    #expect(replayed.contains { $0.contains("! a racing access") })
  }
}
