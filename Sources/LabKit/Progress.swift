import Foundation

/// What the learner has done, in one git-ignored file: `.lab-progress.json` at the root.
public struct Progress: Codable, Sendable, Equatable {
  /// The exercise `lab check`, `watch` and `hint` work on when none is named.
  public var current: String?
  /// The exercises whose checks have passed.
  public var solved: Set<String> = []
  /// The highest hint level shown, per exercise.
  public var hintsShown: [String: Int] = [:]

  public init() {}

  /// The progress file under `root`.
  public static func url(root: URL) -> URL {
    root.appendingPathComponent(".lab-progress.json")
  }

  /// Reads the progress file; a missing file is a fresh start. A file that cannot be read is
  /// kept aside under a new name, and the learner is told, so nothing is lost.
  public static func load(root: URL, warn: (String) -> Void = { _ in }) -> Progress {
    let url = url(root: root)
    guard let data = try? Data(contentsOf: url) else { return Progress() }
    do {
      return try JSONDecoder().decode(Progress.self, from: data)
    } catch {
      let aside = url.appendingPathExtension("unreadable-\(Int(Date().timeIntervalSince1970))")
      try? FileManager.default.moveItem(at: url, to: aside)
      warn(
        "\(url.lastPathComponent) could not be read; kept it as \(aside.lastPathComponent) and started afresh"
      )
      return Progress()
    }
  }

  /// Writes the progress file atomically.
  public func save(root: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: Self.url(root: root), options: [.atomic])
  }

  /// The exercise to work on: the current one, else the first not solved.
  public func currentExercise(in catalog: ExerciseCatalog) -> ExerciseCatalog.Exercise? {
    if let current, let exercise = catalog.allExercises.first(where: { $0.id == current }) {
      return exercise
    }
    return catalog.allExercises.first { !solved.contains($0.id) }
  }
}
