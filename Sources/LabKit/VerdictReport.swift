import Foundation

/// Prints a verdict for the learner: what passed, what failed and why, expected and actual
/// values side by side, a crash in the runtime's words with the learner's line, a hang with what
/// it waited for.
struct VerdictReport {
  let output: Output
  /// The command that shows the next hint, offered on every failure.
  let hintCommand: String
  /// The width a side-by-side table may take.
  var width = 100

  init(output: Output, hintCommand: String) {
    self.output = output
    self.hintCommand = hintCommand
    width = output.width ?? 100
  }

  /// Whether a detail line is laid out in columns, by runs of spaces inside it or a table's
  /// rule: wrapping it would break its rows.
  static func isLaidOut(_ line: String) -> Bool {
    // `expected:` and `actual:` one above the other are values: wrapped, hanging under the value.
    if line.hasPrefix("expected:") || line.hasPrefix("actual:") { return false }
    return line.trimmingCharacters(in: .whitespaces).contains("  ") || line.contains("│")
  }

  func print(_ verdict: Verdict) {
    let stuck = "Stuck? \(hintCommand)"
    switch verdict {
    case .passed(let lines):
      for line in lines { output.good("  ✓ \(line.name)") }
      output.good("Solved: all \(lines.count) checks pass.")
    case .failed(let lines):
      printChecks(lines)
      let failing = lines.filter { !$0.passed }.count
      output.bad("Not yet: \(failing) of \(lines.count) checks fail. \(stuck)")
    case .doesNotCompile(let errors):
      output.bad("  ✗ does not compile:")
      for error in errors.prefix(8) { output.line("      \(error)") }
      if errors.count > 8 { output.line("      … and \(errors.count - 8) more errors") }
      output.bad("Fix the first error and check again. \(stuck)")
    case .crashed(let report, let check):
      // The checks that had ended first keep their verdicts: a failure stays a failure.
      printChecks(report.checksBefore)
      output.bad("  ✗ crashed" + (check.map { " while checking \"\($0)\"" } ?? "") + ":")
      output.line("      \(report.message)")
      if let unsafe = report.unsafeContinuation {
        // Resuming an unsafe continuation twice is undefined behaviour (UnsafeContinuation's
        // documentation, SE-0300): without the runtime's validation, which lab switches on, the
        // process dies later in words about memory, or not at all. A checked one always stops
        // at the second resume with "SWIFT TASK CONTINUATION MISUSE".
        if let said = report.lastOutput, said.contains("resumed") {
          output.line("      the runtime: \(said)")
        }
        output.line("      your code uses an unsafe continuation at \(unsafe):")
        output.line(
          "      nothing checks that it is resumed exactly once: a second resume is undefined "
            + "behaviour, caught here only because lab switches on the runtime's validation. "
            + "withCheckedContinuation (or withCheckedThrowingContinuation) stops at the second "
            + "resume and says so, in every run.")
      } else if let lastOutput = report.lastOutput {
        output.line("      the last thing printed before it: \(lastOutput)")
      }
      if let frame = report.learnerFrame {
        output.line("      in your code: \(frame)")
        if let api = report.calledAPI { output.line("      calling: \(api)") }
      }
      let failed = report.failedBefore.count
      let failedFirst =
        failed == 0
        ? "" : ", and \(failed) \(failed == 1 ? "check" : "checks") had failed before it"
      output.bad(
        "Not yet: your code crashed the check\(failedFirst), so this answer is wrong. \(stuck)")
    case .hung(let seconds, let check, let waitingFor, let inYourCode, let waits):
      output.bad(
        "  ✗ hung" + (check.map { " while checking \"\($0)\"" } ?? "")
          + ": stopped after \(Int(seconds)) s")
      if let waitingFor {
        output.line("      it was waiting for \(waitingFor), which never came.")
      }
      if let inYourCode, !inYourCode.isEmpty {
        output.line("      your code had not returned from:")
        for place in inYourCode { output.line("        \(place)") }
        output.line(
          "      a loop that never ends there, or a call that waits for something that never comes."
        )
      } else if !waits.isEmpty {
        // A thread blocked in a lock or semaphore wait shows no caller in the backtrace.
        output.line(
          "      no thread was seen in your code, but the backtrace cannot see past a thread "
            + "blocked in a wait, and your code waits at:")
        for place in waits { output.line("        \(place)") }
        output.line(
          "      a wait that nothing ends blocks its thread for good: a semaphore that nothing "
            + "signals, a lock taken twice, a sync onto the queue it runs on.")
      } else if check == nil {
        output.line("      no check had started: the program hung before the first one.")
      } else if waitingFor == nil, inYourCode != nil {
        output.line(
          "      no thread was in your code when it was stopped: most likely an await in it is "
            + "suspended, waiting for something that never comes (a continuation never resumed, "
            + "a task that never ends).")
      } else if waitingFor == nil {
        output.line("      it never finished.")
      }
      output.bad("Not yet: something your code should answer never does. \(stuck)")
    }
  }

  /// Each check's line: a tick, or a cross with what went wrong below it.
  private func printChecks(_ lines: [Verdict.CheckLine]) {
    for line in lines {
      if line.passed {
        output.good("  ✓ \(line.name)")
        // A passed check's details are notes: what it could not do here.
        for text in Self.layOut(line.moreDetails, width: width - 6) { output.dim("      \(text)") }
      } else {
        output.bad("  ✗ \(line.name)")
        if let detail = line.detail, !detail.isEmpty { output.line("      \(detail)") }
        for text in Self.layOut(line.moreDetails, width: width - 6) {
          // Prose is wrapped; a line laid out in columns (a table, a lane diagram) is kept.
          Self.isLaidOut(text) ? output.verbatim("      \(text)") : output.line("      \(text)")
        }
      }
    }
  }

  /// The detail lines of a failure, with each `expected:` line and the `actual:` line after it
  /// laid out side by side: one row per element when both are lists, marking the rows that
  /// differ; one above the other when a row would not fit.
  static func layOut(_ lines: [String], width: Int) -> [String] {
    var result: [String] = []
    var index = lines.startIndex
    while index < lines.endIndex {
      let line = lines[index]
      let next = index + 1 < lines.endIndex ? lines[index + 1] : nil
      if let expected = value(of: "expected:", in: line), let next,
        let actual = value(of: "actual:", in: next)
      {
        result += sideBySide(expected: expected, actual: actual, width: width)
        index += 2
      } else {
        result.append(line)
        index += 1
      }
    }
    return result
  }

  private static func value(of label: String, in line: String) -> String? {
    guard line.hasPrefix(label) else { return nil }
    return line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
  }

  static func sideBySide(expected: String, actual: String, width: Int) -> [String] {
    let left = elements(of: expected)
    let right = elements(of: actual)
    let column = max(
      "expected".count, left.map(\.count).max() ?? 0, expected.count <= 40 ? expected.count : 0)
    guard column + 5 + (right.map(\.count).max() ?? 0) <= width else {
      return ["expected: \(expected)", "actual:   \(actual)"]
    }
    func row(_ mark: String, _ a: String, _ b: String) -> String {
      "\(mark) \(a.padding(toLength: column, withPad: " ", startingAt: 0)) │ \(b)"
    }
    var rows = [row(" ", "expected", "actual")]
    for position in 0..<max(left.count, right.count, 1) {
      let a =
        position < left.count ? left[position] : (left.isEmpty && position == 0 ? "(none)" : "")
      let b =
        position < right.count ? right[position] : (right.isEmpty && position == 0 ? "(none)" : "")
      rows.append(row(a == b ? " " : "≠", a, b))
    }
    return rows
  }

  /// A list's elements, `[a, b]` → `a`, `b` (commas inside brackets or parentheses stay); any
  /// other value is one element.
  static func elements(of value: String) -> [String] {
    guard value.hasPrefix("["), value.hasSuffix("]") else { return [value] }
    let inner = value.dropFirst().dropLast()
    guard !inner.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
    var parts: [String] = []
    var depth = 0
    var current = ""
    var rest = Substring(inner)
    while let character = rest.first {
      rest = rest.dropFirst()
      switch character {
      case "[", "(": depth += 1
      case "]", ")": depth -= 1
      default: break
      }
      if character == ",", depth == 0, rest.first == " " {
        parts.append(current)
        current = ""
        rest = rest.dropFirst()
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }
}
