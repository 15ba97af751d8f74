import CoffeeScenarios
import CommandLineSupport
import CompilerDiagnostics
import Foundation
import RaceLab

/// `race-lab report`: every detector on every catalog entry, and one table.
///
/// It exits 0 only when every entry is detected on the before variant by each detector the
/// catalog claims for it, and the after variant is clean under all of them.
@MainActor
enum RaceReport {
  /// What each detector said about one entry.
  struct Row {
    let entry: RaceEntry
    var detected: [RaceEntry.Detector: String] = [:]
    var afterProblems: [String] = []
  }

  static func run(_ arguments: ParsedArguments) async throws -> Bool {
    var arguments = arguments
    let iterations = try arguments.number("--iterations", as: Int.self) ?? 150
    let tsanBinary = try arguments.value("--tsan-binary")
    let tsanIterations = try arguments.number("--tsan-iterations", as: Int.self) ?? 150
    let out = URL(fileURLWithPath: try arguments.value("--out") ?? ".build-race", isDirectory: true)
    _ = try arguments.positional()
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

    var rows = RaceCatalog.entries.map { Row(entry: $0) }
    func update(_ id: String, _ change: (inout Row) -> Void) {
      if let index = rows.firstIndex(where: { $0.entry.id == id }) { change(&rows[index]) }
    }
    var globalAfterProblems: [String] = []

    print("== 1/4 Deterministic replays")
    for entry in Replay.replayable {
      let before = try await Replay.run(entry, before: true)
      let after = try await Replay.run(entry, before: false)
      print("  \(entry.id): before \(before.detail); after \(after.detail)")
      update(entry.id) { row in
        if before.symptomShown { row.detected[.replay] = "shown" }
        if after.symptomShown { row.afterProblems.append("replay: \(after.detail)") }
      }
    }

    print(
      "\n== 2/4 Stress under the PCT scheduler (depth 2): \(iterations) iterations per variant of "
        + "\(DetectionPowerSettings.actionsPerIteration) actions each, seeds 1...\(iterations)")
    let configuration = Stress.Configuration(
      seed: 1, iterations: iterations, timeBudget: 300,
      actionsPerIteration: DetectionPowerSettings.actionsPerIteration,
      scheduler: DetectionPowerSettings.pct)
    let beforeStress = try await Stress.run(on: .before, configuration: configuration)
    print(StressSummary(report: beforeStress).text)
    let afterStress = try await Stress.run(on: .after, configuration: configuration)
    print(StressSummary(report: afterStress).text)
    for entry in RaceCatalog.entries {
      let count = beforeStress.detections(of: entry.id)
      if count > 0 {
        update(entry.id) { $0.detected[.stress] = "\(count)/\(beforeStress.iterations)" }
      }
      let afterCount = afterStress.detections(of: entry.id)
      if afterCount > 0 {
        update(entry.id) { $0.afterProblems.append("stress: \(afterCount) iterations") }
      }
    }
    globalAfterProblems += afterStress.findings.filter { $0.entryID == nil }.map { "stress: \($0)" }
    let detectionTable = DetectionPowerTable(report: beforeStress).text
    print(detectionTable)

    print("\n== 3/4 The Swift 6 compiler (make diagnose prints the details)")
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let modules = RaceLabCommand.builtModulesDirectory
    let beforeDiagnostics = try CompilerRun.run(
      variant: "before", packageRoot: root, modulesDirectory: modules)
    let afterDiagnostics = try CompilerRun.run(
      variant: "after", packageRoot: root, modulesDirectory: modules)
    print(
      "  before: \(beforeDiagnostics.diagnostics.count) diagnostics; after: \(afterDiagnostics.diagnostics.count)"
    )
    for (id, diagnostics) in beforeDiagnostics.entriesFound {
      update(id) { $0.detected[.compiler] = "\(diagnostics.count) diagnostics" }
    }
    if !afterDiagnostics.diagnostics.isEmpty {
      globalAfterProblems.append(
        "compiler: \(afterDiagnostics.diagnostics.count) diagnostics on the after variant")
    }

    print("\n== 4/4 ThreadSanitizer")
    var slowdown: String?
    var stressRates: [String] = []
    if let tsanBinary {
      // The verdict: each claimed entry's forced schedule, under the sanitizer, on both sides.
      for entry in Replay.threadSanitizerSchedules {
        for variant in Variant.all {
          let name = "tsan-replay-\(entry.id)-\(variant.name)"
          let run = try ThreadSanitizerRun(
            binary: tsanBinary, arguments: ["tsan-replay", entry.id, "--variant", variant.name],
            name: name, out: out)
          let mapped = run.log.reports(for: entry.id)
          print(
            "  \(entry.id) schedule on \(variant): \(run.log.reports.count) reports, "
              + "\(mapped.count) naming the entry (exit \(run.status)); log: \(run.logPath)")
          if variant == .before, !mapped.isEmpty {
            let file = out.appendingPathComponent("tsan-\(entry.id).txt")
            try mapped.map(\.text).joined(separator: "\n\n").write(
              to: file, atomically: true, encoding: .utf8)
            update(entry.id) {
              $0.detected[.threadSanitizer] = "\(mapped.count) → \(file.path)"
            }
          }
          if variant == .after, !run.log.reports.isEmpty {
            update(entry.id) { $0.afterProblems.append("tsan: \(run.log.reports.count) reports") }
          }
        }
      }

      // A figure, not a verdict on the before side: how often random stress lines a race up.
      let plainBinary = Bundle.main.executablePath ?? CommandLine.arguments[0]
      var plainSeconds = 0.0
      var tsanSeconds = 0.0
      for variant in Variant.all {
        let stressArguments = [
          "stress", "--variant", variant.name, "--iterations", "\(tsanIterations)", "--quiet",
          "--mark-iterations",
        ]
        print(
          "  the stress on \(variant) under ThreadSanitizer (\(tsanIterations) iterations)...")
        let run = try ThreadSanitizerRun(
          binary: tsanBinary, arguments: stressArguments, name: "tsan-stress-\(variant.name)",
          out: out)
        let plain = try ProcessRunner.run(
          plainBinary, stressArguments, standardOutput: .discarded, standardError: .discarded)
        tsanSeconds += run.seconds
        plainSeconds += plain.seconds
        print(
          "    \(run.log.reports.count) reports in \(String(format: "%.1f", run.seconds)) s "
            + "(exit \(run.status)); without ThreadSanitizer \(String(format: "%.1f", plain.seconds)) s; "
            + "log: \(run.logPath)")
        if variant == .after, !run.log.reports.isEmpty {
          globalAfterProblems.append(
            "tsan: \(run.log.reports.count) reports on the after variant's stress")
        }
        if variant == .before {
          for entry in RaceCatalog.entries {
            let iterations = run.iterationLogs.filter { !$0.reports(for: entry.id).isEmpty }.count
            guard iterations > 0 || entry.detectors.contains(.threadSanitizer) else { continue }
            let total = max(1, run.iterationLogs.count)
            stressRates.append(
              "  \(entry.id): the stress under ThreadSanitizer caught it in \(iterations) of "
                + "\(run.iterationLogs.count) iterations (\(String(format: "%.1f", 100 * Double(iterations) / Double(total)))%)"
            )
          }
          if !run.log.unmapped.isEmpty {
            print(
              "  \(run.log.unmapped.count) before-variant reports map to no entry: \(run.log.unmapped.map(\.summary).prefix(3))"
            )
          }
        }
      }
      slowdown = String(format: "%.1fx", tsanSeconds / max(plainSeconds, 0.001))
      for line in stressRates { print(line) }
    } else {
      print("  skipped: no --tsan-binary (make race builds one)")
    }

    return printTable(
      rows, tsanRan: tsanBinary != nil, slowdown: slowdown,
      globalAfterProblems: globalAfterProblems, stressRates: stressRates + [detectionTable],
      out: out)
  }

  private static func printTable(
    _ rows: [Row], tsanRan: Bool, slowdown: String?, globalAfterProblems: [String],
    stressRates: [String], out: URL
  ) -> Bool {
    let detectors: [RaceEntry.Detector] = [.replay, .stress, .threadSanitizer, .compiler]
    var lines = ["", "== Race report (before: detected by each claimed detector; after: clean)"]
    lines.append(
      "entry".padding(toLength: 32, withPad: " ", startingAt: 0)
        + detectors.map { $0.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) }.joined()
        + "after")
    var missed = 0
    var afterUnclean = 0
    for row in rows {
      var cells: [String] = []
      for detector in detectors {
        let claimed = row.entry.detectors.contains(detector)
        let cell: String
        switch (claimed, row.detected[detector]) {
        case (true, .some): cell = "✓ detected"
        case (true, nil):
          if detector == .threadSanitizer && !tsanRan {
            cell = "? not run"
          } else {
            cell = "✗ MISSED"
            missed += 1
          }
        case (false, .some): cell = "(also)"
        case (false, nil): cell = "·"
        }
        cells.append(cell.padding(toLength: 12, withPad: " ", startingAt: 0))
      }
      let after =
        row.afterProblems.isEmpty ? "clean" : "✗ " + row.afterProblems.joined(separator: "; ")
      if !row.afterProblems.isEmpty { afterUnclean += 1 }
      lines.append(
        row.entry.id.padding(toLength: 32, withPad: " ", startingAt: 0) + cells.joined() + after)
    }
    for row in rows {
      for (detector, detail) in row.detected.sorted(by: { $0.key < $1.key })
      where detector == .threadSanitizer {
        lines.append("  \(row.entry.id): ThreadSanitizer reports \(detail)")
      }
    }
    lines += stressRates
    lines += globalAfterProblems.map { "  after: \($0)" }
    if let slowdown {
      lines.append("ThreadSanitizer slowdown of the stress, measured in this run: \(slowdown)")
    }
    let succeeded = missed == 0 && afterUnclean == 0 && globalAfterProblems.isEmpty
    lines.append(
      succeeded
        ? "race report: every entry detected as the catalog claims; the after variant is clean."
        : "race report: FAILED: \(missed) claimed detections missed, \(afterUnclean + globalAfterProblems.count) problems on the after variant."
    )
    let text = lines.joined(separator: "\n")
    print(text)
    try? text.write(
      to: out.appendingPathComponent("race-report.txt"), atomically: true, encoding: .utf8)
    return succeeded
  }
}
