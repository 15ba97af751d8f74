/// A complication on the active watch face: the stand-in for `CLKComplication`.
public struct Complication: Hashable, Sendable, CustomStringConvertible {
  /// The complication's family, such as "circular".
  public let family: String

  public init(family: String) {
    self.family = family
  }

  public var description: String { family }
}
