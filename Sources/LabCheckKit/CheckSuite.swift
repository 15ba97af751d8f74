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
}

/// The checks of one exercise, run by its check executable and reported in lines the `lab`
/// command reads:
///
///     LAB-CHECK pass <name>
///     LAB-CHECK fail <name> :: <what went wrong>
///     LAB-RESULT pass|fail
///
/// Each check runs in turn, on the main actor. A check that crashes or hangs takes the process
/// with it; `lab` reports that, with the name of the check that was running (printed as
/// `LAB-RUNNING <name>` before each check).
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
        emit("LAB-CHECK fail \(name) :: \(message.replacingOccurrences(of: "\n", with: " "))")
      }
    }
    emit("LAB-RESULT \(failures == 0 ? "pass" : "fail")")
    exit(failures == 0 ? 0 : 1)
  }

  private func emit(_ line: String) {
    print(line)
    fflush(nil)
  }
}
