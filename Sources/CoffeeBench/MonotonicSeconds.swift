import Dispatch

/// A monotonic clock reading in seconds.
func monotonicSeconds() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
