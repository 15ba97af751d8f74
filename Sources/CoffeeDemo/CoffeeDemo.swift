import CoffeeScenarios
import CommandLineSupport
import Foundation
import LabTrace
import SimulatedPlatform

/// `coffee-demo`: plays scenarios on the before and after Coffee Tracker and shows, step by
/// step, what each did and whether the lab's expectations hold.
@main
struct CoffeeDemo {
  /// Runs on the main actor, like the scenario runner; an async main keeps the main queue
  /// draining, which the before variant's `DispatchQueue.main` work needs.
  @MainActor
  static func main() async {
    let command: DemoCommand
    do {
      command = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      ErrorReport(error, tool: "coffee-demo").exit()
    }

    let status: Int32
    switch command {
    case .help:
      // Laid out for 100 columns; fitted to the terminal's, as the rest of the demo is.
      print(
        WordWrap.reflow(DemoOptions.usage, width: DemoOptions.terminalWidth).joined(separator: "\n")
      )
      status = 0
    case .list:
      print(Scenario.all.map(\.id).joined(separator: "\n"))
      status = 0
    case .play(let options):
      // A known before bug is not broken: it is what the lab is there to show.
      status = await play(options).isBroken ? 1 : 0
    }
    exit(status: status)
  }

  /// Plays every scenario `options` names, prints what happened, and returns the verdicts'
  /// tally over all of them.
  @MainActor
  private static func play(_ options: DemoOptions) async -> Tally {
    var report = DemoReport(style: .standardOutput)
    report.width = options.layoutWidth
    let configuration = SimulatedPlatform.Configuration(
      seed: options.seed, echoesLogs: options.echoesLogs)
    output(report.header(for: options, startingAt: configuration.now))

    var total = Tally()
    var tracedRuns: [ChromeTrace.Run] = []
    for scenario in options.scenarios {
      let traces = TraceCollector()
      let play = await traces.collecting {
        await ScenarioPlay.play(
          scenario, on: options.variants, configuration: configuration,
          latencyMilliseconds: options.latencyMilliseconds
        ) { variant in
          // The app prints its log lines as it runs, before the report: say whose they are.
          if options.echoesLogs { output(["", "App log of \(scenario.id) on \(variant.name):"]) }
        }
      }
      for (run, trace) in zip(play.runs, traces.traces) {
        tracedRuns.append(
          ChromeTrace.Run(name: "\(scenario.id) (\(run.variant.name))", trace: trace))
      }
      var lanes = StepLanes(play: play, traces: traces.traces, style: report.style)
      lanes.width = options.layoutWidth

      output([""])
      if options.playsEveryScenario {
        // Compact: the scenario, where it ended up, and the verdicts.
        output(
          [report.style.bold("━━ \(scenario.id)")]
            + TextLayout.hanging("   ", scenario.summary, width: report.width))
        output(report.step(scenario.steps.count, of: play) + [""])
      } else {
        let shown = options.step.map { $0...$0 } ?? 0...scenario.steps.count
        for index in shown {
          output(report.step(index, of: play) + [""])
          guard options.drawsLanes else { continue }
          // The key and the layout once, with the first diagrams: the rest read the same way.
          let first = index == shown.lowerBound
          if first { output(WordWrap.fit(lanes.layoutNote, width: report.width)) }
          output(lanes.diagrams(ofStep: index, showsKey: first))
        }
      }
      output(report.agreement(of: play))
      output(report.verdicts(of: play))
      output(TextLayout.hanging("Summary: ", report.summary(of: play), width: report.width))
      total = play.runs.reduce(total) { $0 + Tally(of: $1, on: scenario) }
    }

    if let traceFile = options.traceFile {
      do {
        try ChromeTrace.write(tracedRuns, to: traceFile)
        output(["", "Trace written to \(traceFile): open it at ui.perfetto.dev."])
      } catch {
        ErrorReport(error, tool: "coffee-demo").exit()
      }
    }
    let verdict = total.isBroken ? report.style.red("something is broken") : "nothing is broken"
    if options.playsEveryScenario {
      output(
        [""]
          + TextLayout.words("\(options.scenarios.count) scenarios: \(total).", width: report.width)
      )
    }
    output(["", report.style.bold("Result: ") + verdict + "."])
    return total
  }

  private static func output(_ lines: [String]) {
    for line in lines { print(line) }
  }

  /// Flushes what `print` buffered, then exits: `exit` alone could drop the end of the output
  /// when it goes to a pipe.
  private static func exit(status: Int32) -> Never {
    fflush(nil)
    Foundation.exit(status)
  }
}
