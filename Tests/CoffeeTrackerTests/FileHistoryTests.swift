import CoffeeScenarios
import Foundation
import Testing

/// The rule that the drink file never goes back to a list it had left, on histories written by
/// hand: what it flags, and what a right answer's history (drinks added, or removed for good)
/// looks like.
@Suite("The file's history")
struct FileHistoryTests {
  static let (a, b, c) = (UUID(), UUID(), UUID())

  @Test("A write that lands after a newer one, then a later write, is flagged")
  func lateWriteFlagged() throws {
    // [a, b] landed before [a]: the file lost b for a while, and the last write put it back.
    let found = try #require(
      Expectation.firstWriteGoingBack([
        [Self.a], [Self.a, Self.b], [Self.a], [Self.a, Self.b, Self.c],
      ]))
    #expect(found.index == 2)
    #expect(found.dropped == [Self.b])
  }

  @Test("Writes in order, and a drink removed for good, are not flagged")
  func rightHistoriesPass() {
    #expect(
      Expectation.firstWriteGoingBack([[Self.a], [Self.a, Self.b], [Self.a, Self.b, Self.c]]) == nil
    )
    // b deleted in Health and never written again: removed, not gone back.
    #expect(
      Expectation.firstWriteGoingBack([[Self.a, Self.b], [Self.a], [Self.a, Self.c]]) == nil)
    #expect(Expectation.firstWriteGoingBack([]) == nil)
  }
}
