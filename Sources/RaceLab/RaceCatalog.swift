/// Every concurrency defect of the before variant, in one place: the replay tests, the stress
/// runs, `make race`, `make diagnose` and the docs all read this list.
public enum RaceCatalog {
  public static let entries: [RaceEntry] = [
    savedValueRace, healthStateOnCallbackQueues, overlappingLoads, blockingIOOnMain,
    writeLostAtSuspension, authorizationNeverAnswered, reentrantAnchorAcrossAwait,
    nonsendingIOOnMain,
  ]

  /// Finds an entry by identifier.
  public static func entry(_ id: String) -> RaceEntry? {
    entries.first { $0.id == id }
  }

  static let savedValueRace = RaceEntry(
    id: "saved-value-race",
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
    detectors: [.replay, .stress, .compiler],
    afterFix:
      "CoffeeDataStore, an actor, owns savedValue and records the very list it encoded; the model "
      + "passes values to it.",
    talkPassage:
      "Factoring out actors: \"we notice another possible race condition. savedValue...\"")

  static let healthStateOnCallbackQueues = RaceEntry(
    id: "health-state-on-callback-queues",
    title: "isAuthorized and the query anchor are written on callback queues",
    location:
      "CoffeeTrackerBefore/HealthKitController.swift: requestAuthorization(completionHandler:), "
      + "loadNewDataFromHealthKit(completionHandler:)",
    symbols: ["isAuthorized", "anchor"],
    interleaving:
      "The authorization callback writes isAuthorized, and the query callback writes the anchor, on "
      + "arbitrary global queues while another queue reads them.",
    symptom:
      "A data race: no visible symptom most of the time, undefined behaviour always. "
      + "ThreadSanitizer catches the anchor when two loads overlap. isAuthorized is only ever "
      + "written; its accesses go unordered when two authorization requests answer at once (the "
      + "model's at launch and the delegate's when the app becomes active).",
    detectors: [.threadSanitizer, .compiler],
    afterFix: "HealthKitController is an actor: both properties are only touched on the actor.",
    talkPassage: "Using the main actor: \"we can change the class, itself, to be an actor\"")

  static let overlappingLoads = RaceEntry(
    id: "overlapping-loads",
    title: "Overlapping health loads add the same drinks twice",
    location:
      "CoffeeTrackerBefore/HealthKitController.swift: loadNewDataFromHealthKit(completionHandler:)",
    symbols: ["HealthKitController.updateModel"],
    interleaving:
      "Two loads (launch, foreground, background refresh) both read the anchor before either query "
      + "answers; both queries return the same new samples.",
    symptom: "The model, the file and the complication list a drink twice.",
    detectors: [.replay, .stress],
    afterFix:
      "Each load waits for the previous one before reading the anchor, so the second query starts "
      + "from the first one's new anchor.",
    talkPassage: "Beyond the talk: the spec's overlapping loads")

  static let blockingIOOnMain = RaceEntry(
    id: "blocking-io-on-main",
    title: "Blocking disk I/O on the main queue in the background",
    location: "CoffeeTrackerBefore/CoffeeData.swift: CoffeeData.save()",
    symbols: ["saveAction"],
    interleaving:
      "While the app is in the background, any change of the drink list saves synchronously on the "
      + "queue that made it: the main queue.",
    symptom: "The main queue waits for the disk; the platform records blocking file I/O on main.",
    detectors: [.replay, .stress],
    afterFix:
      "drinksUpdated() awaits the store actor's save: the write runs off the main actor and the "
      + "background task waits for it instead.",
    talkPassage:
      "Factoring out actors: \"you should never block the main thread to perform a synchronous IO\""
  )

  static let writeLostAtSuspension = RaceEntry(
    id: "write-lost-at-suspension",
    title: "A background task completed while the disk write is still in flight",
    location: "CoffeeTrackerBefore/ExtensionDelegate.swift: handle(_:)",
    symbols: ["setTaskCompletedWithSnapshot", "handle"],
    interleaving:
      "A refresh task arrives while the app is not in the background state: the save goes to the "
      + "background queue, and the completion handler marks the task completed before it ends.",
    symptom: "The app is suspended with the write in flight: the new drinks never reach the disk.",
    detectors: [.replay, .stress],
    afterFix:
      "The handler awaits the load, which awaits the save, and only then completes the task.",
    talkPassage:
      "The end of the talk: \"You must guarantee all your work is done when you call this\"")

  static let authorizationNeverAnswered = RaceEntry(
    id: "authorization-never-answered",
    title: "The authorization completion is never called",
    location:
      "CoffeeTrackerBefore/HealthKitController.swift: requestAuthorization(completionHandler:)",
    symbols: ["requestAuthorization"],
    interleaving:
      "Health data is unavailable, or the request fails: the function returns without calling back.",
    symptom: "The caller waits forever (a hang).",
    detectors: [.replay, .stress],
    afterFix: "requestAuthorization() async -> Bool returns false on every failure path.",
    talkPassage: "Completion handlers: \"replace it with a return false\"")

  static let reentrantAnchorAcrossAwait = RaceEntry(
    id: "reentrant-anchor-across-await",
    title: "Actor reentrancy: two loads read the same anchor across an await",
    location: "RaceLab/TalkEndStateLoader.swift: a minimal copy of the talk's end state",
    symbols: ["TalkEndStateLoader"],
    interleaving:
      "The talk's actor reads the anchor, awaits the query, then writes the anchor. A second load "
      + "runs on the actor during the first one's await and reads the same anchor.",
    symptom: "Both loads add the same samples: duplicate drinks, with no data race to detect.",
    detectors: [.replay],
    afterFix:
      "The lab's after variant chains its loads, so the second reads the first one's anchor.",
    talkPassage: "updateModel: \"This is why the await keyword is so vital a clue\"")

  static let nonsendingIOOnMain = RaceEntry(
    id: "nonsending-io-on-main",
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
    detectors: [.replay],
    afterFix:
      "The after variant reads on its store actor. In the exercise, `@concurrent` on load() runs "
      + "the read on the global concurrent executor, as a nonisolated async function did before.",
    talkPassage:
      "Beyond the talk: Swift 6.2's approachable concurrency; the talk's \"you should never block "
      + "the main thread to perform a synchronous IO\"")
}
