extension RaceCatalog {
  static let nonsendingIOOnMain = RaceEntry(
    .nonsendingIOOnMain,
    title: "A nonisolated async read runs on the main actor under nonisolated(nonsending)",
    location: "RaceLab/NonsendingDrinkLoader.swift: a minimal copy of exercise 15's starter",
    symbols: ["NonsendingDrinkLoader", "load()"],
    interleaving:
      "With the upcoming feature NonisolatedNonsendingByDefault (SE-0461), the store's "
      + "`nonisolated func load() async` is `nonisolated(nonsending)`: it runs on its caller's "
      + "actor. The model calls it from the main actor at launch, so the file is read there.",
    symptom:
      "The main queue waits for the disk at launch; the platform records blocking file I/O on "
      + "main. The compiler says nothing: there is no data race, only work on the wrong actor.",
    afterFix:
      "The after variant reads on its store actor. In the exercise, `@concurrent` on load() runs "
      + "the read on the global concurrent executor, as a nonisolated async function does without "
      + "the feature.",
    talkPassage:
      "Beyond the talk: Swift 6.2's approachable concurrency; the talk's \"you should never block "
      + "the main thread to perform a synchronous IO\"",
    // The before side is the trap's minimal copy (`NonsendingDrinkLoader`); a variant's own
    // launch read is checked for the same symptom.
    replay: ReplaySchedule(
      { try await Replay.launchReadOnMain(on: $0) },
      beforeSide: { try await Replay.nonsendingLoaderReadsOnMain() }),
    // No access is marked: the trap is no race between threads, but a read on the main actor.
    isRacingAccess: { _ in false },
    lesson: RaceLesson(
      before: .init(
        file: "Sources/RaceLab/NonsendingDrinkLoader.swift",
        needle: "nonisolated(nonsending) func load() async -> [Drink] {"),
      after: .init(
        file: "Solutions/15-concurrent-io/CoffeeData.swift",
        needle: "@concurrent nonisolated func load() async -> [Drink] {"),
      exerciseID: "15-concurrent-io"))
}
