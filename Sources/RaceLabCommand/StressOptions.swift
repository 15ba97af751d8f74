import CoffeeScenarios
import CommandLineSupport
import RaceLab

/// What `race-lab stress` was asked to do, read from its options.
struct StressOptions {
  /// The variants to stress, in order.
  var variants: [Variant] = Variant.all
  /// Seeds, iterations, time budget, actions and scheduler.
  var configuration = Stress.Configuration()
  /// No progress lines.
  var quiet = false
  /// A line on standard error after each iteration, which cuts a ThreadSanitizer log into
  /// iterations (for `race-lab report`).
  var marksIterations = false
  /// How many more times each finding's seed runs, to tell how often it recurs.
  var confirmations = 0
  /// Run the one iteration of the seed and draw it as lanes.
  var drawsLanes = false
  /// Where `--lanes` writes the iteration in Chrome's trace event format, if anywhere.
  var traceFile: String?

  /// Reads the options of `stress`; nothing may be left over.
  init(parsing arguments: ParsedArguments) throws {
    var arguments = arguments
    variants = try Self.variants(from: arguments.value("--variant") ?? "both")
    configuration.seed = try arguments.number("--seed", as: UInt64.self) ?? configuration.seed
    configuration.iterations =
      try arguments.number("--iterations", as: Int.self) ?? configuration.iterations
    configuration.timeBudget =
      try arguments.number("--time", as: Double.self) ?? configuration.timeBudget
    configuration.actionsPerIteration =
      try arguments.number("--actions", as: Int.self) ?? configuration.actionsPerIteration
    guard configuration.actionsPerIteration >= 1 else {
      throw UsageError("--actions takes a count of 1 or more")
    }
    quiet = try arguments.flag("--quiet")
    marksIterations = try arguments.flag("--mark-iterations")
    confirmations = try arguments.number("--confirm", as: Int.self) ?? 0
    guard confirmations >= 0 else { throw UsageError("--confirm takes a count of runs, 0 or more") }
    configuration.scheduler = try Self.scheduler(from: &arguments)
    drawsLanes = try arguments.flag("--lanes")
    traceFile = try arguments.value("--trace")
    try arguments.done()
    if traceFile != nil && !drawsLanes { throw UsageError("--trace goes with --lanes") }
  }

  /// The scheduler named by `--scheduler`, with `--depth` and `--steps` for PCT.
  static func scheduler(from arguments: inout ParsedArguments) throws -> Stress.Scheduler {
    let name = try arguments.value("--scheduler") ?? "random"
    let depth = try arguments.number("--depth", as: Int.self)
    let steps = try arguments.number("--steps", as: Int.self)
    switch name {
    case "random":
      guard depth == nil, steps == nil else {
        throw UsageError("--depth and --steps go with --scheduler pct")
      }
      return .random
    case "pct":
      let depth = depth ?? 2
      let steps = steps ?? PCTScheduler.defaultExpectedSteps
      guard depth >= 1 else { throw UsageError("--depth takes a depth of 1 or more") }
      guard steps >= 1 else { throw UsageError("--steps takes a count of 1 or more") }
      return .pct(depth: depth, expectedSteps: steps)
    default:
      throw UsageError("--scheduler takes random or pct, not '\(name)'")
    }
  }

  /// The variants `--variant` names: before, after or both.
  static func variants(from name: String) throws -> [Variant] {
    if name == "both" { return Variant.all }
    guard let variant = Variant.named(name) else {
      throw UsageError("--variant takes before, after or both, not '\(name)'")
    }
    return [variant]
  }
}
