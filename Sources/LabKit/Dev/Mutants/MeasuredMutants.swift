import CommandLineSupport
import Foundation

/// What `lab dev mutants --record` measured: for each exercise, a fingerprint of everything its
/// mutants and their verdicts are made from, taken at a run in which every mutant was killed,
/// timed out, did not compile or was listed as equivalent. `docs/mutants-measured.json`, kept in
/// the repository.
///
/// `lab dev mutants --changed` runs the mutants of the exercises whose fingerprint differs from
/// the recorded one, or that have none: a change to a check, a solution, a scenario, the
/// libraries a check is built on, the operators or the toolchain reruns exactly the exercises
/// it can reach, and an exercise nothing reached keeps the score it was measured with. The
/// record only saves time: an exercise missing from it, or recorded at other inputs, is run.
public struct MeasuredMutants: Codable, Sendable, Equatable {
  /// One exercise's measure.
  public struct Entry: Codable, Sendable, Equatable {
    /// The fingerprint of its inputs (``MeasuredMutants/fingerprint(of:root:modules:)``).
    public var inputs: String
    /// Its mutants, and how many of them were killed or timed out, listed as equivalent, or
    /// did not compile.
    public var mutants: Int
    public var killedOrTimedOut: Int
    public var equivalent: Int
    public var notCompiling: Int
    /// The day of the run, `yyyy-MM-dd` (UTC).
    public var measured: String
  }

  /// The entries, by exercise id.
  public var exercises: [String: Entry]

  /// A record of `exercises`.
  public init(exercises: [String: Entry] = [:]) {
    self.exercises = exercises
  }

  /// The file, relative to the package root.
  public static let path = "docs/mutants-measured.json"

  /// Reads the record; an empty one when the file does not exist.
  public static func load(root: URL) throws -> MeasuredMutants {
    let url = root.appendingPathComponent(path)
    guard FileManager.default.fileExists(atPath: url.path) else { return MeasuredMutants() }
    do {
      return try JSONDecoder().decode(MeasuredMutants.self, from: Data(contentsOf: url))
    } catch {
      throw LabError("\(path) is malformed: \(error)")
    }
  }

  /// Writes the record, keys sorted, one entry a line apart, so that a diff shows what changed.
  public func save(root: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(contentsOf: Array("\n".utf8))
    try data.write(to: root.appendingPathComponent(Self.path), options: .atomic)
  }

  /// The modules whose sources an exercise of `track` is checked with: the track's check
  /// library and the modules its exercises depend on, with everything those depend on, as the
  /// package's manifest says (`targetDependencies`: each target's direct dependencies).
  static func modules(
    of track: ExerciseCatalog.Track, trackDependencies: [String],
    targetDependencies: [String: [String]]
  ) -> Set<String> {
    var found: Set<String> = []
    var next = [track.checkSupport.rawValue, "CheckReporting"] + trackDependencies
    while let module = next.popLast() {
      guard found.insert(module).inserted else { continue }
      next += targetDependencies[module] ?? []
    }
    return found
  }

  /// Each target's direct dependencies, by name, from `swift package dump-package`.
  static func targetDependencies(root: URL) throws -> [String: [String]] {
    let dump = try ProcessRunner.run(
      try ExerciseChecker.swiftDriver(), ["package", "dump-package"], in: root)
    guard dump.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any],
      let targets = json["targets"] as? [[String: Any]]
    else {
      throw LabError("swift package dump-package failed: \(dump.output.suffix(500))")
    }
    var dependencies: [String: [String]] = [:]
    for target in targets {
      guard let name = target["name"] as? String else { continue }
      let listed = (target["dependencies"] as? [[String: Any]]) ?? []
      // Each dependency is `{"byName": [name, condition]}`, `{"target": […]}` or
      // `{"product": […]}`: its name comes first.
      dependencies[name] = listed.compactMap { ($0.values.first as? [Any])?.first as? String }
    }
    return dependencies
  }

  /// The fingerprint of everything the mutants of `exercise` and their verdicts are made from:
  /// its solution, starter and checks; its metadata and its listed equivalents; the sources of
  /// `modules` (its check library and its track's dependencies, see `modules(of:…)`); the
  /// mutation operators and the scanner that finds their sites; the manifest; the toolchain.
  /// Text only (no file times), so that a fresh clone gives what the author's checkout gave.
  static func fingerprint(
    of exercise: ExerciseCatalog.Exercise, root: URL, modules: Set<String>,
    metadata: String, equivalents: [EquivalentMutants.Entry], toolchain: String
  ) -> String {
    var folders = [
      "Solutions/\(exercise.id)", "Exercises/\(exercise.id)", "Checks/\(exercise.id)",
      "Sources/LabKit/Dev/Mutants", "Sources/SourceScan",
    ]
    folders += modules.sorted().map { "Sources/\($0)" }
    var parts = [toolchain, metadata]
    parts += equivalents.map { "\($0.mutant)\u{0}\($0.reason)" }
    for file in ["Package.swift"] + folders.flatMap({ swiftFiles(under: $0, root: root) }) {
      let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
      parts += [file, text ?? "(unreadable)"]
    }
    // Two 64-bit FNV-1a hashes, of the text and of the text reversed: a change detector.
    let whole = parts.joined(separator: "\u{0}")
    return FNV1a.hex(whole) + FNV1a.hex(String(whole.reversed()))
  }

  /// The `.swift` files under `folder` (relative to `root`), sorted; the wrong and right
  /// answers' patches aside, which no mutant is made from.
  static func swiftFiles(under folder: String, root: URL) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard
      let walker = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var files: [String] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      let relative = String(url.path.dropFirst(base.path.count + 1))
      files.append("\(folder)/\(relative)")
    }
    return files.sorted()
  }
}
