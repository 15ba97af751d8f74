#if canImport(Runtime)
  import Runtime
#endif

/// Where a task that yields in a loop yields from: the source lines of the call stack outside
/// the toolchain and the scheduler, innermost first. Read with the Swift runtime's backtracing
/// API (SE-0419, the `Runtime` module); empty where the toolchain has none.
enum SpinSite {
  /// The frames kept: the loop is a few calls above the executor that queues its yield.
  private static let framesRead = 24

  static func capture() -> [String] {
    #if canImport(Runtime)
      guard let backtrace = try? Backtrace.capture(limit: framesRead, top: 0),
        let symbolicated = backtrace.symbolicated()
      else { return [] }
      return symbolicated.frames.compactMap { frame in
        guard let symbol = frame.symbol, let location = symbol.sourceLocation,
          location.line > 0, !location.path.contains("/DeterministicScheduling/"),
          !location.path.contains("/swift/stdlib/")
        else { return nil }
        let file = location.path.split(separator: "/").last.map(String.init) ?? location.path
        return "\(file):\(location.line) in \(symbol.name)"
      }
    #else
      return []
    #endif
  }
}
