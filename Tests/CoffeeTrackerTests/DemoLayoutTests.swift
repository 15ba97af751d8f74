import CommandLineSupport
import Foundation
import Testing

/// `coffee-demo --lanes` on a projector: the variants' lanes side by side when the width holds
/// both, else one after the other, and saying which; one step alone with `--step`.
@Suite("coffee-demo's lanes on a projector", .timeLimit(.minutes(1)))
struct DemoLayoutTests {
  static func demo(_ arguments: [String]) throws -> [String] {
    let (result, output) = try BuiltProduct.run(
      "coffee-demo", arguments, environment: ["NO_COLOR": "1"], timeout: 50)
    #expect(result.succeeded, "\(result.ending)\n\(output)")
    return output.components(separatedBy: "\n")
  }

  @Test("At 160 columns the variants stand side by side, on the same rows, within the width")
  func sideBySide() throws {
    let lines = try Self.demo(["--lanes", "--step", "7", "--width", "160"])
    #expect(lines.contains("  Lanes: before on the left, after on the right."))
    #expect(
      lines.contains {
        $0.contains("before, step 7: what ran where")
          && $0.contains("after, step 7: what ran where")
      })
    #expect(lines.allSatisfy { $0.count <= 160 }, "\(lines.filter { $0.count > 160 })")
    // One step: no other step's heading.
    #expect(!lines.contains { $0.hasPrefix("Step 6/") || $0.hasPrefix("Step 8/") })
  }

  @Test("At 100 columns they come one after the other, and the demo says so")
  func oneAfterTheOther() throws {
    let lines = try Self.demo(["--lanes", "--step", "7", "--width", "100"])
    #expect(lines.contains { $0.contains("one after the other") })
    #expect(
      !lines.contains {
        $0.contains("what ran where") && $0.contains("after, step") && $0.contains("before, step")
      })
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(lines.filter { $0.count > 100 })")
  }

  @Test("No line says both that the variants differ and that they behave the same")
  func noContradiction() throws {
    let lines = try Self.demo(["--step", "7"])
    #expect(lines.contains { $0.contains("same observable behaviour") })
    #expect(!lines.contains { $0.contains("≠") }, "\(lines.filter { $0.contains("≠") })")
  }
}
