import CompilerDiagnostics
import Testing

@testable import LabCheckKit

/// Which of the compiler's warnings a check shows the learner.
@Suite("Compiler warnings shown by a check")
struct CompilerWarningsTests {
  func warning(_ file: String, _ line: Int, group: String?) -> CompilerDiagnostic {
    CompilerDiagnostic(
      file: "/lab/Exercises/02/\(file)", line: line, column: 1, severity: .warning,
      message: "a warning", group: group)
  }

  @Test("All of the step's files; elsewhere, only the calls of a deprecated shim: the callers left")
  func deprecatedCallsElsewhere() {
    let warnings = [
      warning("HealthKitController.swift", 93, group: "SendableClosureCaptures"),
      warning("CoffeeData.swift", 162, group: "SendableClosureCaptures"),
      warning("CoffeeData.swift", 171, group: "DeprecatedDeclaration"),
      warning("ExtensionDelegate.swift", 30, group: "DeprecatedDeclaration"),
      warning("LabDriver.swift", 25, group: "DeprecatedDeclaration"),
    ]
    let shown = CompilerWarnings.shown(
      warnings, files: ["HealthKitController.swift"],
      deprecatedCallsIn: ["CoffeeData.swift", "ExtensionDelegate.swift"])
    #expect(
      shown.map { "\($0.fileName):\($0.line)" } == [
        "HealthKitController.swift:93", "CoffeeData.swift:171", "ExtensionDelegate.swift:30",
      ])
  }
}
