import Testing

/// `race-lab stress` projected: its summary, findings and seeds included, fits the columns.
@Suite("race-lab stress on screen", .timeLimit(.minutes(5)))
struct StressSummaryWidthTests {
  @Test("Every line of a stress summary fits 80 columns")
  func summaryFits() throws {
    let (_, output) = try BuiltProduct.run(
      "race-lab", ["stress", "--variant", "before", "--iterations", "4", "--quiet"],
      environment: ["COLUMNS": "80"], timeout: 50)
    let lines = output.split(separator: "\n")
    #expect(lines.contains { $0.contains("iterations in") }, "\(output)")
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(output)")
  }
}
