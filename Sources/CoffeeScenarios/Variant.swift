import CoffeeTrackerAfter
import CoffeeTrackerBefore
import SimulatedPlatform

/// One variant of the Coffee Tracker the lab can run: a name and a way to launch it.
public struct Variant: Sendable, Hashable, CustomStringConvertible {
  /// The variant's short name: "before" or "after".
  public let name: String
  /// Launches a new instance of the variant on a platform.
  public let launch: @MainActor @Sendable (SimulatedPlatform) -> any CoffeeTrackerDriver

  public init(
    name: String,
    launch: @escaping @MainActor @Sendable (SimulatedPlatform) -> any CoffeeTrackerDriver
  ) {
    self.name = name
    self.launch = launch
  }

  /// The completion-handler app, with its races.
  public static let before = Variant(name: "before") {
    CoffeeTrackerBefore.LabDriver.launch(on: $0)
  }
  /// The migrated app: actors, async/await, `@MainActor`.
  public static let after = Variant(name: "after") { CoffeeTrackerAfter.LabDriver.launch(on: $0) }
  /// Both, in that order.
  public static let all = [before, after]

  /// Finds a variant by name.
  public static func named(_ name: String) -> Variant? {
    all.first { $0.name == name }
  }

  public var description: String { name }

  public static func == (lhs: Variant, rhs: Variant) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
