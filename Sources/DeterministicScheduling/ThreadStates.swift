import Foundation

/// What the kernel says of this process's threads, where it says it (`/proc`, proc(5)): whether
/// a thread is running or waiting for a core (`R`), in a disk wait that ends by itself (`D`), or
/// asleep in a wait that only another thread can end (`S`: a lock, a semaphore, a condition).
enum ThreadStates {
  /// The kernel's id of the calling thread; nil where `/proc/thread-self` cannot be read.
  static func callerID() -> String? {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
      .flatMap { $0.split(separator: "/").last.map(String.init) }
  }

  /// Whether one of the threads `ids` is making progress: running, runnable, or in a disk wait.
  /// False where none can be read: then a wait cannot be told from a slow job, and the caller's
  /// time limit alone decides.
  static func anyIsRunnable(_ ids: [String]) -> Bool {
    ids.contains { ["R", "D"].contains(state(of: $0)) }
  }

  /// The state letter of thread `id`: the first field after the command name, which is in
  /// parentheses and may itself hold spaces or parentheses.
  private static func state(of id: String) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].first { $0 != " " }
  }
}
