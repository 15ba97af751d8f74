import CommandLineSupport
import Foundation
import Testing

/// `race-lab fidelity`: what the lab says of its scheduler, run on this toolchain's runtime in a
/// process of its own (the scheduler's executors are installed once per process). Each statement
/// is a test that fails if the runtime stops behaving as the lab says. The timeout is a safety net
/// against a hang, never a verdict.
@Suite("race-lab fidelity", .timeLimit(.minutes(5)))
struct FidelityCommandTests {
  @Test("Every statement about hops and yields holds, the same on every run")
  func statementsHold() throws {
    let first = try BuiltProduct.run("race-lab", ["fidelity"], timeout: 60)
    let second = try BuiltProduct.run("race-lab", ["fidelity"], timeout: 60)
    #expect(first.result.status == 0, "\(first.output)")
    #expect(first.output == second.output)
    let statements = first.output.split(separator: "\n").filter { $0.hasPrefix("holds") }
    #expect(statements.count == 6, "\(first.output)")
    // The figures the docs quote.
    #expect(first.output.contains("6 of 6 orders of the turns"), "\(first.output)")
    #expect(first.output.contains("4 of 20 orders"), "\(first.output)")
    #expect(first.output.contains("FidelityCommand.swift:"), "the spin's line: \(first.output)")
  }

  @Test("fidelity takes --help and no arguments")
  func helpAndUsage() throws {
    let help = try BuiltProduct.run("race-lab", ["fidelity", "--help"], timeout: 30)
    #expect(help.result.status == 0 && help.output.contains("race-lab fidelity"))
    let wrong = try BuiltProduct.run("race-lab", ["fidelity", "extra"], timeout: 30)
    #expect(wrong.result.status == 2)
  }
}
