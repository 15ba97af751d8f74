import Foundation

/// The starters of a chained track, derived rather than written: exercise N's starter is
/// exercise N-1's solution file for file, and the first starter is the track's
/// `chain.firstStarterFrom` folder (bar the files in `chain.except`). `README.md` is the
/// exercise's own.
struct TrackSync {
  let root: URL
  let catalog: ExerciseCatalog

  /// One starter file that differs from where it comes from.
  struct Drift: Equatable {
    /// The starter file, relative to the root: `Exercises/<id>/<file>`.
    let starter: String
    /// The file it must equal, or nil when the starter file must not exist.
    let source: String?
    /// Whether the starter differs only by a change since the lab came, which was in sync then
    /// (or, for a new file, had none): a learner's work, not drift (see ``CommittedFiles``).
    var isLearnerChange = false
  }

  /// Where each starter file of a chained track comes from: `(starter, source)` pairs, relative
  /// to the root. Stray Swift files in a starter folder pair with nil.
  func expectedFiles(of track: ExerciseCatalog.Track) throws -> [(String, String?)] {
    guard let chain = track.chain else { return [] }
    var pairs: [(String, String?)] = []
    var previousSource = chain.firstStarterFrom
    var except = Set(chain.except)
    for exercise in track.exercises {
      let sources = try swiftFiles(in: previousSource).filter { !except.contains($0) }
      let starterFolder = "Exercises/\(exercise.id)"
      for file in sources {
        pairs.append(("\(starterFolder)/\(file)", "\(previousSource)/\(file)"))
      }
      for file in try swiftFiles(in: starterFolder)
      where !sources.contains(file) && !except.contains(file) {
        pairs.append(("\(starterFolder)/\(file)", nil))
      }
      previousSource = "Solutions/\(exercise.id)"
      except = []
    }
    return pairs
  }

  /// Every starter file of every chained track that differs from its source, each marked when
  /// the difference is only a learner's change (see ``CommittedFiles``).
  func differences() throws -> [Drift] {
    let committed = CommittedFiles(root: root)
    return try catalog.tracks.flatMap { try expectedFiles(of: $0) }.compactMap { starter, source in
      let expected = source.flatMap(read)
      if source != nil, read(starter) == expected { return nil }
      // What git holds decides: the committed starter equals its source, or git has no such
      // file at all (a file the learner added).
      let isLearnerChange =
        committed.edited.contains(starter) && committed.committedText(of: starter) == expected
      return Drift(starter: starter, source: source, isLearnerChange: isLearnerChange)
    }
  }

  /// Every starter file of every chained track that drifted from its source as git holds it:
  /// what the maintainers must fix. A learner's changes are not in it.
  func drift() throws -> [Drift] {
    try differences().filter { !$0.isLearnerChange }
  }

  /// Rewrites every drifted starter file from its source (deleting strays); returns what changed.
  /// A learner's changes are left alone: as the lab came, those starters were in sync.
  func write() throws -> [Drift] {
    let drifted = try drift()
    let fileManager = FileManager.default
    for item in drifted {
      let target = root.appendingPathComponent(item.starter)
      if let source = item.source {
        try fileManager.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? fileManager.removeItem(at: target)
        try fileManager.copyItem(at: root.appendingPathComponent(source), to: target)
      } else {
        try fileManager.removeItem(at: target)
      }
    }
    return drifted
  }

  func swiftFiles(in folder: String) throws -> [String] {
    let url = root.appendingPathComponent(folder)
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
  }

  func read(_ path: String) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }
}
