import Foundation

/// The compiler's output for the learner's code (its warnings, or the Swift 6 compile a check
/// judges), kept beside the check executable and reused while nothing it depends on has
/// changed: a re-check with no edit then runs no compiler.
///
/// The key is the whole input, compared exactly, not a hash of it: the compiler's path and
/// arguments, the check executable's and the compiler's modification dates (the executable is
/// rebuilt whenever a module the files import changes), and each file's path and text. One entry
/// per module and language mode, replaced on every miss, so the cache stays one small file per
/// exercise.
struct WarningsCache {
  /// The file the entry is kept in.
  let file: URL
  /// Everything the compiler's output depends on, as text.
  let key: String

  /// The cache for compiling `files` with `arguments` (the files last, as passed), or nil when
  /// an input cannot be read (then the compiler runs, as without a cache).
  init?(
    moduleName: String, languageMode: Int, swiftc: URL, arguments: [String], files: [String],
    purpose: String = "warnings"
  ) {
    let manager = FileManager.default
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    func modified(_ path: String) -> String? {
      (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        .map { "\($0.timeIntervalSinceReferenceDate)" }
    }
    guard let built = modified(executable), let compiler = modified(swiftc.path) else {
      return nil
    }
    var parts = [swiftc.path, compiler, executable, built] + arguments
    for path in files {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
      parts += [path, text]
    }
    // NUL never occurs in a path, an argument or Swift source: it keeps the parts apart.
    key = parts.joined(separator: "\u{0}")
    file = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("lab-warnings")
      .appendingPathComponent("\(moduleName)-swift\(languageMode)-\(purpose).cache")
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
