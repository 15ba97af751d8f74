import CompilerDiagnostics
import Foundation

/// Maps a compiler diagnostic to the race catalog entries it reveals.
///
/// The rule, in order:
/// 1. Only entries that claim the `.compiler` detector are candidates. The others are defects
///    concurrency checking cannot see (a hang, blocking I/O, a logic race, a task completed too
///    early); a diagnostic in their code is about a data race one of the claiming entries
///    records. `requestAuthorization`, for example, hosts both the never-called completion
///    handler and the `isAuthorized` race: its diagnostics belong to the race.
/// 2. The diagnostic's file must be the file in the entry's `location`: the compiler's
///    `Sources/CoffeeTrackerBefore/CoffeeData.swift` ends with the entry's
///    `CoffeeTrackerBefore/CoffeeData.swift`.
/// 3. One of the entry's names must show up around the diagnostic. The names are its `symbols`
///    plus the declarations its `location` lists (`CoffeeData.save()` gives `CoffeeData.save`).
///    A name shows up when its dot-separated parts appear in a row in the path of declarations
///    around the diagnostic (`CoffeeData.save.saveAction`), or in a dotted identifier of the
///    message or of the code on the diagnostic's line (`self.savedValue`). Whole identifiers
///    only: `anchor` does not match `newAnchor`.
///
/// A diagnostic may match several entries, or none: then it is "not in the catalog".
public enum CatalogMatcher {
  /// The entries `diagnostic` reveals, among `entries`; `outline` is the scanned source of the
  /// diagnostic's file, nil when it could not be read (then only the message counts).
  public static func entries(
    matching diagnostic: CompilerDiagnostic, outline: SourceOutline?,
    in entries: [RaceEntry] = RaceCatalog.entries
  ) -> [RaceEntry] {
    let around: [[String]] =
      [outline?.declarationPath(atLine: diagnostic.line) ?? []]
      + dottedIdentifiers(in: diagnostic.message)
      + dottedIdentifiers(in: outline?.code(atLine: diagnostic.line) ?? "")
    return entries.filter { entry in
      entry.detectors.contains(.compiler)
        && isFile(diagnostic.file, theFileOf: entry)
        && names(of: entry).contains { name in around.contains { $0.containsRun(name) } }
    }
  }

  /// The entry's file: its `location` up to the colon, such as
  /// `CoffeeTrackerBefore/CoffeeData.swift`.
  static func file(of entry: RaceEntry) -> String {
    String(entry.location.prefix { $0 != ":" })
  }

  /// The entry's names, each split at its dots: its symbols, then the declarations its location
  /// lists. Prose in a location (`a minimal copy of ...`) is no name and is skipped.
  static func names(of entry: RaceEntry) -> [[String]] {
    let listed = entry.location.drop { $0 != ":" }.dropFirst()
      .split(separator: ",")
      .map { $0.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces) }
    return (entry.symbols + listed)
      .filter { $0.wholeMatch(of: dottedIdentifier) != nil }
      .map { $0.split(separator: ".").map(String.init) }
  }

  /// Whether the compiler's `path` is the entry's file, or ends with it.
  private static func isFile(_ path: String, theFileOf entry: RaceEntry) -> Bool {
    let file = file(of: entry)
    return path == file || path.hasSuffix("/" + file)
  }

  /// Every identifier chain in `text`, such as `["self", "savedValue"]` for `self.savedValue`.
  static func dottedIdentifiers(in text: String) -> [[String]] {
    text.matches(of: dottedIdentifier).map { $0.output.split(separator: ".").map(String.init) }
  }

  // Computed, not stored: a `Regex` is not `Sendable`, so it cannot be a shared `static let`.
  private static var dottedIdentifier: Regex<Substring> {
    #/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/#
  }
}

extension Array where Element == String {
  /// Whether `run` appears in this array as consecutive elements.
  fileprivate func containsRun(_ run: [String]) -> Bool {
    guard !run.isEmpty, run.count <= count else { return false }
    return (0...(count - run.count)).contains { Array(self[$0..<($0 + run.count)]) == run }
  }
}
