import Testing

@testable import LabCheckKit

/// A kata's finding draws what ran as lanes under `lab`'s indent: every line must fit 80 columns.
@Suite("Kata lanes")
struct KataLanesTests {
  @Test("Six lanes of long events fit 70 columns, each event's words all kept")
  func sixLanesFit() {
    let lanes = ["app", "search 1", "search 2", "search 3", "network", "cache"]
    let events = lanes.enumerated().map { index, lane in
      ExplorationStory.Event(
        lane: lane, text: "answer \(index) for the query typed before the last one arrives late")
    }
    let lines = KataExploration.lanes(events)
    #expect(lines.allSatisfy { $0.count <= 70 }, "\(lines.joined(separator: "\n"))")
    let words = lines.dropFirst().flatMap { $0.split(separator: " ") }.filter { $0 == "late" }
    #expect(words.count == events.count)
  }
}
