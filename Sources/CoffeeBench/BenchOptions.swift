import CommandLineSupport
import Foundation

/// What `coffee-bench` measures, from its command line.
struct BenchOptions {
  var drinkCounts = [10, 100, 1_000, 10_000]
  var repeats = 11
  /// The simulated disk's write latency, in seconds.
  var diskLatency: TimeInterval = 0.005
  /// How many complications the watch face shows (each change of the list reloads each one).
  var complications = 1
  var hops = 200_000
  var stressIterations = 100
  var out = ".build-bench"

  static let usage = """
    coffee-bench: what the migration buys, in figures: before and after, in one process.

    Usage: coffee-bench [options]

    Every figure compares the before variant with the after variant measured in the same run,
    rounds alternating between them. Absolute times depend on the machine and the build (debug
    unless built with -c release); read the ratios.

    Options:
      --drinks N,N,...       Saved drink counts to launch with (default: 10,100,1000,10000)
      --repeats N            Rounds per variant and drink count (default: 11)
      --disk-latency MS      The simulated disk's write latency in ms (default: 5)
      --complications N      Complications on the watch face, 0 or more (default: 1)
      --hops N               Hops per hop-cost figure (default: 200000)
      --stress-iterations N  Stress iterations per variant and scheduler (default: 100)
      --out DIR              Where bench.json and bench.svg go (default: .build-bench)
      --help                 This text.

    Exit codes: 0 measured, 1 a measurement failed, 2 a usage error.
    """

  /// Reads the options; `--name value` or `--name=value`.
  init(arguments: ParsedArguments) throws {
    var arguments = arguments
    func positive(_ name: String) throws -> Int? {
      guard let text = try arguments.value(name) else { return nil }
      guard let number = Int(text), number > 0 else {
        throw UsageError("\(name) takes a whole number above 0, not '\(text)'")
      }
      return number
    }
    if let text = try arguments.value("--drinks") {
      let counts = text.split(separator: ",").map { Int($0) }
      guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) > 0 }) else {
        throw UsageError("--drinks takes counts above 0 separated by commas, not '\(text)'")
      }
      drinkCounts = counts.compactMap { $0 }
    }
    repeats = try positive("--repeats") ?? repeats
    if let text = try arguments.value("--disk-latency") {
      guard let milliseconds = Double(text), milliseconds >= 0, milliseconds <= 1_000 else {
        throw UsageError("--disk-latency takes milliseconds from 0 to 1000, not '\(text)'")
      }
      diskLatency = milliseconds / 1_000
    }
    if let text = try arguments.value("--complications") {
      guard let count = Int(text), (0...8).contains(count) else {
        throw UsageError("--complications takes a count from 0 to 8, not '\(text)'")
      }
      complications = count
    }
    hops = try positive("--hops") ?? hops
    stressIterations = try positive("--stress-iterations") ?? stressIterations
    out = try arguments.value("--out") ?? out
    try arguments.done()
  }
}
