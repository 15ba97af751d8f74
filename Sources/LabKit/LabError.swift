/// A failure the `lab` command reports in one line.
public struct LabError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
