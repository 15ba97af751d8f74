import Foundation

/// ThreadSanitizer's reports in a log, each mapped to the catalog entries whose symbols its
/// stacks name.
public struct ThreadSanitizerLog: Sendable {
  /// One "WARNING: ThreadSanitizer: ..." report, from its first line to its SUMMARY line.
  public struct Report: Sendable {
    public let text: String
    /// The report's SUMMARY line, such as "data race CoffeeData.swift:97 in closure #1 ...".
    public let summary: String
    /// The catalog entries whose symbols appear in the report.
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
          let ids = catalog.filter { entry in entry.symbols.contains { text.contains($0) } }.map(\.id)
          reports.append(Report(text: text, summary: summary, entryIDs: ids))
          current = nil
        }
      }
    }
    self.reports = reports
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
