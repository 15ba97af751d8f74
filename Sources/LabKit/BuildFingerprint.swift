import CommandLineSupport
import Foundation

/// Everything a check executable's build reads, as one line: each file of the package's sources,
/// the checks, the exercise's sources, the manifest and the track metadata, by path, size and
/// modification time; the build's environment; the `swift` driver. When the line is the one
/// written after the last successful build of that product, and the product is still the file
/// that build made, nothing the build reads has changed, and SwiftPM's no-op build (most of a
/// re-check's time) can be skipped.
///
/// Taken before the build starts, so that an edit made while it runs counts as a change. Any
/// change anywhere in those folders rebuilds: the fingerprint is coarser than SwiftPM's own
/// graph on purpose, since a stale check would give a wrong verdict.
struct BuildFingerprint: Equatable {
  let text: String

  /// The folders and files, relative to the package root, whose contents a check's build reads.
  static let packageInputs = [
    "Package.swift", "Exercises/exercises.json", "Sources", "Checks",
  ]

  /// How the learner's own files count.
  enum LearnerFiles {
    /// By what they say: any edit is a change.
    case byContents
    /// By their names only: the structure SwiftPM's build plan depends on, which an edit inside
    /// a file keeps.
    case byName
  }

  /// The fingerprint of a build of `product` from `sourceFolder`, with `environment`, by the
  /// driver at `swift`; nil when a file cannot be read (then the build runs).
  static func take(
    root: URL, sourceFolder: String, environment: [String: String], swift: String,
    learnerFiles: LearnerFiles = .byContents
  ) -> BuildFingerprint? {
    var lines: [String] = []
    for input in packageInputs {
      guard let described = describe(root.appendingPathComponent(input), as: input) else {
        return nil
      }
      lines += described
    }
    // The learner's own files by their contents: two saves of the same size within one tick of
    // the file system's clock (a few milliseconds on Linux) would keep the same stamp.
    guard
      let learner = describe(
        root.appendingPathComponent(sourceFolder), as: sourceFolder,
        stampOf: learnerFiles == .byContents ? contentStamp : { _ in "" })
    else { return nil }
    lines += learner
    guard let driver = stamp(URL(fileURLWithPath: swift)) else { return nil }
    lines.append("driver \(swift) \(driver)")
    for key in environment.keys.sorted() { lines.append("env \(key)=\(environment[key]!)") }
    return BuildFingerprint(text: lines.joined(separator: "\n"))
  }

  /// Where the fingerprint of `product`'s last build is kept, in the build folder it belongs to.
  static func record(for product: String, scratchPath: URL) -> URL {
    scratchPath.appendingPathComponent("lab-fingerprints/\(product).txt")
  }

  /// The fingerprint written after the last build of `executable`, if that build's product is
  /// still there, unchanged since.
  static func lastBuild(at record: URL, executable: URL) -> BuildFingerprint? {
    guard let text = try? String(contentsOf: record, encoding: .utf8),
      let newline = text.firstIndex(of: "\n"),
      let product = stamp(executable), String(text[..<newline]) == "product \(product)"
    else { return nil }
    return BuildFingerprint(text: String(text[text.index(after: newline)...]))
  }

  /// Writes this fingerprint as the one of the build that just made `executable`.
  func write(to record: URL, executable: URL) {
    guard let product = Self.stamp(executable) else { return }
    try? FileManager.default.createDirectory(
      at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? "product \(product)\n\(text)".write(to: record, atomically: true, encoding: .utf8)
  }

  /// Removes the record: the next check builds.
  static func forget(_ record: URL) {
    try? FileManager.default.removeItem(at: record)
  }

  // MARK: The build plan's record, for `DirectRebuild`

  /// Where the record of the build plan SwiftPM wrote for `product`'s last build is kept.
  static func planRecord(for product: String, scratchPath: URL) -> URL {
    scratchPath.appendingPathComponent("lab-fingerprints/\(product).plan.txt")
  }

  /// Writes this fingerprint (taken `.byName`) as the structure that `plan`, just written by
  /// SwiftPM, was made for.
  func writePlanRecord(plan: URL, to record: URL) {
    guard let stamp = Self.stamp(plan) else { return }
    try? FileManager.default.createDirectory(
      at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? "plan \(stamp)\n\(text)".write(to: record, atomically: true, encoding: .utf8)
  }

  /// Whether `plan` is still the file SwiftPM wrote for this very structure (this fingerprint,
  /// taken `.byName`): no other build has written it since, and no file has come, gone or
  /// changed outside the learner's files.
  func planStillFits(_ plan: URL, record: URL) -> Bool {
    guard let stamp = Self.stamp(plan),
      let kept = try? String(contentsOf: record, encoding: .utf8)
    else { return false }
    return kept == "plan \(stamp)\n\(text)"
  }

  /// Every regular file under `url` (or `url` itself), as `path size mtime` lines (or `path
  /// size hash` by contents), sorted.
  private static func describe(
    _ url: URL, as relative: String, stampOf: (URL) -> String? = stamp
  ) -> [String]? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      return ["missing \(relative)"]
    }
    guard isFolder.boolValue else { return stampOf(url).map { ["\(relative) \($0)"] } }
    guard
      let files = FileManager.default.enumerator(
        at: url, includingPropertiesForKeys: [],
        options: [.skipsHiddenFiles])
    else { return nil }
    var lines: [String] = []
    for case let file as URL in files {
      guard let info = status(of: file), info.st_mode & S_IFMT == S_IFREG else { continue }
      guard let stamp = stampOf(file) else { return nil }
      let path = file.path.dropFirst(url.path.count)
      lines.append("\(relative)\(path) \(stamp)")
    }
    return lines.sorted()
  }

  /// A file's size and a hash of its bytes (64-bit FNV-1a: a change detector, not a checksum
  /// against tampering).
  private static func contentStamp(_ url: URL) -> String? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return "\(data.count) \(String(FNV1a.hash(data), radix: 16))"
  }

  /// A file's size and modification time, to the nanosecond the file system keeps.
  private static func stamp(_ url: URL) -> String? {
    guard let info = status(of: url) else { return nil }
    let modified = modificationTime(of: info)
    return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)"
  }

  /// When the file `stat(2)` described was last modified.
  static func modificationTime(of info: stat) -> timespec {
    #if canImport(Darwin)
      info.st_mtimespec
    #else
      info.st_mtim
    #endif
  }

  /// What `stat(2)` says of `url`, following links. (Foundation's file attributes also look
  /// up the owner's and group's names, a read of the user and group databases per file: most
  /// of the time of a fingerprint of some 700 files.)
  static func status(of url: URL) -> stat? {
    var info = stat()
    return stat(url.path, &info) == 0 ? info : nil
  }
}
