import CommandLineSupport
import Foundation

/// A re-check after an edit that changed only what the learner's files say: the check
/// executable is rebuilt by running again the commands SwiftPM planned for its last build of
/// that product, those that read the learner's files (the exercise module's compile, the check's
/// compile, their module wrappers, the link), without SwiftPM's start and planning, which took
/// about a second of such a re-check. The compiles are SwiftPM's own commands, incremental as
/// before.
///
/// Used only while the plan is the one SwiftPM made for this product and this structure
/// (`BuildPlanRecord`): a file added, removed or renamed, another exercise built since, any
/// other package file changed, and SwiftPM builds as before.
struct DirectRebuild {
  /// One command of SwiftPM's build plan (`debug.yaml`, the file llbuild reads).
  struct Command: Equatable {
    let name: String
    let tool: String
    let inputs: [String]
    let outputs: [String]
    let arguments: [String]
  }

  /// The commands to run, each after those that make its inputs.
  let commands: [Command]

  /// Tools whose outputs depend only on which files exist, never on what they say: an edit
  /// that keeps every file's name reaches nothing through them.
  private static let structureTools: Set<String> = [
    "write-auxiliary-file", "package-structure-tool",
  ]

  /// The commands of `plan` that must run again after the files `edited` (absolute paths, as
  /// the plan names them) changed in content only, ending with the link of `product`. Nil when
  /// the plan cannot be read, names none of the files, or an edit reaches a command that is
  /// neither a compile, a module wrap nor a link, or no link of `product`: then SwiftPM builds.
  static func commands(in plan: String, edited: Set<String>, product: String) -> DirectRebuild? {
    let all = parse(plan)
    var changed = edited
    var affected: [Command] = []
    var grew = true
    while grew {
      grew = false
      for command in all
      where !affected.contains(command) && !structureTools.contains(command.tool)
        && command.inputs.contains(where: changed.contains)
      {
        affected.append(command)
        changed.formUnion(command.outputs)
        grew = true
      }
    }
    guard !affected.isEmpty,
      affected.allSatisfy({ $0.tool == "shell" || $0.tool == "phony" }),
      affected.contains(where: { command in
        command.tool == "shell"
          && command.outputs.contains { URL(fileURLWithPath: $0).lastPathComponent == product }
      })
    else { return nil }
    // Each command after those that make its inputs.
    let maker = Dictionary(
      affected.flatMap { command in command.outputs.map { ($0, command.name) } }
    ) { first, _ in first }
    let byName = Dictionary(affected.map { ($0.name, $0) }) { first, _ in first }
    var ordered: [Command] = []
    var placed: Set<String> = []
    func place(_ command: Command, depth: Int) -> Bool {
      guard !placed.contains(command.name) else { return true }
      guard depth <= affected.count else { return false }  // a cycle: not a plan to trust
      for input in command.inputs {
        if let name = maker[input], name != command.name, let before = byName[name],
          !place(before, depth: depth + 1)
        {
          return false
        }
      }
      placed.insert(command.name)
      ordered.append(command)
      return true
    }
    for command in affected where !place(command, depth: 0) { return nil }
    return DirectRebuild(commands: ordered.filter { $0.tool == "shell" })
  }

  /// The commands of a plan in llbuild's manifest form, as SwiftPM writes it: under
  /// `commands:`, each command's name quoted on a line of its own, then its fields, lists in
  /// JSON.
  static func parse(_ plan: String) -> [Command] {
    var commands: [Command] = []
    var name: String?
    var fields: [String: [String]] = [:]
    var tool = ""
    func finish() {
      if let name {
        commands.append(
          Command(
            name: name, tool: tool, inputs: fields["inputs"] ?? [],
            outputs: fields["outputs"] ?? [], arguments: fields["args"] ?? []))
      }
      name = nil
      fields = [:]
      tool = ""
    }
    var inCommands = false
    for line in plan.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty { continue }
      if !line.hasPrefix(" ") {
        finish()
        inCommands = line == "commands:"
        continue
      }
      guard inCommands else { continue }
      if line.hasPrefix("  \""), line.hasSuffix("\":"), !line.hasPrefix("   ") {
        finish()
        name = String(line.dropFirst(3).dropLast(2))
      } else if let field = line.firstMatch(of: #/^    ([a-z-]+): (.*)$/#) {
        let key = String(field.output.1)
        let value = String(field.output.2)
        if key == "tool" {
          tool = value
        } else if value.hasPrefix("["),
          let list = try? JSONDecoder().decode([String].self, from: Data(value.utf8))
        {
          fields[key] = list
        }
      }
    }
    finish()
    return commands
  }

  /// Runs the commands in order, in `root`, each only if an input is newer than an output, as
  /// llbuild would (a comment edited leaves the objects as they were: then nothing is linked
  /// again, and the check's kept verdicts still count); the first that fails ends the rebuild.
  /// `environment` is added to this process's own for each command.
  /// The compiler's messages are asked in text, as a person reads them (SwiftPM asks for JSON,
  /// which it turns into text itself). `inFull` runs every command, whatever the files' times,
  /// and compiles without `-incremental`: every file of each module (see
  /// `ExerciseChecker.compilesAfresh`).
  func run(in root: URL, environment: [String: String] = [:], inFull: Bool = false) throws -> (
    succeeded: Bool, output: String
  ) {
    var output = ""
    for command in commands where inFull || Self.isOutOfDate(command) {
      guard let executable = command.arguments.first else { continue }
      let arguments = command.arguments.dropFirst().filter {
        $0 != "-parseable-output" && !(inFull && $0 == "-incremental")
      }
      let result = try ProcessRunner.run(
        executable, Array(arguments), in: root, environment: environment)
      output += result.output
      guard result.status == 0, !result.crashedBySignal else { return (false, output) }
    }
    return (true, output)
  }

  /// Whether `command` must run: an output is missing, or an input is newer than the oldest
  /// output (or cannot be read). Nodes in angle brackets are llbuild's, not files.
  static func isOutOfDate(_ command: Command) -> Bool {
    let outputs = command.outputs.filter { !$0.hasPrefix("<") }
    let outputDates = outputs.map(modificationDate)
    guard !outputs.isEmpty, let oldest = outputDates.compactMap(\.self).min(),
      outputDates.allSatisfy({ $0 != nil })
    else { return true }
    return command.inputs.filter { !$0.hasPrefix("<") }.contains { input in
      guard let date = modificationDate(of: input) else { return true }
      return date > oldest
    }
  }

  /// A file's modification time as seconds and nanoseconds, compared in that order (a `Double`
  /// of today's seconds keeps only about a tenth of a microsecond); nil when it cannot be read.
  private static func modificationDate(of path: String) -> ModificationTime? {
    guard let info = BuildFingerprint.status(of: URL(fileURLWithPath: path)) else { return nil }
    let modified = BuildFingerprint.modificationTime(of: info)
    return ModificationTime(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
  }

  /// A modification time, to the nanosecond the file system keeps.
  private struct ModificationTime: Comparable {
    let seconds: Int
    let nanoseconds: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
  }
}
