import CoffeeDomain
import Foundation

extension Scenario {
  /// Scenarios written for exploration: their end state is the same in every order of their work,
  /// so the checks play them with the steps in flight (`+in-flight`), each `meanwhile` step at
  /// every moment the scheduler can pick, and judge every order by the same expectations. Each puts
  /// the app where a migration step's mistake shows: loads that overlap, a load as an earlier one
  /// ends, a load after a failed one, a drink added during a load (and while it brings a newer
  /// sample), drinks in a row, a write that fails among them, a drink or a sample while the launch
  /// still reads the file, a drink at any moment of the launch, the app coming to the foreground
  /// while an authorization request is pending, the app leaving it during a load, a background
  /// refresh while the store fails or a sample arrives, drinks added while the health store refuses
  /// their samples.
  public static let interleavings: [Scenario] = [
    loadsOverlap, loadAsEarlierEnds, loadAskedAsSampleArrives, loadAfterFailedLoad,
    drinkWhileLoading, drinkWhileSyncing,
    drinksInARow, writeFailsOnce, drinkWhileLaunching, drinkDuringLaunch, sampleWhileLaunching,
    samplesAtForegroundLaunch,
    foregroundWhileAuthorizing, leavesDuringForegroundLoad, refreshWhileStoreFails,
    refreshWhileSampleArrives, opensAndLeavesDuringRefresh, drinkWhileForegroundLoadsDuringRefresh,
    opensTwiceDuringRefresh, opensWhileDrinksAreSavedDuringRefresh,
    drinkDuringRefresh,
    drinksWhileHealthRefuses,
  ]

  private static let s1 = ScenarioIDs.sample(1)
  private static let s2 = ScenarioIDs.sample(2)
  private static let s3 = ScenarioIDs.sample(3)

  /// A watch whose health store holds one sample from another device, S1: 47 mg 90 minutes ago.
  private static let sampleInHealth = {
    var setup = Setup()
    setup.existingSamples = [.otherDeviceAddsSample(mg: 47, minutesAgo: 90, id: s1)]
    return setup
  }()

  /// A watch whose saved file holds one drink: 96 mg an hour ago.
  private static let oneSavedDrink = {
    var setup = Setup()
    setup.savedFile = .drinks([(96, 60)])
    return setup
  }()

  /// The scenario's one background task is completed once, and reports success.
  private static let taskCompletedOnceWithSuccess = Expectation.equal(
    "the background task is completed once, reporting success"
  ) {
    $0.final.backgroundTasks
  } _: { _ in
    [.init(id: 1, success: true, completions: 1)]
  }

  private static func drinks(_ list: (Double, Double)...) -> [DrinkSummary] {
    list.map { DrinkSummary(mg: $0.0, minutesAgo: $0.1) }
  }

  /// Three loads at once, and a sample another device adds at some moment among them; the
  /// relaunch's own load comes after it, whenever it came. Every order must end with each sample
  /// listed once: loads that read the same anchor both bring the sample.
  static let loadsOverlap = Scenario(
    id: "loads-overlap",
    summary: "Three loads from Health overlap while another device adds a sample.",
    setup: sampleInHealth,
    steps: [
      .syncHealth, .syncHealth, .syncHealth,
      .meanwhile(.otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2)), .relaunch,
    ],
    expectations: [.modelHolds(drinks((47, 90), (64, 20)))],
    holdsInEveryOrder: true)

  /// Two loads; once the first has answered, a sample arrives, and a third load starts at some
  /// moment, maybe while the second still runs. A load that starts as an earlier one ends must
  /// still wait its turn.
  static let loadAsEarlierEnds = Scenario(
    id: "load-as-earlier-ends",
    summary: "A load starts as an earlier one ends, while another device adds a sample.",
    setup: sampleInHealth,
    steps: [
      .syncHealth, .syncHealth, .waitForLoad(1),
      .otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2), .meanwhile(.syncHealth), .relaunch,
    ],
    expectations: [.modelHolds(drinks((47, 90), (64, 20)))],
    holdsInEveryOrder: true)

  /// A load, and at some moment of its work a sample arrives and the user asks for another load
  /// at once: the second load's success promises the new sample in the model
  /// (`Expectation.noLoadAnswersBeforeItsWork`), even where the first load's query answered
  /// before the sample came. A load that skips, joins the running one or answers at once while
  /// it goes round again leaves the end state right and its answer wrong.
  static let loadAskedAsSampleArrives = Scenario(
    id: "load-asked-as-sample-arrives",
    summary: "During a load, a sample arrives and another load is asked for at once.",
    setup: sampleInHealth,
    steps: [
      .syncHealth,
      .meanwhile(.together([.otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2), .syncHealth])),
    ],
    expectations: [
      .modelHolds(drinks((47, 90), (64, 20))),
      .equal("both loads succeed", { $0.healthLoadAnswers }, { _ in [true, true] }),
    ],
    holdsInEveryOrder: true)

  /// A load that fails, then one after the store works again: the second queries for itself.
  static let loadAfterFailedLoad = Scenario(
    id: "load-after-failed-load",
    summary: "A load fails; the store works again, a sample arrives, and the next load brings it.",
    steps: [
      .setHealthFailure(.queries, failing: true), .syncHealth, .waitForLoad(1),
      .setHealthFailure(.queries, failing: false),
      .meanwhile(.otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2)), .syncHealth, .relaunch,
    ],
    expectations: [
      .modelHolds(drinks((64, 20))),
      Expectation("the load after the store works again succeeds") { outcome in
        // Its answer, not the relaunch's own load, which the scenario does not ask for.
        outcome.healthLoadAnswers.last == true
          ? nil : "the loads answered \(outcome.healthLoadAnswers)"
      },
    ],
    holdsInEveryOrder: true)

  /// A load from Health that brings a new sample, and a drink added at some moment of its work:
  /// the load's update must keep the drink, whenever it comes.
  static let drinkWhileLoading = Scenario(
    id: "drink-while-loading",
    summary: "A drink is added while a load from Health is under way.",
    setup: sampleInHealth,
    steps: [
      .otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2), .syncHealth,
      .meanwhile(.addDrink(.greenTea)),
    ],
    expectations: [.modelHolds(drinks((47, 90), (64, 20), (28, 0)))],
    holdsInEveryOrder: true)

  /// A load from Health that brings another device's newer sample, and a drink, dated earlier,
  /// added at some moment of the load's work: the sample saved to Health must be the drink
  /// added, whatever the load has put in the model by the time the save runs.
  static let drinkWhileSyncing = Scenario(
    id: "drink-while-syncing",
    summary: "A drink is added while a load from Health brings another device's newer sample.",
    steps: [
      .otherDeviceAddsSample(mg: 64, minutesAgo: 5, id: s1), .syncHealth,
      .meanwhile(.addDrink(.smallCoffee, minutesAgo: 30)),
    ],
    // Not the model's order: the drink and the sample are listed in the order they came.
    expectations: [.healthStoreHolds(drinks((96, 30), (64, 5)))],
    holdsInEveryOrder: true)

  /// Drinks added in a row, one while the app is in the background, and one more at some moment
  /// of the others' saves: every save in flight must land, in order, and the file end as the list.
  static let drinksInARow = Scenario(
    id: "drinks-in-a-row",
    summary: "Drinks are added in a row, one in the background, one while the others save.",
    steps: [
      .addDrink(.smallCoffee, minutesAgo: 30), .setApplicationState(.background),
      .addDrink(.singleEspresso, minutesAgo: 20), .setApplicationState(.active),
      .meanwhile(.addDrink(.greenTea)),
    ],
    expectations: [.modelHolds(drinks((96, 30), (64, 20), (28, 0)))],
    holdsInEveryOrder: true)

  /// Two drinks, the second added at some moment of the first one's save, and the first write of
  /// the list fails, as on a full disk. The app must log the failure and go on: the failed list
  /// is not on disk, so it must not be recorded as saved, and a later save writes the whole list
  /// (every scenario checks that the file agrees with the model). Where both saves carry the
  /// same list, one that recorded the failed write as saved skips the second, and the file keeps
  /// neither drink.
  static let writeFailsOnce = Scenario(
    id: "write-fails-once",
    summary: "The first write of the drink list fails while two drinks are added.",
    steps: [
      .failNextFileWrite, .addDrink(.smallCoffee, minutesAgo: 30), .meanwhile(.addDrink(.greenTea)),
    ],
    expectations: [
      .modelHolds(drinks((96, 30), (28, 0))),
      Expectation("a failed write is logged as an error") { outcome in
        let kinds = outcome.events.map(\.kind)
        guard
          let failed = kinds.firstIndex(where: {
            if case .fileWriteFailed = $0 { true } else { false }
          })
        else { return nil }
        let errorLogged = kinds[failed...].contains {
          if case .log(.error, _, _) = $0 { true } else { false }
        }
        return errorLogged ? nil : "the write failed and no error was logged after it"
      },
    ],
    holdsInEveryOrder: true)

  /// An authorization request, and the app coming to the foreground at some moment, maybe while
  /// the request is still pending: its own request, made then, overlaps the first. Each request
  /// must be answered, and the foreground's load must bring the sample that arrived in the
  /// background.
  static let foregroundWhileAuthorizing = Scenario(
    id: "foreground-while-authorizing",
    summary: "The app comes to the foreground while an authorization request is pending.",
    setup: sampleInHealth,
    steps: [
      .setApplicationState(.background), .otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2),
      .requestAuthorization, .meanwhile(.setApplicationState(.active)),
    ],
    expectations: [
      .modelHolds(drinks((47, 90), (64, 20))),
      .equal("the authorization request is answered, granted") {
        $0.authorizationAnswers
      } _: { _ in
        [true]
      },
    ],
    holdsInEveryOrder: true)

  /// The app comes to the foreground, where it loads what arrived in Health while it was in the
  /// background, and goes to the background again at some moment of that load (the user lowers
  /// the wrist). Leaving the foreground asks the app to stop nothing: the system suspends the
  /// process, and its tasks go on when it runs again. A load given up once its query has moved
  /// the anchor loses the samples it read for good: every later load starts past them.
  static let leavesDuringForegroundLoad = Scenario(
    id: "leaves-during-foreground-load",
    summary: "The app goes to the background while its foreground load from Health runs.",
    setup: sampleInHealth,
    steps: [
      .setApplicationState(.background), .otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2),
      .setApplicationState(.active), .meanwhile(.setApplicationState(.background)), .relaunch,
    ],
    expectations: [.modelHolds(drinks((47, 90), (64, 20)))],
    holdsInEveryOrder: true)

  /// A background refresh, and at some moment of it the user raises the wrist, adds a drink and
  /// lowers it again: the app becomes active, starts work of its own (authorize, then load), and
  /// goes back to the background. The refresh must not complete its task while that work or the
  /// drink's save is still in flight: once every task is complete the system suspends the app,
  /// and a write then in flight (the query's anchor, the list) is lost with it.
  static let opensAndLeavesDuringRefresh = Scenario(
    id: "opens-and-leaves-during-refresh",
    summary: "The user opens the app and leaves it again while a background refresh runs.",
    setup: oneSavedDrink,
    steps: [
      .setApplicationState(.background), .backgroundRefresh,
      .meanwhile(
        .together([
          .setApplicationState(.active), .addDrink(.singleEspresso, minutesAgo: 5),
          .setApplicationState(.background),
        ])),
      .relaunch,
    ],
    expectations: [.modelHolds(drinks((96, 60), (64, 5))), taskCompletedOnceWithSuccess],
    holdsInEveryOrder: true)

  /// A background refresh, the user raising the wrist as it arrives (the app's own work,
  /// authorize then load, starts beside the refresh's), and at some moment of that work adding
  /// a drink and lowering the wrist again. The drink's save can start while the refresh already
  /// waits for the foreground's work: it must be waited for too.
  static let drinkWhileForegroundLoadsDuringRefresh = Scenario(
    id: "drink-while-foreground-loads-during-refresh",
    summary:
      "The app comes to the foreground as a refresh arrives; a drink is added while both run, and the app leaves again.",
    setup: oneSavedDrink,
    steps: [
      .setApplicationState(.background), .backgroundRefresh, .setApplicationState(.active),
      .meanwhile(
        .together([.addDrink(.singleEspresso, minutesAgo: 5), .setApplicationState(.background)])),
      .relaunch,
    ],
    expectations: [.modelHolds(drinks((96, 60), (64, 5))), taskCompletedOnceWithSuccess],
    holdsInEveryOrder: true)

  /// A background refresh, the user raising the wrist as it arrives, and at some moment of the
  /// app's work lowering it, raising it again and lowering it: two openings, each with its own
  /// authorization request and load. The first opening's answer can come after the second's,
  /// so its load runs last: the refresh must wait for both, not only the latest.
  static let opensTwiceDuringRefresh = Scenario(
    id: "opens-twice-during-refresh",
    summary:
      "The app comes to the foreground as a refresh arrives, leaves, comes back and leaves again while the refresh runs.",
    setup: oneSavedDrink,
    steps: [
      .setApplicationState(.background), .backgroundRefresh, .setApplicationState(.active),
      .meanwhile(
        .together([
          .setApplicationState(.background), .setApplicationState(.active),
          .setApplicationState(.background),
        ])),
      .relaunch,
    ],
    expectations: [.modelHolds(drinks((96, 60))), taskCompletedOnceWithSuccess],
    holdsInEveryOrder: true)

  /// Two drinks added in the background as a refresh arrives, and at some moment of the
  /// refresh's work, its wait for their saves included, the user opening the app and lowering
  /// the wrist again. An opening that comes once the refresh has found no foreground work, while
  /// it waits for the drinks, starts a load of its own: the refresh must look for foreground
  /// work again after the drinks, not only before them. With one drink, step 12's check (the
  /// platform built optimized, as fewer jobs) never placed the opening inside that wait; with
  /// two, its seeded PCT runs do, and `race-lab explore` does within one deviation.
  static let opensWhileDrinksAreSavedDuringRefresh = Scenario(
    id: "opens-while-drinks-are-saved-during-refresh",
    summary:
      "Two drinks are added as a refresh arrives, and the user opens the app and leaves it while the refresh runs.",
    setup: oneSavedDrink,
    steps: [
      .setApplicationState(.background),
      .together([
        .addDrink(.singleEspresso, minutesAgo: 5), .addDrink(.greenTea), .backgroundRefresh,
      ]),
      .meanwhile(.together([.setApplicationState(.active), .setApplicationState(.background)])),
      .relaunch,
    ],
    expectations: [
      .modelHolds(drinks((96, 60), (64, 5), (28, 0))), taskCompletedOnceWithSuccess,
    ],
    holdsInEveryOrder: true)

  /// A background refresh while the store fails its queries, working again at some moment: the
  /// task is completed once, whatever the load answered.
  static let refreshWhileStoreFails = Scenario(
    id: "refresh-while-store-fails",
    summary: "A background refresh arrives while the health store fails its queries.",
    steps: [
      .setHealthFailure(.queries, failing: true), .backgroundRefresh,
      .meanwhile(.setHealthFailure(.queries, failing: false)),
    ],
    expectations: [
      Expectation("the background task is completed once") { outcome in
        let tasks = outcome.final.backgroundTasks
        return tasks.count == 1 && tasks[0].completions == 1 ? nil : "\(tasks)"
      }
    ],
    holdsInEveryOrder: true)

  /// A relaunch, and a drink added while it still reads the saved file. The launch's list
  /// replaces drinks added before it is read, in Apple's design (docs/races.md), so what every
  /// order must keep is the file agreeing with the model (every scenario checks it): a save that
  /// lands while the launch reads must still reach the disk.
  static let drinkWhileLaunching = Scenario(
    id: "drink-while-launching",
    summary: "A drink is added while the launch still reads the saved file.",
    setup: oneSavedDrink,
    steps: [.relaunch, .addDrink(.singleEspresso, minutesAgo: 5)],
    expectations: [],
    holdsInEveryOrder: true)

  /// A relaunch, and a drink added at some moment of the launch's work: while it reads the saved
  /// file (the list read replaces the drink, in Apple's design, as in `drink-while-launching`),
  /// while it asks for authorization, or once it is done. A drink the model keeps reaches Health
  /// once (every scenario checks it): the user let the app share at the first launch, and
  /// the simulated store, like HealthKit's `authorizationStatus(for:)`, answers from that
  /// choice at every launch, so a save must not wait for, or be skipped for want of, this
  /// launch's own request.
  static let drinkDuringLaunch = Scenario(
    id: "drink-during-launch",
    summary: "A drink is added at some moment of the launch's work.",
    setup: oneSavedDrink,
    steps: [.relaunch, .meanwhile(.addDrink(.singleEspresso, minutesAgo: 5))],
    expectations: [],
    holdsInEveryOrder: true)

  /// A relaunch whose own load from Health brings a sample that arrived since the last load: the
  /// load must wait for the saved list, or the list read replaces the sample.
  static let sampleWhileLaunching = Scenario(
    id: "sample-while-launching",
    summary: "The launch loads from Health a sample that arrived while the app was not running.",
    setup: oneSavedDrink,
    steps: [.otherDeviceAddsSample(mg: 47, minutesAgo: 30, id: s1), .relaunch],
    expectations: [.modelHolds(drinks((96, 60), (47, 30)))],
    holdsInEveryOrder: true)

  /// Launches by the user, in the foreground, as a watch launches an app: the model's launch
  /// load and `applicationDidBecomeActive()`'s load meet, and another device adds a sample at
  /// some moment of their work. Whichever load brings a sample, the list the launch read from
  /// disk must not replace it (from exercise 09, updates from HealthKit wait for the launch's
  /// read). Two loads that overlap list a sample twice until exercise 11; what every order keeps
  /// before then is each drink listed.
  static let samplesAtForegroundLaunch = Scenario(
    id: "samples-at-foreground-launch",
    summary: "The app is launched in the foreground while another device adds samples.",
    setup: {
      var setup = Setup()
      setup.launchesInForeground = true
      setup.savedFile = .drinks([(96, 60)])
      setup.existingSamples = [.otherDeviceAddsSample(mg: 47, minutesAgo: 30, id: s1)]
      return setup
    }(),
    steps: [
      .relaunch, .meanwhile(.otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2)), .relaunch,
    ],
    expectations: [
      .equal("the model lists 96 mg 1 h ago, 47 mg 30 min ago and 64 mg 20 min ago") {
        Set($0.summary(of: $0.final.modelDrinks))
      } _: { _ in
        Set(drinks((96, 60), (47, 30), (64, 20)))
      }
    ],
    holdsInEveryOrder: true)

  /// A background refresh, with a sample from another device at some moment of its work; the
  /// relaunch's load brings the sample if the refresh came before it. (A drink added just before
  /// the refresh is the catalog's `write-lost-at-suspension` story,
  /// `background-refresh-unavailable+in-flight`, which exercise 10 explores.)
  static let refreshWhileSampleArrives = Scenario(
    id: "refresh-while-sample-arrives",
    summary: "A background refresh runs while another device adds a sample.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(96, 10)])
      return setup
    }(),
    steps: [
      .meanwhile(.otherDeviceAddsSample(mg: 47, minutesAgo: 30, id: s1)), .backgroundRefresh,
      .relaunch,
    ],
    expectations: [
      .modelHolds(drinks((47, 30), (96, 10))),
      taskCompletedOnceWithSuccess,
    ],
    holdsInEveryOrder: true)

  /// A background refresh, and a drink added at some moment of its work: before the task is
  /// completed, its save must be on disk, since the system suspends the app then and a write in
  /// flight is lost. A drink added after the task is completed wakes the app, and its write
  /// lands (the scenario's default order).
  static let drinkDuringRefresh = Scenario(
    id: "drink-during-refresh",
    summary: "A drink is added while a background refresh runs.",
    setup: oneSavedDrink,
    steps: [
      .setApplicationState(.background), .backgroundRefresh,
      .meanwhile(.addDrink(.greenTea, minutesAgo: 5)),
    ],
    expectations: [
      .modelHolds(drinks((96, 60), (28, 5))),
      taskCompletedOnceWithSuccess,
    ],
    holdsInEveryOrder: true)

  /// Two drinks while the health store refuses samples, the store accepting them again at some
  /// moment of their work. A refused sample costs that sample and nothing else: both
  /// drinks stay in the model, and on disk (every scenario checks that the file agrees with the
  /// model), whatever Health answered, so that the disk save must never wait on Health's yes.
  static let drinksWhileHealthRefuses = Scenario(
    id: "drinks-while-health-refuses",
    summary: "Two drinks are added while the health store refuses samples, then accepts them.",
    setup: {
      var setup = Setup()
      setup.health.failsSaves = true
      return setup
    }(),
    steps: [
      .addDrink(.energyDrink, minutesAgo: 10), .addDrink(.blackTea),
      .meanwhile(.setHealthFailure(.saves, failing: false)),
    ],
    expectations: [.modelHolds(drinks((29, 10), (47, 0)))],
    holdsInEveryOrder: true)
}
