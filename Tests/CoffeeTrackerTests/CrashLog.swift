import Foundation
import Testing

/// Where the child process of an exit test sends its standard error, so that this process can
/// tell what killed it: `#expect(processExitsWith:)` returns no result, so no captured output,
/// when the exit status is not the expected one. Made in this process before the exit test, its
/// path captured by the child; removed when it goes out of scope.
struct CrashLog: ~Copyable {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("lab-exit-test-\(UUID().uuidString).stderr").path

  /// In the child: from now on, standard error (the runtime's "Fatal error" line) goes to `path`.
  static func sendStandardError(to path: String) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return }
    dup2(file, STDERR_FILENO)
    close(file)
  }

  /// Records an issue naming what the child was running and the runtime's last words, when the
  /// child left any: the issue `#expect` recorded names only the exit status.
  func reportCrash(running what: String) {
    guard let log = FileManager.default.contents(atPath: path) else { return }
    let lastWords = String(decoding: log, as: UTF8.self)
      .split(separator: "\n")
      .filter { $0.contains("Fatal error") || $0.contains("fatal error") }
      .prefix(3)
    guard !lastWords.isEmpty else { return }
    Issue.record("crashed running \(what):\n\(lastWords.joined(separator: "\n"))")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
