import Foundation
import SourceScan

/// The calls in the learner's files that block a thread until another thread lets it go: a
/// `.wait(` (a semaphore, a dispatch group), a `.lock(` (a lock) and a `.sync` (a queue).
///
/// A hang report needs them because the backtrace cannot: on this platform Swift's backtracer
/// does not unwind past a thread blocked in the kernel's futex wait (the thread shows its libc
/// frame, then `...`; probed on Swift 6.3.1 with every `unwind` setting), and idle threads of
/// the pool wait the same way. So when no thread is seen in the learner's code, the report names
/// these lines, as the places a thread may be waiting.
enum BlockingWaits {
  /// The method names, after a `.`, that block their thread.
  static let blockingCalls: Set<String> = ["wait", "lock", "sync"]

  /// Each blocking call in `files` of `folder` (relative to `root`), as
  /// `folder/file:line: .name(`, in file then line order. Comments and strings do not count.
  static func places(in files: [String], of folder: String, root: URL) -> [String] {
    files.flatMap { file -> [String] in
      let url = root.appendingPathComponent(folder).appendingPathComponent(file)
      guard let source = try? String(contentsOf: url, encoding: .utf8) else { return [] }
      return calls(in: source).map { "\(folder)/\(file):\($0.line): .\($0.name)" }
    }
  }

  /// The blocking calls in `source`: a `.`, one of `blockingCalls`, then `(` or `{`.
  static func calls(in source: String) -> [(line: Int, name: String)] {
    let tokens = SwiftToken.tokenize(source)
    return tokens.indices.dropFirst().dropLast().compactMap { index in
      let name = tokens[index]
      guard tokens[index - 1].text == ".", name.kind == .word,
        blockingCalls.contains(name.text), ["(", "{"].contains(tokens[index + 1].text)
      else { return nil }
      return (name.line, name.text)
    }
  }
}
