// Claim: a module's own `typealias DispatchQueue` and `func dispatchPrecondition(condition:)` win
//   over Dispatch's for `DispatchQueue(label:qos:)`, `DispatchQueue.main.async` and
//   `dispatchPrecondition(condition: .onQueue(.main))` written as the before variant writes them,
//   with Dispatch imported too, so the app's source needs no change to run under the scheduler.
// Stated in: Sources/CoffeeTrackerBefore/ScheduledQueues.swift
// Flags: -swift-version 5
// Run: exits 0
import Dispatch

final class ShadowQueue {
  nonisolated(unsafe) static var made = 0
  nonisolated(unsafe) static var blocks = 0
  init(label: String, qos: DispatchQoS) { Self.made += 1 }
  static let main = ShadowQueue(label: "main", qos: .default)
  func async(execute work: @escaping @Sendable () -> Void) { Self.blocks += 1 }
}

enum ShadowPredicate {
  case onQueue(ShadowQueue)
}

nonisolated(unsafe) var shadowChecks = 0

typealias DispatchQueue = ShadowQueue

func dispatchPrecondition(condition: ShadowPredicate) { shadowChecks += 1 }

// As Apple's code writes them: no type named, no module named.
let background = DispatchQueue(label: "Background Queue", qos: .userInitiated)
DispatchQueue.main.async {}
dispatchPrecondition(condition: .onQueue(.main))

precondition(ShadowQueue.made == 2, "DispatchQueue(label:qos:) was Dispatch's")
precondition(ShadowQueue.blocks == 1, "DispatchQueue.main.async was Dispatch's")
precondition(shadowChecks == 1, "dispatchPrecondition was Dispatch's")
