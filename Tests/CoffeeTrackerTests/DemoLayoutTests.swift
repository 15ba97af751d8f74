import CommandLineSupport
import Foundation
import Testing

/// `coffee-demo --lanes` on a projector: the variants' lanes side by side when the width holds
/// both, else one after the other, and saying which; one step alone with `--step`.
@Suite("coffee-demo's lanes on a projector", .timeLimit(.minutes(5)))
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

  /// The lines of `lines` longer than `width`, for a failure message.
  static func overflowing(_ lines: [String], _ width: Int) -> [String] {
    lines.filter { $0.count > width }.map { "\($0.count): \($0)" }
  }

  @Test(
    "make demo fits the width: 80 columns in a file or a pipe, --width 60, every scenario too",
    arguments: [
      ([], 80), (["--width", "60"], 60), (["--scenario", "all", "--width", "60"], 60),
      (["--lanes", "--width", "60"], 60),
    ])
  func fitsTheWidth(_ arguments: [String], _ width: Int) throws {
    // An empty COLUMNS counts as none: the output goes to a file, so 80 unless --width says.
    let (result, output) = try BuiltProduct.run(
      "coffee-demo", arguments, environment: ["NO_COLOR": "1", "COLUMNS": ""], timeout: 50)
    #expect(result.succeeded, "\(result.ending)\n\(output)")
    let lines = output.components(separatedBy: "\n")
    #expect(lines.count > 50)
    #expect(Self.overflowing(lines, width).isEmpty, "\(Self.overflowing(lines, width))")
  }

  @Test("Fitting 60 columns wraps between words: the same words as at 1000, none cut or added")
  func wrapsKeepingEveryWord() throws {
    func words(_ width: String) throws -> [Substring] {
      let (_, output) = try BuiltProduct.run(
        "coffee-demo", ["--width", width], environment: ["NO_COLOR": "1"], timeout: 50)
      return output.split(whereSeparator: \.isWhitespace)
    }
    let wide = try words("1000")
    #expect(wide.count > 500)
    #expect(try words("60") == wide)
  }
}
