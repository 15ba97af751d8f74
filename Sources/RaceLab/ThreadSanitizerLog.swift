import Foundation

/// ThreadSanitizer's reports in a log, each mapped to the catalog entries whose symbols its
/// stacks name.
public struct ThreadSanitizerLog: Sendable {
  /// One "WARNING: ThreadSanitizer: ..." report, from its first line to its SUMMARY line.
  public struct Report: Sendable {
    public let text: String
    /// The report's SUMMARY line, such as "data race CoffeeData.swift:97 in closure #1 ...".
    public let summary: String
    /// The innermost frame of each racing access: where the conflicting reads and writes are.
    public let accessFrames: [String]
    /// The catalog entries whose symbols appear in an access frame.
    public let entryIDs: [String]
  }

  public let reports: [Report]

  /// Splits `log` into reports and maps each to catalog entries.
  public init(parsing log: String, catalog: [RaceEntry] = RaceCatalog.entries) {
    var reports: [Report] = []
    var current: [Substring]?
    for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.contains("WARNING: ThreadSanitizer:") {
        current = [line]
      } else if current != nil {
        current!.append(line)
        if line.hasPrefix("SUMMARY: ThreadSanitizer:") {
          let text = current!.joined(separator: "\n")
          let summary = String(line.dropFirst("SUMMARY: ThreadSanitizer: ".count))
          let frames = Self.accessFrames(in: current!)
          // Match on the accesses themselves, not the whole stack: a stack that merely passes
          // through a function says nothing about what raced.
          let ids = catalog.filter { entry in
            entry.symbols.contains { symbol in frames.contains { $0.contains(symbol) } }
          }.map(\.id)
          reports.append(Report(text: text, summary: summary, accessFrames: frames, entryIDs: ids))
          current = nil
        }
      }
    }
    self.reports = reports
  }

  /// The first frame ("#0 ...") after each "Read of", "Write of" or "Previous ..." line.
  static func accessFrames(in lines: [Substring]) -> [String] {
    var frames: [String] = []
    var expectingFrame = false
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("Read of") || trimmed.hasPrefix("Write of")
        || trimmed.hasPrefix("Previous ")
        || trimmed.hasPrefix("Atomic")
      {
        expectingFrame = true
      } else if expectingFrame, trimmed.hasPrefix("#0 ") {
        frames.append(String(trimmed.dropFirst(3)))
        expectingFrame = false
      }
    }
    return frames
  }

  /// The reports that map to `entryID`.
  public func reports(for entryID: String) -> [Report] {
    reports.filter { $0.entryIDs.contains(entryID) }
  }

  /// The reports that map to no entry.
  public var unmapped: [Report] {
    reports.filter(\.entryIDs.isEmpty)
  }
}
