import LabTrace
import RaceLab
import Testing

@testable import LabBook

/// The lab book read on a projector and on paper: labels written out, not only on hover; a key;
/// the after variant's accesses marked safe; symptoms without raw Markdown, the tool's detail
/// apart; exercise pages linked in order. From small inputs, without running the app.
@Suite("The lab book, readable")
@MainActor
struct LabBookReadabilityTests {
  static func svg(_ marking: LaneDiagram.Marking) -> String {
    var diagram = LaneDiagram(
      trace: LaneKeyTests.trace, title: "saved-value-race, after: what ran where",
      isRacing: { $0.order != 3 })
    diagram.marking = marking
    return LaneSVG(diagram: diagram, side: "after").render()
  }

  @Test("Every event's label is drawn as text, with its number, not only in a hover title")
  func labelsAreWrittenOut() {
    let svg = Self.svg(.race)
    for label in ["the published [Drink] written", "complication reload"] {
      #expect(svg.contains(">\(label)"), "\(label) is not drawn")
    }
    #expect(svg.contains("No need to save.") && svg.contains("← #1"))
    #expect(svg.contains("lanes: 1 main    2 background queue"))
    #expect(svg.contains("key:  ● an event, on the lane it ran on"))
    #expect(svg.contains("red row, race"))
  }

  @Test("The after variant's diagram marks the same accesses safe here, with why, never race")
  func afterIsSafe() {
    let svg = Self.svg(.safe(reason: "ordered by the actor CoffeeDataStore"))
    #expect(svg.contains("safe here"))
    #expect(svg.contains("ordered by the actor CoffeeDataStore"))
    #expect(!svg.contains(" race<") && !svg.contains("race:"))
  }

  @Test("A symptom has no raw backticks, and ThreadSanitizer's detail goes below it")
  func symptomInPlainWords() throws {
    let entry = try #require(RaceCatalog.entry("saved-value-race"))
    #expect(entry.plainSymptom.hasPrefix("The file holds [A] while the model shows [A, B]"))
    #expect(!entry.plainSymptom.contains("ThreadSanitizer"))
    #expect(entry.symptomToolDetail.hasPrefix("ThreadSanitizer"))
    #expect(entry.plainSymptom + " " + entry.symptomToolDetail == entry.symptom)
    for entry in RaceCatalog.entries {
      let html = LabBook.symptom(of: entry)
      #expect(!html.contains("`"), "\(entry.id): raw backticks in \(html)")
    }
  }

  @Test("Exercise pages link to the previous and the next exercise of their track")
  func exercisePagesLinkInOrder() throws {
    let index = try ExerciseIndex.load(root: LabBookTests.root)
    let coffee = index.all.filter { $0.track == "coffee" }
    try #require(coffee.count > 2)
    let (previous, next) = index.neighbours(of: coffee[1].id)
    #expect(previous?.id == coffee[0].id && next?.id == coffee[2].id)
    #expect(index.neighbours(of: coffee[0].id).previous == nil)
    // The last coffee step does not lead into another track.
    #expect(index.neighbours(of: coffee[coffee.count - 1].id).next == nil)
    let page = LabBook.exercisePage(
      coffee[1], root: LabBookTests.root, neighbours: (previous, next))
    #expect(page.contains("rel=\"prev\" href=\"exercise-\(coffee[0].id).html\""))
    #expect(page.contains("rel=\"next\" href=\"exercise-\(coffee[2].id).html\""))
  }
}
