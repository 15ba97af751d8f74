import CoffeeScenarios
import RaceLab
import Testing

/// The race catalog is the one description of each race: these tests keep what other parts of
/// the lab read from it whole.
@Suite("Race catalog")
struct RaceCatalogTests {
  @Test("Entries have distinct names, and each names at least one detector")
  func entriesAreDistinct() {
    let entries = RaceCatalog.entries
    #expect(Set(entries.map(\.knownBug)).count == entries.count)
    #expect(Set(entries.map(\.id)).count == entries.count)
    for entry in entries {
      #expect(!entry.detectors.isEmpty, "\(entry.id) names no detector")
      #expect(RaceCatalog.entry(entry.knownBug) == entry)
    }
  }

  @Test("Every known bug a scenario names is an entry that explains the failure")
  func scenariosNameExplainedEntries() {
    let expectations = Scenario.all.flatMap(\.allExpectations)
    let named =
      Set(Scenario.all.flatMap(\.knownBeforeBugs)).union(expectations.compactMap(\.brokenBy))
    #expect(!named.isEmpty)
    for bug in named {
      let entry = RaceCatalog.entry(bug)
      #expect(entry != nil, "\(bug) is no catalog entry")
      #expect(entry?.failureExplanation != nil, "\(bug): its entry explains no failure")
    }
  }

  @Test("Each stress invariant is checked once, by an entry or as one that no entry explains")
  func stressInvariantsAreCheckedOnce() {
    let names = Stress.invariants.map(\.invariant.name)
    #expect(names.count == Stress.Invariant.allCases.count)
    #expect(Set(names) == Set(Stress.Invariant.allCases))
  }
}
