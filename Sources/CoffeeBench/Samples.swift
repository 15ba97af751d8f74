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
