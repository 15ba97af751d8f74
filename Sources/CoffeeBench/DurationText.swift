import Foundation

/// Durations as people read them.
enum DurationText {
  static func text(_ seconds: Double) -> String {
    switch seconds {
    case 0: "0"
    case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
    case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
    case ..<1: String(format: "%.2f ms", seconds * 1e3)
    default: String(format: "%.2f s", seconds)
    }
  }
}
