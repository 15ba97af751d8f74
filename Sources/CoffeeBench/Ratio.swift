import Foundation

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
