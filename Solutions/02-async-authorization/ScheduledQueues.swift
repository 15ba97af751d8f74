import SimulatedPlatform

// The lab's, not Apple's: the before variant's queues, as queues the lab's scheduler can own.
// This module's own declarations win over Dispatch's, so `DispatchQueue(label:qos:)`,
// `DispatchQueue.main.async` and `dispatchPrecondition(condition: .onQueue(.main))` in the app's
// files name the scheduled queue and its check: a real dispatch queue and Dispatch's check
// everywhere but inside `race-lab explore`, and the app's source stays as Apple wrote it
// (probe: module-declarations-shadow-dispatch).
typealias DispatchQueue = ScheduledDispatchQueue

func dispatchPrecondition(condition: ScheduledDispatchPredicate) {
  ScheduledDispatchQueue.precondition(condition)
}
