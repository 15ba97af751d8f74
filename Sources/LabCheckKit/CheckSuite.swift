import CoffeeScenarios
import Foundation

/// The result of one check.
public enum CheckOutcome: Sendable, Equatable {
  case pass
  /// The check failed; the text says what was expected and what was found.
  case fail(String)

  /// Fails with `message` unless `condition` holds.
  public static func expect(_ condition: Bool, _ message: @autoclosure () -> String) -> CheckOutcome
  {
    condition ? .pass : .fail(message())
  }

  /// Fails unless `actual` equals `expected`, saying `summary` and then both values on lines of
  /// their own, which `lab` prints side by side. Values read as `ReadableDescription` writes
  /// them: optionals unwrapped, sets and dictionaries in a stable order.
  public static func expect<Value: Equatable>(
    _ actual: Value, equals expected: Value, _ summary: @autoclosure () -> String
  ) -> CheckOutcome {
    actual == expected
      ? .pass
      : .fail(
        """
        \(summary())
        expected: \(ReadableDescription.of(expected))
        actual: \(ReadableDescription.of(actual))
        """)
  }
}

/// The checks of one exercise, run by its check executable and reported in lines the `lab`
/// command reads:
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

  public init() {}

  /// Adds a check. `name` is what the exercise metadata and the learner see.
  public func check(_ name: String, _ body: @escaping @MainActor () async throws -> CheckOutcome) {
    checks.append((name, body))
  }

  /// Runs every check, prints the results, and exits: 0 when all pass, 1 otherwise.
  public func run() async -> Never {
    var failures = 0
    for (name, body) in checks {
      emit("LAB-RUNNING \(name)")
      let outcome: CheckOutcome
      do {
        outcome = try await body()
      } catch {
        outcome = .fail("the check threw: \(error)")
      }
      switch outcome {
      case .pass:
        emit("LAB-CHECK pass \(name)")
      case .fail(let message):
        failures += 1
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        emit("LAB-CHECK fail \(name) :: \(lines.first ?? "")")
        for line in lines.dropFirst() where !line.isEmpty { emit("LAB-DETAIL \(line)") }
      }
    }
    emit("LAB-RESULT \(failures == 0 ? "pass" : "fail")")
    exit(failures == 0 ? 0 : 1)
  }

  /// Tells `lab` what the running check waits for next, so that if it never comes, the hang is
  /// reported as "waiting for <what>" rather than as a bare time-out. Call it before an await
  /// that depends on the learner's code.
  public nonisolated static func waiting(for what: String) {
    emit("LAB-WAITING \(what)")
  }

  private nonisolated static func emit(_ line: String) {
    print(line)
    fflush(nil)
  }

  private func emit(_ line: String) {
    Self.emit(line)
  }
}
