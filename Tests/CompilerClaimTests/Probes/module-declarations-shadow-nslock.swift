// Claim: a module's own `typealias NSLock` wins over Foundation's `NSLock` for `NSLock()`,
//   `lock()`, `unlock()` and `withLock` written as the lessons write them, with Foundation
//   imported too, so a learner's `NSLock` runs as the lab's scheduled lock.
// Stated in: Exercises/16-mutex-saved-value/ScheduledLocks.swift, Sources/SimulatedPlatform/Core/ScheduledNSLock.swift
// Flags: -swift-version 6
// Run: exits 0
import Foundation

final class ShadowLock: NSObject, NSLocking, @unchecked Sendable {
  private let underlying = NSRecursiveLock()
  private(set) var locks = 0
  func lock() {
    locks += 1
    underlying.lock()
  }
  func unlock() { underlying.unlock() }
}

typealias NSLock = ShadowLock

// As the lessons write it: no module named.
final class Store: @unchecked Sendable {
  let lock = NSLock()
  private var savedValue: [Int]?
  func record(_ list: [Int]) {
    lock.lock()
    savedValue = list
    lock.unlock()
  }
  func isSaved(_ list: [Int]) -> Bool { lock.withLock { savedValue == list } }
}

let store = Store()
store.record([1, 2])
precondition(store.isSaved([1, 2]), "the value went through")
precondition(store.lock.locks == 2, "NSLock was Foundation's")
