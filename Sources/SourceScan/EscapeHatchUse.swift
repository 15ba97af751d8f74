/// One use of an escape hatch in a source file.
public struct EscapeHatchUse: Hashable, Sendable, CustomStringConvertible {
  public let hatch: EscapeHatch
  /// The file's path, as given to the scan.
  public let file: String
  /// The 1-based line of the use.
  public let line: Int

  public init(hatch: EscapeHatch, file: String, line: Int) {
    self.hatch = hatch
    self.file = file
    self.line = line
  }

  public var description: String { "\(file):\(line): \(hatch.rawValue)" }
}
