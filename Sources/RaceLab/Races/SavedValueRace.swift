import CheckReporting
import CoffeeScenarios
import SimulatedPlatform

extension RaceCatalog {
  static let savedValueRace = RaceEntry(
    .savedValueRace,
    title: "savedValue is shared between the main queue and the background queue",
    location: "CoffeeTrackerBefore/CoffeeData.swift: CoffeeData.save()",
    symbols: ["savedValue", "CoffeeData.save()"],
    interleaving:
      "The background queue finishes writing [A] just after the main queue stored [A, B] but before "
      + "its didSet ran; it records savedValue = currentDrinks = [A, B], so didSet's save finds "
      + "nothing changed.",
    symptom:
      "The file holds [A] while the model shows [A, B]: a lost save, and a data race. "
      + "ThreadSanitizer sees the race only now and then, never on demand: in a debug build on "
      + "Linux, every access to a lazily initialized global or static (swift_once) synchronizes "
      + "all threads in its eyes, and no schedule the platform can force keeps such an access "
      + "from falling between the two queues' accesses to savedValue. `make race` shows how "
      + "often the stress catches it, as a rate.",
    afterFix:
      "CoffeeDataStore, an actor, owns savedValue and records the very list it encoded; the model "
      + "passes values to it.",
    talkPassage:
      "Factoring out actors: \"we notice another possible race condition. savedValue...\"",
    compilerDiagnoses: true,
    replay: ReplaySchedule { try await Replay.savedValueRace(on: $0) },
    explored: ExploredSchedule(target: "add-drink-active+in-flight", schedule: "8:1"),
    stressInvariants: [
      // A write lost at suspension is its own finding. A file that differs from the model names
      // this entry only when the order of the platform's records shows the race's interleaving
      // (SavedValueRaceEvidence); otherwise it is a lead, and on the after variant a bug.
      StressInvariant(
        .fileDiffersFromModel,
        evidence: { outcome in
          SavedValueRaceEvidence.find(events: outcome.events, offMainReads: outcome.offMainReads)
        },
        breach: { outcome in
          outcome.snapshot.writesLostAtSuspension == 0
            && outcome.snapshot.file.drinks != outcome.snapshot.modelDrinks
            ? "the file differs from the model" : nil
        })
    ],
    isRacingAccess: { event in
      switch event.platformEvent?.kind {
      case .publishedChange?, .log(_, _, "Saved!")?,
        .log(_, _, "The drink list hasn't changed. No need to save.")?:
        true
      default: false
      }
    },
    // The before variant's background queue writes savedValue from currentDrinks ("Saved!"
    // right after), while the main queue writes currentDrinks and reads savedValue. Code
    // isolated to an actor records only the list it was handed, in its own savedValue.
    unorderedEvidence: .memory { event in
      switch event.platformEvent?.kind {
      case .publishedChange?: [.write("currentDrinks", by: event)]
      case .log(_, _, "Saved!")?:
        event.isolation == nil
          ? [.write("savedValue", by: event), .read("currentDrinks", by: event)]
          : [.write("savedValue", by: event)]
      case .log(_, _, "The drink list hasn't changed. No need to save.")?:
        [.read("savedValue", by: event)]
      default: []
      }
    },
    lesson: RaceLesson(
      before: .init(
        file: "Sources/CoffeeTrackerBefore/CoffeeData.swift",
        needle: "self.savedValue = self.currentDrinks"),
      after: .init(
        file: "Sources/CoffeeTrackerAfter/CoffeeData.swift", needle: "savedValue = currentDrinks"),
      exerciseID: "07-coffee-data-store"))
}

extension Replay {
  /// Add A, hold its background write at the disk; add B and, once B is stored but before its
  /// `didSet`, let A's write finish and record `savedValue`.
  static func savedValueRace(on variant: Variant) async throws -> (Bool, String) {
    let (platform, driver) = try await launchSettled(variant)

    let firstWriteOnDisk = Gate()
    let releaseFirstWrite = Gate()
    let writes = Counter()
    let stores = Counter()
    platform.checkpoints.install(at: .fileWriteFinishing) {
      guard writes.increment() == 1 else { return }
      firstWriteOnDisk.open()
      releaseFirstWrite.wait(timeout: 5)
    }
    driver.addDrink(mgCaffeine: 96, onDate: platform.clock.now)
    await firstWriteOnDisk.opened()

    platform.checkpoints.install(at: .publishedValueStored) {
      guard stores.increment() == 1 else { return }
      let mark = platform.events.count
      releaseFirstWrite.open()
      // Hold the main queue until the first write has returned to the app and it logged so.
      _ = platform.events.wait(since: mark, timeout: 5) { event in
        if case .log(_, _, "Saved!") = event.kind { true } else { false }
      }
    }
    driver.addDrink(mgCaffeine: 128, onDate: platform.clock.now)
    try await platform.settle(driver)
    removeAllCheckpoints(on: platform)

    let snapshot = Snapshot(of: driver, on: platform)
    let file = snapshot.file.drinks?.map(\.mgCaffeine) ?? []
    let model = snapshot.modelDrinks.map(\.mgCaffeine)
    return (
      file != model,
      "the model holds \(Wording.drinks(model)); the file, \(Wording.drinks(file))"
    )
  }
}
