import CheckReporting
import CompilerDiagnostics
import Foundation

/// The learner's source files for the exercise being checked, for the few checks that must read
/// code: where no behaviour can tell a right answer from a wrong one.
public struct ExerciseSources: Sendable {
  /// The folder the exercise module was built from (`LAB_EXERCISE_SOURCES`, set by `lab`).
  public let directory: URL
  /// The same folder as `lab` named it, relative to the lab (`Exercises/07-coffee-data-store`).
  public let folder: String

  /// The sources `lab` built, or the folder named by `path` when run by hand.
  public init(
    path: String? = ProcessInfo.processInfo.environment[LabEnvironment.exerciseSources]
  ) throws {
    guard let path else { throw CheckKitError.noSources }
    directory = URL(fileURLWithPath: path, isDirectory: true)
    folder = path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// `file` as a failure names it, with its folder, since every coffee step has a
  /// `CoffeeData.swift`: `Exercises/07-coffee-data-store/CoffeeData.swift`, with `:line` when
  /// given.
  public func place(of file: String, line: Int? = nil) -> String {
    "\(folder)/\(file)" + (line.map { ":\($0)" } ?? "")
  }

  /// The text of `file`, such as `HealthKitController.swift`.
  public func text(of file: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
  }

  /// The code of the declaration at `path` in `file` (`["HealthKitController",
  /// "loadNewDataFromHealthKit"]`), comments included; nil when there is none.
  public func declaration(_ path: [String], in file: String) throws -> String? {
    let source = try text(of: file)
    let outline = SourceOutline(source: source)
    let lines = source.components(separatedBy: "\n")
    let matching = lines.indices.filter {
      outline.declarationPath(atLine: $0 + 1).starts(with: path)
    }
    guard let first = matching.first, let last = matching.last else { return nil }
    return lines[first...last].joined(separator: "\n")
  }

  /// The code of `file` with comments removed, so that a word in a comment never counts.
  public func code(of file: String) throws -> String {
    try text(of: file).components(separatedBy: "\n")
      .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line }
      .joined(separator: "\n")
  }
}
