/// Points inside the platform where a test can step in, on the very thread that reached them,
/// to force an interleaving: hold a callback until another step has happened, say.
public enum Checkpoint: Hashable, Sendable {
  /// A published property has stored its new value; observers (`didSet`) have not run yet.
  case publishedValueStored
  /// A published property is about to be read off the main queue, where it races with the main
  /// queue's writes: the value returned is whatever the main queue stored last.
  case publishedValueReadingOffMain
  /// A file read has its bytes and is about to return them to the app: what it read can no
  /// longer change, and the app has not yet acted on it.
  case fileReadFinishing
  /// A file write has started: it counts as in flight.
  case fileWriteStarting
  /// A file write has reached the disk and is about to return to the app.
  case fileWriteFinishing
  /// A file write in flight when the app was suspended is about to return to the app without
  /// having reached the disk.
  case fileWriteLostAtSuspension
  /// A health store callback is about to be delivered to the app: the store has done its own
  /// work, and the next instruction is the app's.
  case healthCallbackDelivering(HealthCallbackKind)
  /// A health store callback has returned to the platform, on the thread that ran it; the
  /// platform has not yet counted it finished.
  case healthCallbackReturned(HealthCallbackKind)
  /// The app has marked a background task completed, and has just been suspended.
  case appSuspended
}
