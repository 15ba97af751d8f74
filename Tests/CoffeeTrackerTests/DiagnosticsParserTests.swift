import CompilerDiagnostics
import Foundation
import RaceLab
import Testing

/// The compiler detector of the race lab: parsing `swiftc` output, finding the declaration
/// around a diagnostic, and mapping diagnostics to the race catalog.
@Suite("Compiler diagnostics")
struct DiagnosticsParserTests {
  /// Output captured from `swiftc -diagnostic-style llvm` on the before variant, excerpts kept.
  /// The ungrouped stored-property error comes from an earlier before variant, whose complication
  /// data source was a `Sendable` class; it now explains no catalog entry.
  static let capturedOutput = """
    Sources/CoffeeTrackerBefore/CoffeeData.swift:122:9: error: capture of 'self' with non-Sendable type 'CoffeeData' in a '@Sendable' closure [#SendableClosureCaptures]
            self.logger.debug("Asynchronously saving the model on a background thread.")
            ^
    Sources/CoffeeTrackerBefore/CoffeeData.swift:10:13: note: class 'CoffeeData' does not conform to the 'Sendable' protocol
    final class CoffeeData: ObservableObject {
                ^
    Sources/CoffeeTrackerBefore/CoffeeData.swift:123:9: error: capture of 'saveAction' with non-Sendable type '() -> ()' in a '@Sendable' closure [#SendableClosureCaptures]
            saveAction()
            ^
    Sources/CoffeeTrackerBefore/CoffeeData.swift:123:9: note: a function type must be marked '@Sendable' to conform to 'Sendable'
            saveAction()
            ^
    Sources/CoffeeTrackerBefore/ComplicationController.swift:7:15: error: stored property 'model' of 'Sendable'-conforming class 'ComplicationController' has non-Sendable type 'CoffeeData'
      private let model: CoffeeData
                  ^
    Sources/CoffeeTrackerBefore/CoffeeData.swift:10:13: note: class 'CoffeeData' does not conform to the 'Sendable' protocol
    final class CoffeeData: ObservableObject {
                ^
    """

  @Test("Errors keep their location, message, group and notes")
  func parsesLLVMStyle() throws {
    let diagnostics = DiagnosticsParser.parse(Self.capturedOutput)
    try #require(diagnostics.count == 3)

    let capture = diagnostics[0]
    #expect(capture.file == "Sources/CoffeeTrackerBefore/CoffeeData.swift")
    #expect((capture.line, capture.column) == (122, 9))
    #expect(capture.severity == .error)
    #expect(
      capture.message
        == "capture of 'self' with non-Sendable type 'CoffeeData' in a '@Sendable' closure")
    #expect(capture.group == "SendableClosureCaptures")
    #expect(capture.notes.map(\.line) == [10])
    #expect(
      capture.notes.first?.message
        == "class 'CoffeeData' does not conform to the 'Sendable' protocol")

    // The stored-property error comes without a group.
    #expect(diagnostics[2].group == nil)
    #expect(diagnostics[2].groupName == "ungrouped")
  }

  @Test("Excerpts, footers and driver errors")
  func parsesOtherLines() {
    #expect(DiagnosticsParser.parseLine("            ^") == nil)
    #expect(DiagnosticsParser.parseLine("  private let model: CoffeeData") == nil)
    // The `swift` style's footer names a group's documentation; it is no diagnostic.
    let footer =
      "[#SendableClosureCaptures]: <https://docs.swift.org/compiler/documentation/diagnostics/sendable-closure-captures>"
    #expect(DiagnosticsParser.parseLine(footer) == nil)

    let driverError = DiagnosticsParser.parseLine("error: unknown argument: '-frobnicate'")
    #expect(driverError?.file == "<unknown>")
    #expect(driverError?.line == 0)
    #expect(driverError?.message == "unknown argument: '-frobnicate'")

    // `-debug-diagnostic-names` puts the diagnostic's ID before its group; both leave the message.
    let named = DiagnosticsParser.parseLine(
      "a.swift:6:41: error: reference to captured var 'count' in concurrently-executing code "
        + "[concurrent_access_of_local_capture] [#SendableClosureCaptures]")
    #expect(named?.id == "concurrent_access_of_local_capture")
    #expect(named?.group == "SendableClosureCaptures")
    #expect(named?.message == "reference to captured var 'count' in concurrently-executing code")
    let ungrouped = DiagnosticsParser.parseLine(
      "a.swift:10:46: error: main actor-isolated property 'value' can not be referenced from a "
        + "nonisolated context [actor_isolated_non_self_reference]")
    #expect(ungrouped?.id == "actor_isolated_non_self_reference")
    #expect(ungrouped?.group == nil)
    #expect(DiagnosticsParser.parseLine("a.swift:1:1: error: no ID [Here]")?.id == nil)

    let warning = DiagnosticsParser.parseLine(
      "/tmp/a b/x.swift:3:1: warning: var 'x' was never mutated [#NeverMutated]")
    #expect(warning?.file == "/tmp/a b/x.swift")
    #expect(warning?.severity == .warning)
    #expect(warning?.group == "NeverMutated")
  }

  /// A cut-down copy of the before variant's CoffeeData.swift: the shape that matters (a
  /// multi-line `didSet`, a local closure, strings and comments with braces), fewer lines.
  static let coffeeData = """
    import Foundation

    final class CoffeeData {
      private var savedValue: [Drink] = []
      @Published var currentDrinks: [Drink] = [] {
        didSet { self.save() }  // not a declaration: { ... }
      }

      private func save() {
        if let unchanged = savedValue.first { print("\\(unchanged) }") }
        let saveAction = {
          self.savedValue = self.currentDrinks
        }
        background.async {
          saveAction()
        }
      }

      private func load(completion: @escaping () -> Void = { }) {
        background.async { [self] in
          logger.debug("Loading the model.")
        }
      }
    }
    """

  @Test("The declaration around a line")
  func findsEnclosingDeclaration() {
    let outline = SourceOutline(source: Self.coffeeData)
    #expect(outline.declarationPath(atLine: 4) == ["CoffeeData", "savedValue"])
    #expect(outline.declarationPath(atLine: 6) == ["CoffeeData", "currentDrinks"])
    // `if let` and a brace inside a string or a comment change nothing.
    #expect(outline.declarationPath(atLine: 10) == ["CoffeeData", "save"])
    #expect(outline.declarationPath(atLine: 11) == ["CoffeeData", "save", "saveAction"])
    #expect(outline.declarationPath(atLine: 12) == ["CoffeeData", "save", "saveAction"])
    #expect(outline.declarationPath(atLine: 15) == ["CoffeeData", "save"])
    // The default closure in the parameter list is not the body.
    #expect(outline.declarationPath(atLine: 21) == ["CoffeeData", "load"])
    #expect(outline.declarationPath(atLine: 26) == [])
    #expect(outline.code(atLine: 6) == "    didSet { self.save() }  ")
  }

  /// A diagnostic at `line` of the cut-down CoffeeData.swift.
  static func diagnostic(atLine line: Int, _ message: String) -> CompilerDiagnostic {
    CompilerDiagnostic(
      file: "Sources/CoffeeTrackerBefore/CoffeeData.swift", line: line, column: 9,
      severity: .error, message: message, group: "SendableClosureCaptures")
  }

  @Test("A diagnostic inside CoffeeData.save() maps to saved-value-race")
  func mapsSaveToSavedValueRace() {
    let outline = SourceOutline(source: Self.coffeeData)
    let inSave = Self.diagnostic(
      atLine: 15,
      "capture of 'saveAction' with non-Sendable type '() -> ()' in a '@Sendable' closure")
    #expect(
      CatalogMatcher.entries(matching: inSave, outline: outline).map(\.id) == ["saved-value-race"])

    // `blocking-io-on-main` lives in the same function and names `saveAction`, but the compiler
    // cannot see blocking I/O: the entry does not claim it, so it gets nothing.
    #expect(RaceCatalog.entry("blocking-io-on-main")?.detectors.contains(.compiler) == false)

    // load() is no catalog entry's code, and nothing on the line names one.
    let inLoad = Self.diagnostic(
      atLine: 21, "capture of 'self' with non-Sendable type 'CoffeeData' in a '@Sendable' closure")
    #expect(CatalogMatcher.entries(matching: inLoad, outline: outline).isEmpty)

    // Without the source, the message alone decides.
    #expect(CatalogMatcher.entries(matching: inSave, outline: nil).isEmpty)
  }

  @Test("Names match whole identifiers, in the right file")
  func matchesWholeIdentifiers() {
    let source = """
      final class HealthKitController {
        func loadNewDataFromHealthKit() {
          query { newAnchor in
            self.anchor = newAnchor
          }
        }
        func save(drink: Drink) {
          store.save { self.log(newAnchor) }
        }
      }
      """
    let outline = SourceOutline(source: source)
    func entries(line: Int, file: String = "Sources/CoffeeTrackerBefore/HealthKitController.swift")
      -> [String]
    {
      let diagnostic = CompilerDiagnostic(
        file: file, line: line, column: 1, severity: .error, message: "capture of 'self'")
      return CatalogMatcher.entries(matching: diagnostic, outline: outline).map(\.id)
    }
    // In a function the entry's location names; overlapping-loads shares the function but does
    // not claim the compiler.
    #expect(entries(line: 4) == ["health-state-on-callback-queues"])
    // `newAnchor` is not `anchor`, and save(drink:) is no listed function.
    #expect(entries(line: 8).isEmpty)
    // The same code in the after variant's file is no before entry.
    #expect(entries(line: 4, file: "Sources/CoffeeTrackerAfter/HealthKitController.swift").isEmpty)
  }

  @Test("The report groups, maps and finds what is missing")
  func buildsReport() {
    let diagnostics = DiagnosticsParser.parse(Self.capturedOutput)
    // The captured lines refer to the real files; map them against the real line numbers.
    let sources = [
      "Sources/CoffeeTrackerBefore/CoffeeData.swift": String(repeating: "\n", count: 76)
        + "final class CoffeeData {\n  private func save() {\n"
        + String(repeating: "    x()\n", count: 48) + "  }\n}\n",
      "Sources/CoffeeTrackerBefore/ComplicationController.swift":
        "import Foundation\n\nfinal class ComplicationController: ComplicationDataSource {\n"
        + "\n\n\n  private let model: CoffeeData\n}\n",
    ]
    let report = DiagnosticsReport(variant: "before", diagnostics: diagnostics, sources: sources)

    #expect(report.byGroup["SendableClosureCaptures"]?.count == 2)
    #expect(report.byGroup["ungrouped"]?.count == 1)
    #expect(report.entriesFound["saved-value-race"]?.map(\.line) == [122, 123])
    #expect(report.declaration(of: diagnostics[0]) == "CoffeeData.save")
    #expect(report.declaration(of: diagnostics[2]) == "ComplicationController.model")
    // The sample has nothing in HealthKitController.swift: that entry is missed, a problem.
    #expect(report.entriesClaimedButMissed.map(\.id) == ["health-state-on-callback-queues"])
    #expect(!report.isAsExpected)
    #expect(report.entriesNotVisible.map(\.id).contains("authorization-never-answered"))
    #expect(report.notInCatalog.map(\.line) == [7])
    #expect(report.render().contains("PROBLEM: health-state-on-callback-queues claims"))
  }

  @Test("The after variant must have no diagnostics")
  func afterVariantMustBeClean() {
    let clean = DiagnosticsReport(variant: "after", diagnostics: [], sources: [:])
    #expect(clean.isAsExpected)
    #expect(clean.entriesClaimedButMissed.isEmpty)

    let diagnostic = DiagnosticsParser.parse(Self.capturedOutput)[0]
    let dirty = DiagnosticsReport(variant: "after", diagnostics: [diagnostic], sources: [:])
    #expect(!dirty.isAsExpected)
    #expect(dirty.entriesFound.isEmpty)
    #expect(dirty.render().contains("PROBLEM: the after variant must compile without diagnostics"))
  }

  /// The `Modules` folder of the build these tests run from, where `CoffeeDomain` and
  /// `SimulatedPlatform` are built; nil when the runner lives elsewhere (Xcode's `xctest`).
  static let modulesDirectory: URL? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let modules = directory.appendingPathComponent("Modules")
      if FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("SimulatedPlatform.swiftmodule").path)
      {
        return modules
      }
      directory.deleteLastPathComponent()
    }
    return nil
  }()

  /// The package root, three levels above this file.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test(
    "The real compiler finds every entry that claims it, and nothing in the after variant",
    .enabled(if: modulesDirectory != nil && (try? CompilerRun.findSwiftc()) != nil))
  func realCompilerAgreesWithCatalog() throws {
    let modules = try #require(Self.modulesDirectory)
    let before = try CompilerRun.run(
      variant: "before", packageRoot: Self.packageRoot, modulesDirectory: modules)
    #expect(before.isAsExpected, "\(before.render())")
    #expect(!before.diagnostics.isEmpty)
    // `make diagnose` projected: the command and the compiler's lines fitted to 80 columns.
    let projected = before.render(width: 80).split(separator: "\n")
    #expect(projected.allSatisfy { $0.count <= 80 }, "\(projected.joined(separator: "\n"))")

    let after = try CompilerRun.run(
      variant: "after", packageRoot: Self.packageRoot, modulesDirectory: modules)
    #expect(after.diagnostics.isEmpty, "\(after.render())")
  }
}
