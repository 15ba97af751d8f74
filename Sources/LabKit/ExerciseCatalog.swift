import CommandLineSupport
import Foundation

/// The exercises, as `Exercises/exercises.json` describes them: the one metadata file that the
/// `lab` command, the package manifest, the docs and CI all read.
public struct ExerciseCatalog: Codable, Sendable {
  /// The version of the file's format this lab reads. A change that older `lab` commands would
  /// misread raises it; `Package.swift` checks the same number.
  public static let formatVersion = 1

  /// The version of the format the file is written in.
  public let formatVersion: Int
  public let tracks: [Track]

  /// A sequence of exercises on one app.
  public struct Track: Codable, Sendable {
    public let id: String
    public let title: String
    public let summary: String?
    /// Set for a track whose exercises are steps of one migration: each starter is the previous
    /// exercise's solution, and `lab dev sync` writes it so.
    public let chain: Chain?
    /// The library the track's check executables are built with (`Package.swift` reads it too).
    public let checkSupport: CheckSupport
    public let exercises: [Exercise]
  }

  /// The libraries a check executable can be built with.
  public enum CheckSupport: String, Codable, Sendable {
    /// The check core alone: the katas, whose checks need nothing of the Coffee Tracker.
    case core = "LabCheckKit"
    /// The coffee track's checks on top of the core: scenarios, race replays, the platform.
    case coffee = "CoffeeChecks"
  }

  /// Where a chained track's starters come from.
  public struct Chain: Codable, Sendable {
    /// The folder the first starter copies, such as `Sources/CoffeeTrackerBefore`.
    public let firstStarterFrom: String
    /// Files of that folder the first starter keeps its own version of (lab plumbing).
    public let except: [String]
  }

  /// One exercise.
  public struct Exercise: Codable, Sendable, Hashable {
    /// `NN-slug`, also the folder name under `Exercises/`, `Solutions/` and `Checks/`.
    public let id: String
    public let title: String
    /// The module the exercise builds as; its check executable is `<module>Check`.
    public let module: String
    public let swiftLanguageMode: Int
    public let warningsAsErrors: Bool?
    /// The module's default isolation (SE-0466): `MainActor`, or nil for nonisolated.
    public let defaultIsolation: String?
    /// Upcoming features the module builds with, such as `NonisolatedNonsendingByDefault`.
    public let upcomingFeatures: [String]?
    /// The files the learner edits.
    public let files: [String]
    public let talk: String?
    /// The names of the checks, as the check executable prints them.
    public let checks: [String]
    /// The check the pristine starter must fail, or `compile` when it must not compile.
    public let starterFails: String
    /// Tiered hints: the first gentle, the last nearly the answer.
    public let hints: [String]
    public let wrongAnswers: [WrongAnswer]
    /// Other correct answers than the solution, each of which must pass every check: a check
    /// that rejects right code is as wrong as one that passes wrong code.
    public var rightAnswers: [RightAnswer]? = nil
    /// Environment variables the check executable starts with, such as `{"TZ": "UTC"}`: set
    /// before the process starts, unlike `setenv` in the check, which may come after the runtime
    /// read them.
    public var checkEnvironment: [String: String]? = nil

    /// The language settings the exercise's module builds with, in a line:
    /// `Swift 6 mode, warnings as errors, default isolation MainActor`.
    public var languageSettings: String {
      var settings = ["Swift \(swiftLanguageMode) mode"]
      if warningsAsErrors == true { settings.append("warnings as errors") }
      if let defaultIsolation { settings.append("default isolation \(defaultIsolation)") }
      for feature in upcomingFeatures ?? [] { settings.append("upcoming feature \(feature)") }
      return settings.joined(separator: ", ")
    }

    /// The module's compiler flags beyond the language mode, as `Package.swift` turns them into
    /// settings: its default isolation (SE-0466) and upcoming features. Passed to the check in
    /// `LabEnvironment.moduleCompilerFlags`, so its compiler probes build as the module does.
    public var moduleCompilerFlags: [String] {
      var flags: [String] = []
      if let defaultIsolation { flags += ["-default-isolation", defaultIsolation] }
      for feature in upcomingFeatures ?? [] { flags += ["-enable-upcoming-feature", feature] }
      return flags
    }

    /// The name of the check executable.
    public var checkProduct: String { "\(module)Check" }

    /// The number in the id, after the track's prefix if any: 3 for `03-query-continuation`,
    /// 1 for `apod-01-group-by-period`.
    public var number: Int? {
      let afterPrefix = idPrefix.map { id.dropFirst($0.count + 1) } ?? Substring(id)
      return Int(afterPrefix.prefix { $0.isNumber })
    }

    /// The letters before the number, for kata ids: `apod` for `apod-01-group-by-period`, nil
    /// for `03-query-continuation`.
    public var idPrefix: String? {
      let head = id.prefix { $0 != "-" }
      return head.isEmpty || head.allSatisfy(\.isNumber) ? nil : String(head)
    }
  }

  /// A plausible wrong answer, kept as a patch against the solution in
  /// `Solutions/<id>/wrong-answers/<wrong-id>.patch` (see `WrongAnswerPatch`).
  public struct WrongAnswer: Codable, Sendable, Hashable {
    public let id: String
    public let summary: String
    /// The check it must fail, or `compile`, `crash` or `hang`.
    public let mustFail: String
  }

  /// Another correct answer than the solution (another structure, another actor layout, the
  /// async forms of earlier steps), kept as a patch against the solution in
  /// `Solutions/right-answers/<id>/<right-id>.patch`; it must pass every check.
  public struct RightAnswer: Codable, Sendable, Hashable {
    public let id: String
    public let summary: String
  }

  /// Every exercise of every track, in order.
  public var allExercises: [Exercise] { tracks.flatMap(\.exercises) }

  /// The track an exercise belongs to.
  public func track(of exercise: Exercise) -> Track? {
    tracks.first { $0.exercises.contains(exercise) }
  }

  /// The name a learner types for `exercise`: `3` in the first track, `apod/1` in the others.
  public func shortName(of exercise: Exercise) -> String {
    guard let track = track(of: exercise), let number = exercise.number else { return exercise.id }
    return track.id == tracks.first?.id ? "\(number)" : "\(track.id)/\(number)"
  }

  /// The track a learner names: by its id (`appstore`) or by its exercises' prefix (`store`).
  func track(named name: String) -> Track? {
    tracks.first { $0.id == name }
      ?? tracks.first { track in
        !track.exercises.isEmpty && track.exercises.allSatisfy { $0.idPrefix == name }
      }
  }

  /// Reads the catalog from `Exercises/exercises.json` under `root`; an error naming the entry and
  /// the field when the file is malformed, or written in a format this lab does not read.
  public static func load(root: URL) throws -> ExerciseCatalog {
    let url = root.appendingPathComponent("Exercises/exercises.json")
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw LabError("cannot read \(url.path): \(error.localizedDescription)")
    }
    return try decode(data)
  }

  /// Decodes the catalog's JSON; see `load(root:)`.
  static func decode(_ data: Data) throws -> ExerciseCatalog {
    let file = "Exercises/exercises.json"
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw LabError("\(file) is not valid JSON: \(error.localizedDescription)")
    }
    let version = (json as? [String: Any])?["formatVersion"]
    guard let version = version as? Int else {
      throw LabError(
        "\(file) has no formatVersion: add \"formatVersion\": \(formatVersion) at its top")
    }
    guard version == formatVersion else {
      throw LabError(
        "\(file) is written in format \(version); this lab reads format \(formatVersion)")
    }
    do {
      return try JSONDecoder().decode(ExerciseCatalog.self, from: data)
    } catch let error as DecodingError {
      throw LabError("\(file) is malformed: \(describe(error, in: json))")
    }
  }

  /// A decoding error as a maintainer reads it: the entry (by its id when it has one), then
  /// what is wrong with it.
  static func describe(_ error: DecodingError, in json: Any) -> String {
    let path: [CodingKey]
    let problem: String
    switch error {
    case .keyNotFound(let key, let context):
      path = context.codingPath
      problem = "has no \"\(key.stringValue)\""
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      path = context.codingPath
      problem = "is not a \(type)"
    case .dataCorrupted(let context):
      path = context.codingPath
      problem = context.debugDescription
    @unknown default:
      return "\(error)"
    }
    // Walk the JSON along the path, naming each step by its id where it has one.
    var names: [String] = []
    var node: Any? = json
    for key in path {
      if let index = key.intValue {
        node = (node as? [Any]).flatMap { index < $0.count ? $0[index] : nil }
        let id = (node as? [String: Any])?["id"] as? String
        if names.isEmpty { names.append("") }
        names[names.count - 1] += id.map { "[\(index)] (\"\($0)\")" } ?? "[\(index)]"
      } else {
        node = (node as? [String: Any])?[key.stringValue]
        names.append(key.stringValue)
      }
    }
    let place = names.isEmpty ? "the file" : names.joined(separator: ".")
    return "\(place) \(problem)"
  }

  /// Finds an exercise by what a learner types (a name that matches none is a usage error): `3`, `03`, `03-query-continuation`, a
  /// track-qualified `apod/2` (or `appstore/1`, `store/1`), or the start of an id, `apod-02`.
  public func exercise(named name: String) throws -> Exercise {
    let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
    let candidates: [Exercise]
    let key: String
    if parts.count == 2 {
      guard let track = track(named: parts[0]) else {
        throw UsageError(
          "no track '\(parts[0])'; tracks: \(tracks.map(\.id).joined(separator: ", "))")
      }
      candidates = track.exercises
      key = parts[1]
    } else {
      candidates = tracks.first?.exercises ?? []
      key = name
    }
    if let exact = allExercises.first(where: { $0.id == key }) { return exact }
    if let number = Int(key), let match = candidates.first(where: { $0.number == number }) {
      return match
    }
    let started = allExercises.filter { $0.id.hasPrefix(key + "-") }
    if parts.count == 1, started.count == 1 { return started[0] }
    let examples =
      allExercises.prefix(1).map(shortName(of:))
      + tracks.dropFirst().compactMap(\.exercises.first).map(shortName(of:))
    throw UsageError(
      "no exercise '\(name)': name one as \(examples.joined(separator: ", ")) or by its id; `swift run lab list` shows them all"
    )
  }
}
