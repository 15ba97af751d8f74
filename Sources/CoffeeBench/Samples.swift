import Foundation

/// Samples of one figure, in seconds, and the percentiles the table prints.
struct Samples: Sendable {
  private(set) var values: [Double] = []

  mutating func append(_ value: Double) {
    values.append(value)
  }

  var count: Int { values.count }

  /// The `fraction` percentile by the nearest-rank method: with 20 samples, p99 is the largest.
  func percentile(_ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  var p50: Double { percentile(0.5) }
  var p99: Double { percentile(0.99) }
  var maximum: Double { values.max() ?? 0 }
}

/// How a before figure compares with its after figure, measured in the same run.
enum Ratio {
  /// "12.3×": how many times the before figure is the after one. When the after figure is 0
  /// (nothing measured at all), the ratio has no value and says so.
  static func text(before: Double, after: Double) -> String {
    guard after > 0 else { return before > 0 ? "after: none" : "both: none" }
    let ratio = before / after
    return ratio >= 100 ? String(format: "%.0f×", ratio) : String(format: "%.1f×", ratio)
  }

  static func value(before: Double, after: Double) -> Double? {
    after > 0 ? before / after : nil
  }
}

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

/// A monotonic clock reading in seconds.
func monotonicSeconds() -> Double {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
