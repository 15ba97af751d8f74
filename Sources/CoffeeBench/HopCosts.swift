import Dispatch
import Foundation
import Synchronization

/// What one hop between isolation domains costs, in nanoseconds: each figure is the time of a
/// loop of hops divided by the hops made.
enum HopCosts {
  /// One kind of hop, and its cost.
  struct Figure {
    let name: String
    /// Which variant's code makes this kind of hop.
    let usedBy: String
    let seconds: Double
  }

  static func run(hops: Int) async -> [Figure] {
    [
      Figure(
        name: "DispatchQueue.async to a serial queue and back", usedBy: "before",
        seconds: await dispatchRoundTrip(hops: hops / 4)),
      Figure(
        name: "a call into an actor (from another isolation)", usedBy: "after",
        seconds: await actorCall(hops: hops)),
      Figure(
        name: "MainActor.run from another isolation", usedBy: "after",
        seconds: await mainActorRun(hops: hops / 4)),
      Figure(
        name: "an await on the actor that is already current", usedBy: "after",
        seconds: await Counter().awaitSelf(times: hops)),
      Figure(
        name: "Mutex lock and unlock", usedBy: "both (the platform's locks)",
        seconds: mutexLockUnlock(hops: hops * 10)),
    ]
  }

  /// From one serial queue to another with `async`, and back with `async`: the before
  /// variant's way from its background queue to the main queue and back.
  private static func dispatchRoundTrip(hops: Int) async -> Double {
    let home = DispatchQueue(label: "bench home")
    let away = DispatchQueue(label: "bench away")
    return await withCheckedContinuation { continuation in
      home.async {
        let start = monotonicSeconds()
        // The count travels with the hops: nothing is shared between the two queues.
        @Sendable func hop(_ left: Int) {
          away.async {
            home.async {
              if left == 1 {
                continuation.resume(returning: (monotonicSeconds() - start) / Double(hops))
              } else {
                hop(left - 1)
              }
            }
          }
        }
        hop(hops)
      }
    }
  }

  private static func actorCall(hops: Int) async -> Double {
    let counter = Counter()
    let start = monotonicSeconds()
    for _ in 0..<hops { await counter.increment() }
    return (monotonicSeconds() - start) / Double(hops)
  }

  private static func mainActorRun(hops: Int) async -> Double {
    await Task.detached {
      let start = monotonicSeconds()
      for _ in 0..<hops { await MainActor.run {} }
      return (monotonicSeconds() - start) / Double(hops)
    }.value
  }

  private static func mutexLockUnlock(hops: Int) -> Double {
    let mutex = Mutex(0)
    let start = monotonicSeconds()
    for _ in 0..<hops { mutex.withLock { $0 += 1 } }
    let elapsed = monotonicSeconds() - start
    precondition(mutex.withLock { $0 } == hops)
    return elapsed / Double(hops)
  }
}

/// An actor to hop into, and to await on from inside itself.
private actor Counter {
  private var count = 0

  func increment() {
    count += 1
  }

  private func incrementLater() async {
    count += 1
  }

  /// Awaits an async method of this very actor `times` times, from the actor: the callee is
  /// isolated to the actor the task is already on.
  func awaitSelf(times: Int) async -> Double {
    let start = monotonicSeconds()
    for _ in 0..<times { await incrementLater() }
    let elapsed = monotonicSeconds() - start
    precondition(count == times)
    return elapsed / Double(times)
  }
}
