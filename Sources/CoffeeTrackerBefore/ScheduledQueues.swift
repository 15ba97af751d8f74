import SimulatedPlatform

// The lab's, not Apple's: the before variant's queues, as queues the lab's scheduler can own.
// This module's own declaration wins over Dispatch's, so `DispatchQueue(label:qos:)` and
// `DispatchQueue.main.async` in the app's files name `ScheduledDispatchQueue`, a real dispatch
// queue everywhere but inside `race-lab explore`, and the app's source stays as Apple wrote it.
typealias DispatchQueue = ScheduledDispatchQueue
