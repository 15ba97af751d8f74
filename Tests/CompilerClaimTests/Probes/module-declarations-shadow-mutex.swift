// Claim: a module's own generic `typealias Mutex<Value>` wins over the Synchronization module's
//   `Mutex` for `Mutex<[Int]?>(nil)` and `withLock` written as the lessons write them, with
//   Synchronization imported too, so a learner's `Mutex` runs as the lab's scheduled mutex.
// Stated in: Exercises/16-mutex-saved-value/ScheduledLocks.swift, Exercises/16-mutex-saved-value/README.md
// Flags: -swift-version 6
// Run: exits 0
import Synchronization

final class ShadowMutex<Value>: @unchecked Sendable {
  private var value: Value
  init(_ initialValue: sending Value) { value = initialValue }
  func withLock<Result, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    counter.locks += 1
    return try body(&value)
  }
}

final class LockCounter: @unchecked Sendable { var locks = 0 }
let counter = LockCounter()

typealias Mutex<Value> = ShadowMutex<Value>

// As the lessons write it: no module named.
final class Store: Sendable {
  private let savedValue = Mutex<[Int]?>(nil)
  func record(_ list: [Int]) { savedValue.withLock { $0 = list } }
  func isSaved(_ list: [Int]) -> Bool { savedValue.withLock { $0 == list } }
}

let store = Store()
store.record([1, 2])
precondition(store.isSaved([1, 2]), "the value went through")
precondition(counter.locks == 2, "Mutex was the Synchronization module's")
