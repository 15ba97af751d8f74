import LabTrace
import SimulatedPlatform
import Testing

/// A lane diagram with nothing to draw says why, instead of a bare "(none of the racing steps)".
@Suite("An empty lane diagram")
struct EmptyLaneDiagramTests {
  @Test("The racing steps alone, when none ran: it says that no access of the race ran")
  func emptyRacingSteps() {
    var diagram = LaneDiagram(
      trace: Trace(events: [], links: []), title: "your app's racing steps:")
    diagram.showsOnlyRacing = true
    #expect(
      diagram.render()
        == [
          "your app's racing steps:",
          "  (none of this race's accesses ran in this trace, so there is no step to draw)",
        ])
    diagram.whenEmpty = "it makes none of the accesses that race in your app"
    #expect(diagram.render().last == "  (it makes none of the accesses that race in your app)")
  }
}
