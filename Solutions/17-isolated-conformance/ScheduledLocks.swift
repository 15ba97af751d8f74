import SimulatedPlatform

// The lab's, not Apple's: a Mutex the lab's scheduler can see. This module's own declarations
// win over the Synchronization module's, so `Mutex<[Drink]?>(nil)` and `withLock` in the app's
// files name the scheduled mutex: Synchronization's Mutex everywhere but inside an exploring
// check, where taking and giving it back are points at which another job may run, as another
// thread may on a device (probe: module-declarations-shadow-mutex).
typealias Mutex<Value> = ScheduledMutex<Value>

// The same for Foundation's `NSLock`, should the app take one instead: the lab's scheduled lock,
// Foundation's NSLock everywhere but inside an exploring check
// (probe: module-declarations-shadow-nslock).
typealias NSLock = ScheduledNSLock
