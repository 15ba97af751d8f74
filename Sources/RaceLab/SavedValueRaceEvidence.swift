import CoffeeScenarios
import SimulatedPlatform

/// What in the platform's records ties "the file differs from the model" to `saved-value-race`,
/// with no clock involved: only the order of the platform's events.
///
/// The race leaves this trace, as the catalog entry describes it. The last write that reached the
/// disk wrote an older list (the file differs from the model); on the queue that wrote it, the
/// app then read the model's published list off the main queue, to record it as saved; and by
/// the time of that read, the main queue had already stored the model's final list (before the
/// write ended, or after). So the list recorded as saved is the final one, the change check of
/// the main queue's `didSet` found nothing to save, and the file kept the older list.
enum SavedValueRaceEvidence {
  /// The evidence, in words, or nil when the records do not show that interleaving.
  static func find(
    events: [PlatformEvent], offMainReads: [PublishedChangeRecorder.OffMainRead],
    fileName: String = Snapshot.fileName
  ) -> String? {
    guard
      let lastWrite = events.last(where: {
        if case .fileWritten(fileName, _) = $0.kind { true } else { false }
      })
    else { return nil }
    // The read that followed the last write on the queue that made it.
    guard
      let readAfterWrite = offMainReads.first(where: {
        $0.context == lastWrite.context && $0.eventsBefore > lastWrite.sequence
      })
    else { return nil }
    // The main queue's last change of that property was stored before that read.
    let lastChange = events.last {
      if case .publishedChange(readAfterWrite.property) = $0.kind {
        $0.context == .mainQueue
      } else {
        false
      }
    }
    guard let lastChange, lastChange.sequence < readAfterWrite.eventsBefore else { return nil }
    return
      "the last write of \(fileName) (event #\(lastWrite.sequence), \(place(lastWrite.context))) "
      + "was followed there by a read of \(readAfterWrite.property) off the main queue, made "
      + "after the main queue's last change of it (event #\(lastChange.sequence)): the list "
      + "recorded as saved is the model's, not the one written"
  }

  /// Where an event ran, as a phrase: `on the main queue`, `on the background queue`, `on a
  /// thread of the pool` (an actor's or a task's).
  static func place(_ context: ExecutionContext) -> String {
    context == .elsewhere ? "on a thread of the pool" : "on the \(context)"
  }
}
