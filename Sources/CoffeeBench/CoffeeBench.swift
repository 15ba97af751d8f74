import CommandLineSupport
import Foundation

/// `coffee-bench`: the figures behind `make bench`. A command, not a test: it prints figures and
/// asserts none.
@main
struct CoffeeBench {
  @MainActor
  static func main() async {
    let arguments = ParsedArguments(Array(CommandLine.arguments.dropFirst()))
    if arguments.asksForHelp {
      print(BenchOptions.usage)
      exit(0)
    }
    do {
      let options = try BenchOptions(arguments: arguments)
      let results = try await measure(options)
      print(BenchTable.text(results))
      let out = URL(fileURLWithPath: options.out, isDirectory: true)
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(results).write(to: out.appendingPathComponent("bench.json"))
      try BenchChart.svg(results).write(
        to: out.appendingPathComponent("bench.svg"), atomically: true, encoding: .utf8)
      // One file a line: a path is never broken, and two long ones on a line overflow.
      print("written:\n  \(out.path)/bench.json\n  \(out.path)/bench.svg")
      exit(0)
    } catch {
      ErrorReport(error, tool: "coffee-bench").exit()
    }
  }

  @MainActor
  static func measure(_ options: BenchOptions) async throws -> BenchResults {
    let start = monotonicSeconds()
    let progress = { (line: String) in
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    progress("coffee-bench: measuring (progress on standard error, the table at the end)")
    let mainQueue = try await MainQueueBench.run(
      drinkCounts: options.drinkCounts, repeats: options.repeats,
      diskLatency: options.diskLatency, complications: options.complications,
      progress: progress)
    let hops = await HopCosts.run(hops: options.hops)
    progress("  hop costs done")
    let detection = try await DetectionPower.run(
      iterations: options.stressIterations, progress: progress)
    return BenchResults(
      options: options, mainQueue: mainQueue, hops: hops, detection: detection,
      seconds: monotonicSeconds() - start)
  }
}
