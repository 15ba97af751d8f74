import LabCheckKit
import SimulatedPlatform

/// Checks that the model's published state, which belongs to the main queue, is read and changed
/// only there. The platform records every change of a `@Published` property and every read made
/// off the main queue, with where it ran: a read off main races with the main queue's writes
/// whether or not this run happened to interleave them, so the check needs no lucky timing.
public enum MainQueueStateChecks {
  /// Passes when, on `platform` so far, no published property was read or changed off the main
  /// queue. `activity` names what the check did, for the message ("adding two drinks").
  /// `stillExpected` names contexts whose reads are a race a later exercise fixes (the model's
  /// background queue before exercise 07).
  public static func stayedOnMain(
    on platform: SimulatedPlatform, during activity: String,
    stillExpected: Set<ExecutionContext> = []
  ) -> CheckOutcome {
    let reads = platform.publishedChanges.readsOffMainQueue.filter {
      !stillExpected.contains($0.context)
    }
    func place(_ context: ExecutionContext) -> String {
      context == .elsewhere ? "a thread of the concurrency pool" : "the \(context)"
    }
    if let read = reads.first {
      return .fail(
        "a data race: while \(activity), \(read.property) was read on \(place(read.context)), off the "
          + "main queue (main-queue state read off main), while the main queue may be changing it. "
          + "Read the value on the main queue, at the time, and hand that value over")
    }
    if let change = platform.publishedChanges.offMainQueue.first {
      return .fail(
        "a data race: while \(activity), \(change.property) was changed on \(place(change.context)), "
          + "off the main queue. Change published state on the main actor only")
    }
    return .pass
  }
}
