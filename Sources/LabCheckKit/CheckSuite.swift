import CheckReporting
import Foundation

/// The checks of one exercise, run by its check executable and reported in the lines the `lab`
/// command reads, which `CheckReport` defines:
///
///     LAB-RUNNING <name>
///     LAB-WAITING <what>                 (optional, see `waiting(for:)`)
///     LAB-CHECK pass <name>
///     LAB-CHECK fail <name> :: <what went wrong, its first line>
///     LAB-DETAIL <each further line>     (`expected: …` and `actual: …` are shown side by side)
///     LAB-RESULT pass|fail
///
/// Each check runs in turn, on the main actor. A check that crashes or hangs takes the process
/// with it; `lab` reports that, with the name of the check that was running (printed as
/// `LAB-RUNNING <name>` before each check) and what it last said it was waiting for.
@MainActor
public final class CheckSuite {
  private var checks: [(name: String, body: @MainActor () async throws -> CheckOutcome)] = []
  /// What the running check asked to say under its line, passed or failed (`note(_:)`).
  private static var notes: [String] = []

  public init() {}

  /// The names of the checks added so far, in order.
  public var names: [String] { checks.map(\.name) }

  /// Adds a check. `name` is what the exercise metadata and the learner see.
  public func check(_ name: String, _ body: @escaping @MainActor () async throws -> CheckOutcome) {
    checks.append((name, body))
  }

  /// Runs every check (or the one `LAB_ONLY_CHECK` names), prints the results, and exits: 0
  /// when all pass, 1 otherwise.
  public func run() async -> Never {
    // `lab check N --schedule …` on a check that explores nothing would run the usual checks and
    // pass, as if the schedule had been replayed: say so instead.
    if let replay = ExploringChild.replay, !ExploringChild.isExploring {
      let name = "replay the schedule \(replay)"
      Self.emit(CheckReport.Tag.running.line(name))
      Self.emit(
        CheckReport.failLine(
          name: name,
          message: "this exercise's check explores no schedules, so it has none to replay: "
            + "--schedule takes the one an exploring check's failure prints"))
      Self.emit(CheckReport.resultLine(passed: false))
      exit(1)
    }
    let only = ProcessInfo.processInfo.environment[LabEnvironment.onlyCheck] ?? ""
    let passed = await report(only: only.isEmpty ? nil : only) { Self.emit($0) }
    exit(passed ? 0 : 1)
  }

  /// Runs every check in turn (or only the one named `only`) and hands each line of the report
  /// to `output`; true when every check run passed. A check that throws fails, with the error
  /// as its message.
  public func report(only: String? = nil, to output: (String) -> Void) async -> Bool {
    var failures = 0
    for (name, body) in checks where only == nil || name == only {
      output(CheckReport.Tag.running.line(name))
      let outcome: CheckOutcome
      do {
        outcome = try await body()
      } catch {
        outcome = .fail("the check threw: \(error)")
      }
      let notes = Self.notes
      Self.notes = []
      switch outcome {
      case .pass:
        output(CheckReport.passLine(name: name))
        for note in notes { output(CheckReport.Tag.detail.line(note)) }
      case .fail(let message):
        failures += 1
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        output(CheckReport.failLine(name: name, message: lines.first ?? ""))
        for line in lines.dropFirst() where !line.isEmpty {
          output(CheckReport.Tag.detail.line(String(line)))
        }
        for note in notes { output(CheckReport.Tag.detail.line(note)) }
      }
    }
    output(CheckReport.resultLine(passed: failures == 0))
    return failures == 0
  }

  /// Says `text` under the running check's line, whether it passes or fails: what it could not
  /// do, such as a check that ran without exploring.
  public static func note(_ text: String) {
    notes.append(text)
  }

  /// Tells `lab` what the running check waits for next, so that if it never comes, the hang is
  /// reported as "waiting for <what>" rather than as a bare time-out. Call it before an await
  /// that depends on the learner's code.
  public nonisolated static func waiting(for what: String) {
    emit(CheckReport.Tag.waiting.line(what))
  }

  private nonisolated static func emit(_ line: String) {
    print(line)
    fflush(nil)
  }
}
