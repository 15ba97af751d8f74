/// What the user asked the demo to do.
enum DemoCommand {
  /// Print the usage and the scenarios.
  case help
  /// Print the scenario identifiers, one a line.
  case list
  /// Play scenarios on variants.
  case play(DemoOptions)
}
