import KataSupport

// The lab's, not part of the exercise: a LockedValue the lab's scheduler can see. This module's
// own declarations win over KataSupport's, so `LockedValue(false)` and `withLock` in
// ImageLoader.swift name the scheduled lock: KataSupport's LockedValue everywhere but inside an
// exploring check, where taking and giving it back are points at which another job may run, as
// another thread may on a device. Two sections of one lock can then be split, as they are on a
// device when the cancellation and the transport's handler come on two threads at once.
typealias LockedValue<Value> = ScheduledLockedValue<Value>
