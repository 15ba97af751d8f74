import CheckReporting

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

extension CheckOutcome {
  /// Runs `checks` in order: passes when all pass, otherwise fails with the first failure.
  public static func all(_ checks: [() async throws -> CheckOutcome]) async throws -> CheckOutcome {
    for check in checks {
      let outcome = try await check()
      guard outcome == .pass else { return outcome }
    }
    return .pass
  }
}
