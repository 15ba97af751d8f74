import CheckReporting
import Testing

@testable import LabCheckKit

/// The suite's verdict and the lines `lab` reads from it, without a process to exit.
@Suite("Check suite")
@MainActor
struct CheckSuiteTests {
  /// Runs `suite` and returns its verdict and every line it reported.
  func report(of suite: CheckSuite) async -> (passed: Bool, lines: [String]) {
    var lines: [String] = []
    let passed = await suite.report { lines.append($0) }
    return (passed, lines)
  }

  @Test("All checks passing: each is announced, passes, and the result is pass")
  func allPass() async {
    let suite = CheckSuite()
    suite.check("first") { .pass }
    suite.check("second") { .expect(1 + 1 == 2, "arithmetic broke") }
    let (passed, lines) = await report(of: suite)
    #expect(passed)
    #expect(
      lines == [
        "LAB-RUNNING first", "LAB-CHECK pass first",
        "LAB-RUNNING second", "LAB-CHECK pass second",
        "LAB-RESULT pass",
      ])
  }

  @Test("One check named: it alone runs and decides the result (LAB_ONLY_CHECK)")
  func onlyOneCheck() async {
    let suite = CheckSuite()
    var ran: [String] = []
    suite.check("first") {
      ran.append("first")
      return .fail("not asked for")
    }
    suite.check("second") {
      ran.append("second")
      return .pass
    }
    var lines: [String] = []
    let passed = await suite.report(only: "second") { lines.append($0) }
    #expect(passed)
    #expect(ran == ["second"])
    #expect(lines == ["LAB-RUNNING second", "LAB-CHECK pass second", "LAB-RESULT pass"])
  }

  @Test("A note follows its own check's line, passed or failed, and goes no further")
  func notesFollowTheirCheck() async {
    let suite = CheckSuite()
    suite.check("explores") {
      CheckSuite.note("not explored here")
      return .pass
    }
    suite.check("fails") {
      CheckSuite.note("a note on a failure")
      return .fail("broke\nbecause")
    }
    suite.check("plain") { .pass }
    let (_, lines) = await report(of: suite)
    #expect(
      lines == [
        "LAB-RUNNING explores", "LAB-CHECK pass explores", "LAB-DETAIL not explored here",
        "LAB-RUNNING fails", "LAB-CHECK fail fails :: broke", "LAB-DETAIL because",
        "LAB-DETAIL a note on a failure",
        "LAB-RUNNING plain", "LAB-CHECK pass plain", "LAB-RESULT fail",
      ])
  }

  @Test("One failure fails the run; its first line follows the name, the others are details")
  func oneFailure() async {
    let suite = CheckSuite()
    suite.check("holds") { .pass }
    suite.check("breaks") { .expect([1, 2], equals: [2, 1], "the order changed") }
    let (passed, lines) = await report(of: suite)
    #expect(!passed)
    #expect(
      lines == [
        "LAB-RUNNING holds", "LAB-CHECK pass holds",
        "LAB-RUNNING breaks", "LAB-CHECK fail breaks :: the order changed",
        "LAB-DETAIL expected: [2, 1]", "LAB-DETAIL actual: [1, 2]",
        "LAB-RESULT fail",
      ])
  }

  @Test("A check that throws fails with the error, and the next check still runs")
  func throwingCheck() async {
    struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
    let suite = CheckSuite()
    suite.check("throws") { throw Broken() }
    suite.check("after") { .pass }
    let (passed, lines) = await report(of: suite)
    #expect(!passed)
    #expect(lines.contains("LAB-CHECK fail throws :: the check threw: broken"))
    #expect(lines.contains("LAB-CHECK pass after"))
  }

  @Test("The suite's lines read back as `lab` reads them, with the names registered")
  func linesReadBack() async {
    let suite = CheckSuite()
    suite.check("a name with :: in it") { .fail("why") }
    #expect(suite.names == ["a name with :: in it"])
    let (_, lines) = await report(of: suite)
    let read = lines.compactMap { CheckReport.checkLine($0) }
    #expect(read.count == 1)
    #expect(read.first?.passed == false)
    // The first ` :: ` ends the name: a name must not contain it (`lab dev check` says so), as
    // this one shows.
    #expect(read.first?.name == "a name with")
    #expect(read.first?.message == "in it :: why")
  }
}

@Suite("Combined outcomes")
struct CombinedOutcomeTests {
  @Test("`all` passes only when every check passes, and stops at the first failure")
  func allStopsAtFirstFailure() async throws {
    let outcome = try await CheckOutcome.all([
      { .pass },
      { .fail("second") },
      {
        Issue.record("a check after the first failure ran")
        return .pass
      },
    ])
    #expect(outcome == .fail("second"))
    #expect(try await CheckOutcome.all([{ .pass }, { .pass }]) == .pass)
  }
}
