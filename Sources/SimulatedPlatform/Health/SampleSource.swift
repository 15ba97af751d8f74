/// Which app or device wrote a health sample.
public struct SampleSource: Hashable, Sendable, CustomStringConvertible {
  public let name: String

  public init(name: String) {
    self.name = name
  }

  public var description: String { name }
}
