import CoffeeScenarios
import CommandLineSupport
import RaceLab

extension DemoReport {
  /// Whether the variants agree on the whole run, the final relaunch included: what the
  /// behaviour suite's "same behaviour" test checks.
  func agreement(of play: ScenarioPlay) -> [String] {
    let outcomes = play.runs.compactMap { try? $0.result.get() }
    guard play.runs.count == 2, outcomes.count == 2 else { return [] }
    let differences = outcomes[0].observableBehaviour.differences(
      from: outcomes[1].observableBehaviour)
    guard !differences.isEmpty else {
      return TextLayout.words(
        "Over the whole run, last relaunch included: the variants agree.", width: width
      ).map(style.dim)
    }
    let title =
      "≠ Over the whole run, the variants diverge (\(play.runs[0].variant.name) vs "
      + "\(play.runs[1].variant.name)):"
    return TextLayout.words(title, width: width).map(style.red)
      + differences.flatMap { TextLayout.hanging("    ", $0, width: width) }.map(style.red)
  }

  /// Each expectation with a mark per variant, then what went wrong wherever it did not hold.
  func verdicts(of play: ScenarioPlay) -> [String] {
    let legend = [
      style.green("✓") + " held", style.red("✗") + " broken",
      style.yellow("~") + " known before bug",
    ]
    var lines = [style.bold("Expectations") + "   " + legend.joined(separator: "   ")]
    for run in play.runs {
      if case .failure(let error) = run.result {
        lines += TextLayout.hanging(
          "  ✗ ", "\(run.variant.name): the runner gave up: \(error)", width: width
        ).map(style.red)
      }
    }
    let names = play.runs.map(\.variant.name)
    let table = play.runs.map { $0.verdicts(for: play.scenario) }
    // A column per variant, as wide as its name, with the mark in its middle.
    let header = "  " + names.joined(separator: " ")
    let indent = String(repeating: " ", count: header.count + 2)
    lines.append(style.dim(header))
    for (index, expectation) in play.scenario.allExpectations.enumerated() {
      let marks = zip(names, table).map { name, verdicts in
        let left = (name.count - 1) / 2
        let right = name.count - 1 - left
        let mark = verdicts.indices.contains(index) ? self.mark(verdicts[index]) : " "
        return String(repeating: " ", count: left) + mark + String(repeating: " ", count: right)
      }
      let wrapped = TextLayout.words(expectation.summary, width: width - indent.count)
      lines.append("  " + marks.joined(separator: " ") + "  " + wrapped[0])
      lines += wrapped.dropFirst().map { indent + $0 }
      for (name, verdicts) in zip(names, table) where verdicts.indices.contains(index) {
        if let detail = detail(verdicts[index]) {
          // Dim what is the lesson, so that what is broken stands out.
          let detailLines = TextLayout.hanging(indent + name + ": ", detail, width: width)
          lines += verdicts[index].isBroken ? detailLines : detailLines.map(style.dim)
        }
      }
    }
    return lines
  }

  /// One line counting the verdicts on each variant.
  func summary(of play: ScenarioPlay) -> String {
    let tallies = play.runs.map { "\($0.variant.name): \(Tally(of: $0, on: play.scenario))" }
    return tallies.joined(separator: " · ")
  }

  private func mark(_ verdict: ExpectationVerdict) -> String {
    switch verdict {
    case .held: style.green("✓")
    case .broken, .knownBeforeBugMissing: style.red("✗")
    case .knownBeforeBug: style.yellow("~")
    }
  }

  private func detail(_ verdict: ExpectationVerdict) -> String? {
    switch verdict {
    case .held:
      nil
    case .broken(let failure):
      failure
    case .knownBeforeBug(let bug, let failure):
      "\(failure). Known before bug: \(bug.explanation)."
    case .knownBeforeBugMissing(let bug):
      "held, yet the scenario declares the known before bug \(bug) (\(bug.explanation)); "
        + "the lesson no longer shows"
    }
  }
}
