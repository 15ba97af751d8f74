import CheckReporting
import CommandLineSupport
import Foundation

/// What a check computed from the learner's code and nothing else (the compiler's warnings, the
/// Swift 6 compile a check judges, the exploring child's verdict), kept beside the check
/// executable and reused while nothing it depends on has changed: a re-check with no edit then
/// runs no compiler and explores nothing again.
///
/// The key is the whole input, compared exactly, not a hash of it: the check executable's path
/// and modification date (it is rebuilt whenever a module the learner's files are in or import
/// changes), whatever else the output depends on, and each file's path and text. One entry per
/// name, replaced on every miss, so the cache stays one small file per exercise and purpose.
struct OutputCache {
  /// The file the entry is kept in.
  let file: URL
  /// Everything the output depends on, as text.
  let key: String

  /// The cache entry `name` for an output that depends on the check executable, on `parts` and
  /// on the text of `files`; nil when an input cannot be read (then the work is done again, as
  /// without a cache).
  init?(name: String, dependingOn parts: [String], files: [String] = []) {
    guard (ProcessInfo.processInfo.environment[LabEnvironment.noCache] ?? "").isEmpty else {
      return nil
    }
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    guard let built = Self.modificationDate(of: executable) else { return nil }
    var parts = [executable, built] + parts
    for path in files {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
      parts += [path, text]
    }
    // NUL never occurs in a path, an argument or Swift source: it keeps the parts apart.
    key = parts.joined(separator: "\u{0}")
    file = Self.folder.appendingPathComponent("\(name).cache")
  }

  /// Where the entries are kept: beside the running executable (a check's, in the build
  /// folder), or in the temporary folder when that folder cannot be written (a test runner
  /// that lives in the toolchain's folder).
  static var folder: URL {
    let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    let beside = executable.deletingLastPathComponent()
    guard !FileManager.default.isWritableFile(atPath: beside.path) else {
      return beside.appendingPathComponent("lab-warnings")
    }
    // One folder per executable, named by its path.
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-warnings-\(stableHash(executable.path))")
  }

  /// A hash of `text` that is the same in every process (64-bit FNV-1a, in hexadecimal), to
  /// name an entry or a folder; Swift's own `hashValue` is seeded afresh per process.
  static func stableHash(_ text: String) -> String {
    String(FNV1a.hash(text.utf8), radix: 16)
  }

  /// The cache for compiling `files` with `arguments` (the files last, as passed).
  init?(
    moduleName: String, languageMode: Int, swiftc: URL, arguments: [String], files: [String],
    purpose: String = "warnings"
  ) {
    self.init(
      name: "\(moduleName)-swift\(languageMode)-\(purpose)", swiftc: swiftc, arguments: arguments,
      files: files)
  }

  /// The cache entry `name` for what `swiftc` answers to `arguments` about `files`.
  init?(name: String, swiftc: URL, arguments: [String], files: [String]) {
    guard let compiler = Self.modificationDate(of: swiftc.path) else { return nil }
    self.init(name: name, dependingOn: [swiftc.path, compiler] + arguments, files: files)
  }

  private static func modificationDate(of path: String) -> String? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
      .map { "\($0.timeIntervalSinceReferenceDate)" }
  }

  /// The separator between the key and the output in the cache file.
  private static let separator = "\u{0}\u{0}output\u{0}\u{0}"

  /// The compiler's output kept for exactly this key; nil otherwise.
  func output() -> String? {
    guard let text = try? String(contentsOf: file, encoding: .utf8),
      let split = text.range(of: Self.separator), text[..<split.lowerBound] == key
    else { return nil }
    return String(text[split.upperBound...])
  }

  /// Keeps `output` for this key, replacing the entry before it. A cache that cannot be written
  /// is no cache: the next check runs the compiler again.
  func keep(_ output: String) {
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data((key + Self.separator + output).utf8).write(to: file, options: .atomic)
  }
}
