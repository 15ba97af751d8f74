import Foundation

/// A tool made of subcommands (`lab check`, `race-lab stress`): its overview, each command's
/// help, and the rules every tool of the lab reads its command line by.
///
/// - The command comes first and its options after it: `race-lab stress --seed 5`. An option
///   before the command is an error that says so, rather than a number taken for a command.
/// - `tool`, `tool --help` and `tool help` print the overview; `tool help CMD`, `tool CMD --help`
///   and `tool CMD -h` print that command's help.
/// - Options are long, `--name value` or `--name=value` (see ``ParsedArguments``).
public struct CommandLineTool: Sendable {
  /// The tool's name as the user types it, such as `race-lab`.
  public let name: String
  /// What `tool --help` prints: the usage and the list of commands.
  public let overview: String
  /// The commands, each with its help, in the order the overview lists them.
  public let commands: [Command]

  /// One subcommand and the help `tool help CMD` prints for it.
  public struct Command: Sendable {
    /// The word that names it, such as `stress`.
    public let name: String
    /// Its usage line, its options and what it does.
    public let help: String

    public init(_ name: String, help: String) {
      self.name = name
      self.help = help
    }
  }

  /// What a command line asks the tool to do.
  public enum Invocation: Sendable {
    /// Print the overview.
    case overview
    /// Print the help of the named command.
    case help(command: String)
    /// Run `command` with the arguments after it.
    case run(command: String, arguments: ParsedArguments)
  }

  public init(name: String, overview: String, commands: [Command]) {
    self.name = name
    self.overview = overview
    self.commands = commands
  }

  /// The help of `command`, or nil for a command the tool does not have.
  public func help(for command: String) -> String? {
    if command == "help" {
      return "\(name) help [COMMAND]\n  The list of commands, or what COMMAND does and its options."
    }
    return commands.first { $0.name == command }?.help
  }

  /// Reads `arguments` (the words after the tool's name).
  public func parse(_ arguments: [String]) throws -> Invocation {
    guard let first = arguments.first else { return .overview }
    if first == "--help" || first == "-h" { return .overview }
    if first.hasPrefix("-") {
      throw UsageError(
        "'\(first)' comes before the command; options go after it: \(name) <command> [options]")
    }
    let rest = ParsedArguments(Array(arguments.dropFirst()))
    if first == "help" {
      guard let topic = try rest.positional(max: 1).first else { return .overview }
      guard help(for: topic) != nil else { throw unknownCommand(topic) }
      return .help(command: topic)
    }
    guard help(for: first) != nil else { throw unknownCommand(first) }
    return rest.asksForHelp ? .help(command: first) : .run(command: first, arguments: rest)
  }

  /// Reads `arguments` and prints the overview or a command's help through `write` when they
  /// ask for it (then nil); otherwise the command to run and the arguments after it.
  public func commandToRun(
    _ arguments: [String], printingHelpWith write: (String) -> Void
  ) throws -> (command: String, arguments: ParsedArguments)? {
    switch try parse(arguments) {
    case .overview:
      write(overview)
      return nil
    case .help(let command):
      write(help(for: command) ?? overview)
      return nil
    case .run(let command, let arguments):
      return (command, arguments)
    }
  }

  /// The command named first in `arguments`, if the tool has it: the one whose help a usage
  /// error points to.
  public func knownCommand(in arguments: [String]) -> String? {
    arguments.first.flatMap { help(for: $0) == nil ? nil : $0 }
  }

  private func unknownCommand(_ command: String) -> UsageError {
    UsageError(
      "unknown command '\(command)'; commands: "
        + (commands.map(\.name) + ["help"]).joined(separator: ", "))
  }
}
