import CheckReporting
import CommandLineSupport
import CompilerDiagnostics

/// What the Swift 6 compiler says about one variant, grouped by diagnostic group and, for the
/// before variant, by race catalog entry.
public struct DiagnosticsReport: Sendable {
  /// `before` or `after`.
  public let variant: String
  /// The compiler invocation, for the reader to run again; empty when the report was built from
  /// captured output.
  public let commandLine: [String]
  /// Every error, warning and remark, sorted by file and line; notes are attached to them.
  public let diagnostics: [CompilerDiagnostic]
  /// The diagnostics by group name; those without a group are under `ungrouped`.
  public let byGroup: [String: [CompilerDiagnostic]]
  /// For each catalog entry the compiler finds (by identifier), the diagnostics that map to it,
  /// by the rule `CatalogMatcher` explains. Empty for the after variant: the catalog describes
  /// the before variant.
  public let entriesFound: [String: [CompilerDiagnostic]]
  /// The entries that claim the `.compiler` detector, but that no diagnostic maps to: the
  /// catalog and the compiler disagree.
  public let entriesClaimedButMissed: [RaceEntry]
  /// The entries that do not claim the `.compiler` detector: a hang or blocking I/O is no
  /// concurrency error the compiler can see.
  public let entriesNotVisible: [RaceEntry]
  /// The diagnostics no entry explains: the compiler saw something the catalog does not list.
  public let notInCatalog: [CompilerDiagnostic]
  /// The declaration around each diagnostic, such as `CoffeeData.save`.
  private let declarations: [CompilerDiagnostic: String]
  /// The entries the diagnostics were mapped to; none for the after variant.
  private let catalog: [RaceEntry]

  /// Builds the report from parsed diagnostics. `sources` maps each diagnostic's `file`, as the
  /// compiler printed it, to the file's text; a missing file only weakens the mapping. The
  /// catalog part applies to the `before` variant only.
  public init(
    variant: String, diagnostics: [CompilerDiagnostic], sources: [String: String],
    entries: [RaceEntry] = RaceCatalog.entries, commandLine: [String] = []
  ) {
    self.variant = variant
    self.commandLine = commandLine
    self.diagnostics = diagnostics.sorted {
      ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column)
    }
    byGroup = Dictionary(grouping: self.diagnostics, by: \.groupName)

    let outlines = sources.mapValues { SourceOutline(source: $0) }
    var declarations: [CompilerDiagnostic: String] = [:]
    var found: [String: [CompilerDiagnostic]] = [:]
    var notInCatalog: [CompilerDiagnostic] = []
    let catalog = variant == "before" ? entries : []
    self.catalog = catalog
    for diagnostic in self.diagnostics {
      let outline = outlines[diagnostic.file]
      let path = outline?.declarationPath(atLine: diagnostic.line) ?? []
      if !path.isEmpty { declarations[diagnostic] = path.joined(separator: ".") }
      let matched = CatalogMatcher.entries(matching: diagnostic, outline: outline, in: catalog)
      for entry in matched { found[entry.id, default: []].append(diagnostic) }
      if matched.isEmpty { notInCatalog.append(diagnostic) }
    }
    self.declarations = declarations
    self.entriesFound = found
    self.notInCatalog = notInCatalog
    entriesClaimedButMissed = catalog.filter {
      $0.detectors.contains(.compiler) && found[$0.id] == nil
    }
    entriesNotVisible = catalog.filter { !$0.detectors.contains(.compiler) }
  }

  /// The declaration around `diagnostic`, such as `CoffeeData.save`; nil when its file could not
  /// be read or the diagnostic is outside every declaration.
  public func declaration(of diagnostic: CompilerDiagnostic) -> String? {
    declarations[diagnostic]
  }

  /// The catalog entries `diagnostic` maps to, in catalog order.
  public func entryIDs(of diagnostic: CompilerDiagnostic) -> [String] {
    catalog.map(\.id).filter { entriesFound[$0]?.contains(diagnostic) ?? false }
  }

  /// What is wrong, if anything: the before variant must show every entry that claims the
  /// compiler; the after variant must have no diagnostics at all.
  public var problems: [String] {
    if variant == "before" {
      return entriesClaimedButMissed.map {
        "\($0.id) claims the compiler detects it, but no diagnostic maps to it"
      }
    }
    return diagnostics.isEmpty
      ? []
      : ["the \(variant) variant must compile without diagnostics, but has \(diagnostics.count)"]
  }

  /// Whether the compiler and the catalog agree; `race-lab diagnose` can exit on this.
  public var isAsExpected: Bool { problems.isEmpty }
}

extension DiagnosticsReport {
  /// The report as text: the diagnostics by group, then the catalog entries the compiler finds,
  /// misses and cannot see, then the problems, if any; each line fitted to `width` columns (the
  /// compiler command broken with a shell's `\`, so that it still pastes).
  public func render(width: Int = .max) -> String {
    var lines = ["Swift 6 language mode, complete concurrency checking: the \(variant) variant"]
    if !commandLine.isEmpty {
      let pieces = WordWrap.fit("  $ " + commandLine.joined(separator: " "), width: width - 2)
      lines += pieces.enumerated().map { $0 + 1 < pieces.count ? $1 + " \\" : $1 }
    }
    lines.append("")
    if diagnostics.isEmpty {
      lines.append("No diagnostics.")
    } else {
      lines += renderGroups()
    }
    if variant == "before" {
      lines.append("")
      lines += renderEntries()
    }
    if diagnostics.contains(where: { $0.severity == .error }) {
      // Region-based isolation (`sending`) is checked only after type checking succeeds
      // (probe: type-errors-hide-region-isolation).
      lines += [
        "",
        "Note: errors stop the compiler before its region-based isolation checks (sending values",
        "between isolation domains), so fixing these errors may reveal more.",
      ]
    }
    lines.append("")
    let problems = problems
    if problems.isEmpty {
      lines.append(
        variant == "before"
          ? "OK: the compiler finds every entry the catalog says it finds."
          : "OK: the \(variant) variant compiles cleanly in the Swift 6 language mode.")
    } else {
      lines += problems.map { "PROBLEM: \($0)" }
    }
    return lines.flatMap { line in
      line.count > width && !line.hasSuffix(" \\") ? WordWrap.fit(line, width: width) : [line]
    }.joined(separator: "\n")
  }

  /// The diagnostics under their groups, biggest group first and `ungrouped` last.
  private func renderGroups() -> [String] {
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    var counts = [Wording.count(errors, "error"), Wording.count(warnings, "warning")]
    let others = diagnostics.count - errors - warnings
    if others > 0 { counts.append(Wording.count(others, "remark")) }
    let total = Wording.count(diagnostics.count, "diagnostic")
    var lines = ["\(total) (\(counts.joined(separator: ", "))), by diagnostic group:"]
    let groups = byGroup.keys.sorted { lhs, rhs in
      let order = { (name: String) in
        (name == CompilerDiagnostic.ungrouped ? 1 : 0, -(byGroup[name]?.count ?? 0), name)
      }
      return order(lhs) < order(rhs)
    }
    for group in groups {
      let members = byGroup[group] ?? []
      lines.append("")
      lines.append(
        "  [\(group == CompilerDiagnostic.ungrouped ? group : "#" + group)] \(members.count)")
      for diagnostic in members {
        lines.append(
          "    \(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)"
            + (diagnostic.id.map { " [\($0)]" } ?? ""))
        var context = declaration(of: diagnostic).map { "in \($0)" } ?? "outside any declaration"
        if variant == "before" {
          let ids = entryIDs(of: diagnostic)
          context += ids.isEmpty ? ", not in the catalog" : " -> " + ids.joined(separator: ", ")
        }
        lines.append("      " + context)
      }
    }
    return lines
  }

  /// The catalog entries: found, claimed but missed, not visible; then what no entry explains.
  private func renderEntries() -> [String] {
    let claiming = catalog.filter { $0.detectors.contains(.compiler) }
    var lines = ["By race catalog entry:"]
    lines.append("")
    lines.append(
      "  Found by the compiler (\(entriesFound.count) of the \(claiming.count) entries that "
        + "claim it):")
    for entry in catalog {
      guard let found = entriesFound[entry.id] else { continue }
      lines.append("    \(entry.id): \(entry.title)")
      for diagnostic in found {
        let place = "\(diagnostic.fileName):\(diagnostic.line)"
        lines.append(
          "      \(place) in \(declaration(of: diagnostic) ?? "?"): \(diagnostic.message)")
      }
    }
    if entriesFound.isEmpty { lines.append("    none") }
    if !entriesClaimedButMissed.isEmpty {
      lines.append("")
      lines.append(
        "  PROBLEM, claimed but not found (the catalog says the compiler catches these):")
      for entry in entriesClaimedButMissed {
        lines.append("    \(entry.id): \(entry.title)")
        lines.append(
          "      looked in \(entry.location) for \(entry.symbols.joined(separator: ", "))")
      }
    }
    lines.append("")
    lines.append(
      "  Not visible to the compiler (\(entriesNotVisible.count), caught by other detectors):")
    for entry in entriesNotVisible {
      let detectors = entry.detectors.sorted().map(\.rawValue).joined(separator: ", ")
      lines.append("    \(entry.id) (\(detectors)): \(entry.title)")
    }
    lines.append("")
    lines.append(
      "  Not in the catalog (\(Wording.count(notInCatalog.count, "diagnostic")) no entry explains):"
    )
    for diagnostic in notInCatalog {
      let place = "\(diagnostic.fileName):\(diagnostic.line)"
      lines.append("    \(place) in \(declaration(of: diagnostic) ?? "?"): \(diagnostic.message)")
    }
    if notInCatalog.isEmpty { lines.append("    none") }
    return lines
  }
}
