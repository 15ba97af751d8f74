import CoffeeDomain
import Foundation
import SimulatedPlatform

extension Scenario {
  /// Every scenario of the behaviour suite, in the order the demo plays them.
  public static let all: [Scenario] = [
    firstLaunch, launchWithSavedFile, launchWindowEdges, launchWithAgedOutFile, addDrinkWhileActive,
    addDrinkInBackground, addDrinkWindow, healthSyncAdds, healthSyncWindow, healthSyncDeletes,
    healthSyncDeletesOwnDrink, healthSyncAddsAndDeletes, ownSamplesNotDuplicated,
    healthStoreUnavailable, authorizationDenied, authorizationError,
    authorizationErrorThenGranted, queryError, queryErrorThenRecovers, saveError,
    saveErrorThenRecovers, backgroundRefreshWithNewData, backgroundRefreshDeletes,
    backgroundRefreshOwnSamples, backgroundRefreshUnavailable, refreshFailsThenAppLeavesAgain,
    corruptDataFile, cupsAndCaffeine, dayOfCoffee,
  ]

  private static let s1 = ScenarioIDs.sample(1)
  private static let s2 = ScenarioIDs.sample(2)
  private static let s3 = ScenarioIDs.sample(3)
  private static let s4 = ScenarioIDs.sample(4)
  private static let s5 = ScenarioIDs.sample(5)

  /// A day in minutes, the length of the window of drinks kept.
  private static let day = 24.0 * 60

  private static func drinks(_ list: (Double, Double)...) -> [DrinkSummary] {
    list.map { DrinkSummary(mg: $0.0, minutesAgo: $0.1) }
  }

  static let firstLaunch = Scenario(
    id: "first-launch",
    summary: "The app launches for the first time: no file, nothing in the health store.",
    steps: [],
    expectations: [
      .modelHolds([]),
      .equal("no data file is written for an empty list", { $0.final.file }, { _ in .missing }),
      .equal(
        "no background refresh is scheduled before the app goes to the background",
        { $0.final.scheduledRefreshes }, { _ in 0 }),
    ])

  static let launchWithSavedFile = Scenario(
    id: "launch-with-saved-file",
    summary:
      "A saved file holds drinks from the last 24 hours, one older, one dated in the future.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(96, 60), (64, 23 * 60), (144, 24 * 60 + 1), (192, -30)])
      return setup
    }(),
    steps: [],
    expectations: [
      .modelHolds(drinks((96, 60), (64, 23 * 60))),
      .equal("the complications are reloaded once", { $0.final.complicationReloads }, { _ in 1 }),
      .healthStoreHolds([]),
    ])

  static let addDrinkWhileActive = Scenario(
    id: "add-drink-active",
    summary: "The user adds two drinks while the app is in front.",
    steps: [.addDrink(.smallCoffee, minutesAgo: 30), .addDrink(.doubleEspresso)],
    expectations: [
      .modelHolds(drinks((96, 30), (128, 0))),
      .healthStoreHolds(drinks((96, 30), (128, 0))),
      .equal("each drink's sample carries the drink's UUID") { outcome in
        Set(outcome.final.healthSamples.compactMap(\.syncIdentifier))
      } _: {
        Set($0.final.modelDrinks.map(\.uuid))
      },
      .equal(
        "the complications are reloaded at launch and for each drink",
        { $0.final.complicationReloads }, { _ in 3 }),
      .equal("the complication shows the caffeine level") {
        $0.final.complicationLevel.map(rounded)
      } _: {
        rounded($0.final.modelDrinks.totalCaffeine(at: $0.now))
      },
    ])

  static let addDrinkInBackground = Scenario(
    id: "add-drink-background",
    summary: "The user adds a drink while the app is in the background.",
    steps: [.setApplicationState(.background), .addDrink(.largeCoffee)],
    expectations: [
      .modelHolds(drinks((192, 0))),
      .healthStoreHolds(drinks((192, 0))),
      .equal(
        "going to the background schedules one background refresh",
        { $0.final.scheduledRefreshes }, { _ in 1 }),
    ],
    knownBeforeBugs: [.blockingIOOnMainQueue])

  static let healthSyncAdds = Scenario(
    id: "health-sync-adds",
    summary: "Another device adds two samples; the app loads them.",
    steps: [
      .addDrink(.greenTea, minutesAgo: 10),
      .otherDeviceAddsSample(mg: 47, minutesAgo: 90, id: s1),
      .otherDeviceAddsSample(mg: 64, minutesAgo: 20, id: s2),
      .syncHealth,
    ],
    expectations: [
      .modelHolds(drinks((47, 90), (64, 20), (28, 10))),
      .equal("the new drinks keep their samples' identifiers") {
        $0.final.modelDrinks.map(\.uuid).filter { [s1, s2].contains($0) }
      } _: { _ in
        [s1, s2]
      },
      .equal("the load succeeds", { $0.healthLoadAnswers }, { _ in [true] }),
    ])

  static let healthSyncDeletes = Scenario(
    id: "health-sync-deletes",
    summary: "The user deletes, in the Health app, a sample the app had loaded; the app drops it.",
    setup: {
      var setup = Setup()
      setup.existingSamples = [
        .otherDeviceAddsSample(mg: 96, minutesAgo: 120, id: s1),
        .otherDeviceAddsSample(mg: 47, minutesAgo: 60, id: s2),
      ]
      return setup
    }(),
    steps: [.userDeletesSample(id: s1), .syncHealth],
    expectations: [
      .modelHolds(drinks((47, 60))),
      .equal("the load succeeds", { $0.healthLoadAnswers }, { _ in [true] }),
    ])

  static let healthSyncAddsAndDeletes = Scenario(
    id: "health-sync-adds-and-deletes",
    summary: "One load brings an added sample and a deleted one.",
    setup: {
      var setup = Setup()
      setup.existingSamples = [.otherDeviceAddsSample(mg: 96, minutesAgo: 120, id: s1)]
      return setup
    }(),
    steps: [
      .addDrink(.singleEspresso, minutesAgo: 5),
      .userDeletesSample(id: s1),
      .otherDeviceAddsSample(mg: 29, minutesAgo: 30, id: s3),
      .syncHealth,
    ],
    expectations: [
      .modelHolds(drinks((29, 30), (64, 5))),
      .healthStoreHolds(drinks((29, 30), (64, 5))),
    ])

  static let ownSamplesNotDuplicated = Scenario(
    id: "own-samples-not-duplicated",
    summary: "The app's own samples come back in the next load and are skipped.",
    steps: [
      .addDrink(.mediumCoffee, minutesAgo: 15), .syncHealth, .setApplicationState(.inactive),
      .setApplicationState(.active),
    ],
    expectations: [
      .modelHolds(drinks((144, 15))),
      .healthStoreHolds(drinks((144, 15))),
      Expectation("coming to the foreground asks for authorization, then loads") { outcome in
        guard
          let index = outcome.steps.lastIndex(where: { $0.step == .setApplicationState(.active) }),
          index > 0
        else { return "the app never became active" }
        // The events of that step alone, not the relaunch's own request and load.
        let kinds = outcome.events[
          outcome.steps[index - 1].snapshot.eventCount..<outcome.steps[index].snapshot.eventCount
        ].map(\.kind)
        guard
          let asked = kinds.firstIndex(where: {
            if case .healthAuthorizationRequested = $0 { true } else { false }
          })
        else { return "no authorization request when the app became active" }
        let queried = kinds[asked...].contains {
          if case .healthQueryAnswered = $0 { true } else { false }
        }
        return queried ? nil : "no health query after the authorization request"
      },
    ])

  static let healthStoreUnavailable = Scenario(
    id: "health-store-unavailable",
    summary:
      "The watch has no health data: drinks are kept, nothing reaches the store, nothing hangs.",
    setup: {
      var setup = Setup()
      setup.health.isHealthDataAvailable = false
      return setup
    }(),
    steps: [.addDrink(.blackTea), .requestAuthorization, .syncHealth],
    expectations: [
      .modelHolds(drinks((47, 0))),
      .healthStoreHolds([]),
      .equal(
        "the authorization request is answered with false", brokenBy: .authorizationNeverAnswered,
        { $0.authorizationAnswers }, { _ in [false] }),
      .equal("the load answers false", { $0.healthLoadAnswers }, { _ in [false] }),
    ],
    knownBeforeBugs: [.authorizationNeverAnswered])

  static let authorizationDenied = Scenario(
    id: "authorization-denied",
    summary:
      "The user denies sharing: drinks stay on the watch, and other devices' data is hidden.",
    setup: {
      var setup = Setup()
      setup.health.grantsAuthorization = false
      setup.existingSamples = [.otherDeviceAddsSample(mg: 96, minutesAgo: 45, id: s1)]
      return setup
    }(),
    steps: [.addDrink(.softDrink), .requestAuthorization, .syncHealth],
    expectations: [
      .modelHolds(drinks((22, 0))),
      .healthStoreHolds(drinks((96, 45))),
      .equal("the request itself is answered", { $0.authorizationAnswers }, { _ in [true] }),
    ])

  static let queryError = Scenario(
    id: "query-error",
    summary:
      "The anchored query fails: the model is unchanged and the background task reports failure.",
    setup: {
      var setup = Setup()
      setup.health.failsQueries = true
      return setup
    }(),
    steps: [
      .addDrink(.chocolate),
      .otherDeviceAddsSample(mg: 96, minutesAgo: 30, id: s1),
      .syncHealth,
      .setApplicationState(.background),
      .backgroundRefresh,
    ],
    expectations: [
      .modelHolds(drinks((18, 0))),
      .equal("the load answers false", { $0.healthLoadAnswers }, { _ in [false] }),
      .equal("the background task is completed once, reporting failure") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: false, completions: 1)]
      },
      .equal("no further refresh is scheduled", { $0.final.scheduledRefreshes }, { _ in 1 }),
    ])

  static let saveError = Scenario(
    id: "save-error",
    summary: "The health store refuses the sample: the drink is still kept on the watch.",
    setup: {
      var setup = Setup()
      setup.health.failsSaves = true
      return setup
    }(),
    steps: [.addDrink(.energyDrink)],
    expectations: [
      .modelHolds(drinks((29, 0))),
      .healthStoreHolds([]),
      // Any error: the only thing that fails here is the health save, and its words are the
      // learner's (the sample's "Unable to save" is in no README or hint).
      Expectation("the failure is logged") { outcome in
        outcome.final.errorsLogged.isEmpty ? "no error logged" : nil
      },
    ])

  static let backgroundRefreshWithNewData = Scenario(
    id: "background-refresh",
    summary: "In the background, a refresh task brings new health data.",
    steps: [
      .setApplicationState(.background),
      .otherDeviceAddsSample(mg: 128, minutesAgo: 40, id: s1),
      .backgroundRefresh,
    ],
    expectations: [
      .modelHolds(drinks((128, 40))),
      .equal("the task is completed once, reporting success") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: true, completions: 1)]
      },
      .equal("the next refresh is scheduled", { $0.final.scheduledRefreshes }, { _ in 2 }),
      .taskCompletedAfterLastFileWrite,
    ],
    knownBeforeBugs: [.blockingIOOnMainQueue])

  static let corruptDataFile = Scenario(
    id: "corrupt-data-file",
    summary:
      "The data file is garbage: the app starts empty, says why, and keeps the bad file aside.",
    setup: {
      var setup = Setup()
      setup.savedFile = .corrupt(Data("not a property list".utf8))
      return setup
    }(),
    steps: [],
    expectations: [
      .modelHolds([]),
      .equal("the bad file is kept aside, untouched") { outcome in
        outcome.final.documentFiles
      } _: { _ in
        ["CoffeeTracker.plist.unreadable"]
      },
      // The behaviour, not the wording: an error names where the bad file went, in whatever
      // words the learner chose (nothing a learner reads gives the sample's sentence).
      Expectation("an error is logged that names the kept-aside file") { outcome in
        let keptAside = "CoffeeTracker.plist.unreadable"
        let errors = outcome.final.errorsLogged
        return errors.contains { $0.localizedCaseInsensitiveContains(keptAside) }
          ? nil
          : "no error logged names \(keptAside), where the unreadable file was kept; errors "
            + "logged: \(errors)"
      },
    ])

  static let dayOfCoffee = Scenario(
    id: "day-of-coffee",
    summary:
      "A scripted day: coffee, tea from the phone, a background refresh, an evening relaunch.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(96, 20 * 60)])
      return setup
    }(),
    steps: [
      .addDrink(.smallCoffee),
      .advanceClock(minutes: 90),
      .addDrink(.doubleEspresso),
      .otherDeviceAddsSample(mg: 47, minutesAgo: 30, id: s1),
      .setApplicationState(.background),
      .advanceClock(minutes: 15),
      .backgroundRefresh,
      .setApplicationState(.active),
      .advanceClock(minutes: 5 * 60),
      .relaunch,
      .addDrink(.greenTea),
    ],
    expectations: [
      .modelHolds(drinks((96, 6 * 60 + 45), (47, 5 * 60 + 45), (128, 5 * 60 + 15), (28, 0))),
      .equal("the background task is completed once, reporting success") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: true, completions: 1)]
      },
    ],
    knownBeforeBugs: [.blockingIOOnMainQueue])
  // MARK: The 24-hour window on every path

  static let launchWindowEdges = Scenario(
    id: "launch-window-edges",
    summary:
      "The saved file holds drinks at the edges of the window: exactly 24 hours old and exactly now are kept, one minute older or one minute ahead are dropped.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(64, day), (22, day + 1), (18, 0), (29, -1)])
      return setup
    }(),
    steps: [],
    expectations: [.modelHolds(drinks((64, day), (18, 0)))])

  static let launchWithAgedOutFile = Scenario(
    id: "launch-with-aged-out-file",
    summary:
      "The saved file holds only drinks older than 24 hours: the model starts empty, and the "
      + "empty list must overwrite the file, or the old drinks stay on disk for good.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(96, day + 60), (64, day + 120)])
      return setup
    }(),
    steps: [],
    // "The file on disk equals the model", which every scenario checks, is the point here: a
    // store that believes the file already holds the empty list skips the write.
    expectations: [.modelHolds([])])

  static let addDrinkWindow = Scenario(
    id: "add-drink-window",
    summary:
      "Adding a drink trims the list to the last 24 hours, edges included, and drops drinks dated outside it.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(96, 23 * 60), (64, 22 * 60)])
      return setup
    }(),
    steps: [
      // The saved drinks become 25 and exactly 24 hours old.
      .advanceClock(minutes: 120),
      .addDrink(.greenTea, minutesAgo: day),
      .addDrink(.softDrink, minutesAgo: day + 1),
      .addDrink(.chocolate, minutesAgo: -1),
      .addDrink(.energyDrink),
    ],
    expectations: [
      .equal("time passing alone trims nothing: the trim is the add's") {
        $0.summary(of: $0.steps[1].snapshot.modelDrinks)
      } _: { _ in
        drinks((96, 25 * 60), (64, day))
      },
      .modelHolds(drinks((64, day), (28, day), (29, 0))),
    ])

  static let healthSyncWindow = Scenario(
    id: "health-sync-window",
    summary:
      "Loads at launch and on sync bring only samples of the last 24 hours: older and future-dated ones stay out.",
    setup: {
      var setup = Setup()
      setup.existingSamples = [
        .otherDeviceAddsSample(mg: 96, minutesAgo: 25 * 60, id: s1),
        .otherDeviceAddsSample(mg: 47, minutesAgo: 23 * 60 + 30, id: s2),
        .otherDeviceAddsSample(mg: 29, minutesAgo: -30, id: s3),
      ]
      return setup
    }(),
    steps: [
      .otherDeviceAddsSample(mg: 64, minutesAgo: day + 30, id: s4),
      .otherDeviceAddsSample(mg: 128, minutesAgo: 20, id: s5),
      .otherDeviceAddsSample(mg: 22, minutesAgo: -10, id: ScenarioIDs.sample(6)),
      .syncHealth,
    ],
    expectations: [
      .equal("the launch load brings only the sample of the last 24 hours") {
        $0.summary(of: $0.steps[0].snapshot.modelDrinks)
      } _: { _ in
        drinks((47, 23 * 60 + 30))
      },
      .modelHolds(drinks((47, 23 * 60 + 30), (128, 20))),
      .equal("the load succeeds", { $0.healthLoadAnswers }, { _ in [true] }),
    ])

  // MARK: Deletions and the app's own samples

  static let healthSyncDeletesOwnDrink = Scenario(
    id: "health-sync-deletes-own-drink",
    summary:
      "The user deletes, in the Health app, a drink added on the watch; the next load drops it.",
    steps: [
      .addDrink(.smallCoffee, minutesAgo: 60), .addDrink(.greenTea, minutesAgo: 5),
      .userDeletesNewestAppSample, .syncHealth,
    ],
    expectations: [
      .modelHolds(drinks((96, 60))),
      .healthStoreHolds(drinks((96, 60))),
      .equal("the load succeeds", { $0.healthLoadAnswers }, { _ in [true] }),
    ])

  // MARK: Authorization, query and save failures that start or stop

  static let authorizationError = Scenario(
    id: "authorization-error",
    summary:
      "Every authorization request fails: the request answers false, drinks stay on the watch, and a health load fails, as HealthKit refuses queries until authorization is determined.",
    setup: {
      var setup = Setup()
      setup.health.failsAuthorization = true
      setup.existingSamples = [.otherDeviceAddsSample(mg: 96, minutesAgo: 45, id: s1)]
      return setup
    }(),
    steps: [.addDrink(.softDrink), .requestAuthorization, .syncHealth],
    expectations: [
      .modelHolds(drinks((22, 0))),
      // Without authorization nothing is shared, and the store shows the app its own samples only.
      .healthStoreHolds(drinks((96, 45))),
      .equal(
        "the authorization request is answered with false", brokenBy: .authorizationNeverAnswered,
        { $0.authorizationAnswers }, { _ in [false] }),
      // HealthKit answers any call but the request with errorAuthorizationNotDetermined until a
      // request has been answered (Apple's HKError.Code documentation): the load fails too.
      .equal("the load fails, refused by the store", { $0.healthLoadAnswers }, { _ in [false] }),
      .logsError(containing: "Authorization"),
    ],
    knownBeforeBugs: [.authorizationNeverAnswered])

  static let authorizationErrorThenGranted = Scenario(
    id: "authorization-error-then-granted",
    summary:
      "Authorization fails at launch, then a later request is granted: from then on drinks are shared and other devices' data is loaded.",
    setup: {
      var setup = Setup()
      setup.health.failsAuthorization = true
      setup.existingSamples = [.otherDeviceAddsSample(mg: 96, minutesAgo: 45, id: s1)]
      return setup
    }(),
    steps: [
      .addDrink(.smallCoffee, minutesAgo: 10),
      .setHealthFailure(.authorization, failing: false),
      .requestAuthorization,
      .syncHealth,
      .addDrink(.greenTea),
    ],
    expectations: [
      .modelHolds(drinks((96, 45), (96, 10), (28, 0))),
      // The first coffee was added before authorization: it was never shared.
      .healthStoreHolds(drinks((96, 45), (28, 0))),
      .equal("the request is answered", { $0.authorizationAnswers }, { _ in [true] }),
      .equal("the load succeeds", { $0.healthLoadAnswers }, { _ in [true] }),
    ])

  static let queryErrorThenRecovers = Scenario(
    id: "query-error-then-recovers",
    summary:
      "A load fails, then queries work again: the next load brings what the failed one missed.",
    setup: {
      var setup = Setup()
      setup.health.failsQueries = true
      return setup
    }(),
    steps: [
      .addDrink(.chocolate),
      .otherDeviceAddsSample(mg: 47, minutesAgo: 30, id: s1),
      .syncHealth,
      .setHealthFailure(.queries, failing: false),
      .syncHealth,
    ],
    expectations: [
      .modelHolds(drinks((47, 30), (18, 0))),
      .healthStoreHolds(drinks((47, 30), (18, 0))),
      .equal(
        "the first load answers false, the second true", { $0.healthLoadAnswers },
        { _ in [false, true] }),
    ])

  static let saveErrorThenRecovers = Scenario(
    id: "save-error-then-recovers",
    summary:
      "A save fails, then saves work again: both drinks stay on the watch, only the second reaches the store.",
    setup: {
      var setup = Setup()
      setup.health.failsSaves = true
      return setup
    }(),
    steps: [
      .addDrink(.energyDrink, minutesAgo: 5),
      .setHealthFailure(.saves, failing: false),
      .addDrink(.blackTea),
    ],
    expectations: [
      .modelHolds(drinks((29, 5), (47, 0))),
      .healthStoreHolds(drinks((47, 0))),
      .logsError(containing: "Unable to save"),
    ])

  // MARK: Background refresh on every outcome

  static let backgroundRefreshDeletes = Scenario(
    id: "background-refresh-deletes",
    summary: "In the background, a refresh task brings a deletion made in the Health app.",
    setup: {
      var setup = Setup()
      setup.existingSamples = [
        .otherDeviceAddsSample(mg: 96, minutesAgo: 120, id: s1),
        .otherDeviceAddsSample(mg: 47, minutesAgo: 60, id: s2),
      ]
      return setup
    }(),
    steps: [
      .setApplicationState(.background), .userDeletesSample(id: s1), .backgroundRefresh,
    ],
    expectations: [
      .modelHolds(drinks((47, 60))),
      .equal("the task is completed once, reporting success") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: true, completions: 1)]
      },
      .refreshesScheduledSinceLaunch(
        2, "a refresh is scheduled when the app goes to the background, and the next after the task"
      ),
      .taskCompletedAfterLastFileWrite,
    ],
    knownBeforeBugs: [.blockingIOOnMainQueue])

  static let backgroundRefreshOwnSamples = Scenario(
    id: "background-refresh-own-samples",
    summary:
      "In the background, a refresh task brings back the app's own sample, which is skipped.",
    steps: [
      .addDrink(.mediumCoffee, minutesAgo: 10), .setApplicationState(.background),
      .backgroundRefresh,
    ],
    expectations: [
      .modelHolds(drinks((144, 10))),
      .healthStoreHolds(drinks((144, 10))),
      .equal("the task is completed once, reporting success") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: true, completions: 1)]
      },
    ])

  static let backgroundRefreshUnavailable = Scenario(
    id: "background-refresh-unavailable",
    summary:
      "The watch has no health data: a refresh task is completed once, reporting failure, and schedules no further refresh.",
    setup: {
      var setup = Setup()
      setup.health.isHealthDataAvailable = false
      return setup
    }(),
    steps: [
      .addDrink(.quadEspresso), .setApplicationState(.background), .backgroundRefresh,
    ],
    expectations: [
      .modelHolds(drinks((256, 0))),
      .healthStoreHolds([]),
      .equal("the task is completed once, reporting failure") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: false, completions: 1)]
      },
      .refreshesScheduledSinceLaunch(
        1, "only the refresh scheduled when the app went to the background: none after the failure"),
    ])

  /// A refresh that fails asks for no next one; the next time the app goes to the background,
  /// it asks again (every scenario checks that a refresh is then to come): an app that skips
  /// the request, believing one still to come, never refreshes in the background again.
  static let refreshFailsThenAppLeavesAgain = Scenario(
    id: "refresh-fails-then-app-leaves-again",
    summary:
      "A refresh fails while the store fails its queries; the next time the app goes to the background, it schedules a refresh again.",
    steps: [
      .setApplicationState(.background), .setHealthFailure(.queries, failing: true),
      .backgroundRefresh, .setHealthFailure(.queries, failing: false),
      .setApplicationState(.active), .setApplicationState(.background),
    ],
    expectations: [
      .equal("the task is completed once, reporting failure") {
        $0.final.backgroundTasks
      } _: { _ in
        [.init(id: 1, success: false, completions: 1)]
      },
      .refreshesScheduledSinceLaunch(
        2, "a refresh each time the app went to the background, none after the failure"),
    ])

  // MARK: What the drinks add up to

  /// Midnight, in minutes before the scenarios' start (08:00 UTC; the platform's calendar is
  /// UTC).
  private static let midnight = 8.0 * 60

  static let cupsAndCaffeine = Scenario(
    id: "cups-and-caffeine",
    summary:
      "Drinks either side of midnight: cups today count those after it, the caffeine level all of them.",
    setup: {
      var setup = Setup()
      setup.savedFile = .drinks([(96, midnight + 1), (22, midnight), (144, midnight - 1)])
      setup.existingSamples = [.otherDeviceAddsSample(mg: 28, minutesAgo: 60, id: s1)]
      return setup
    }(),
    steps: [.addDrink(.doubleEspresso)],
    expectations: [
      .modelHolds(
        drinks((96, midnight + 1), (22, midnight), (144, midnight - 1), (28, 60), (128, 0))),
      // Strictly after midnight: the drink at midnight itself is yesterday's.
      .equal("(144 + 28 + 128) mg today make 300 / 96 cups", { $0.final.equivalentCups }) { _ in
        (144 + 28 + 128) / CaffeineMath.mgPerCup
      },
      .equal("the complication shows every drink's caffeine, halved every 5 hours") {
        $0.final.complicationLevel.map(rounded)
      } _: { _ in
        let remaining: [(mg: Double, minutesAgo: Double)] = [
          (96, midnight + 1), (22, midnight), (144, midnight - 1), (28, 60), (128, 0),
        ]
        return rounded(remaining.reduce(0) { $0 + $1.mg * pow(0.5, $1.minutesAgo / 300) })
      },
    ])
}

private func rounded(_ value: Double) -> Double {
  (value * 1000).rounded() / 1000
}

extension Expectation {
  /// How many background refreshes the app scheduled after its launch.
  fileprivate static func refreshesScheduledSinceLaunch(_ count: Int, _ summary: String)
    -> Expectation
  {
    .equal(summary) {
      $0.final.scheduledRefreshes - $0.steps[0].snapshot.scheduledRefreshes
    } _: { _ in
      count
    }
  }

  /// A background task is completed only once the drink file is on disk: the app is suspended
  /// right after.
  fileprivate static let taskCompletedAfterLastFileWrite = Expectation(
    "the task is completed only after the drink file is written"
  ) { outcome in
    let kinds = outcome.events.map(\.kind)
    guard
      let completed = kinds.firstIndex(where: {
        if case .backgroundTaskCompleted = $0 { true } else { false }
      })
    else { return "the task was never completed" }
    let lastWrite = kinds.lastIndex { if case .fileWritten = $0 { true } else { false } }
    guard let lastWrite, lastWrite < completed else {
      return "the file was written after the task completed"
    }
    return nil
  }

  /// An error whose message contains `text` was logged.
  fileprivate static func logsError(containing text: String) -> Expectation {
    Expectation("an error mentioning \"\(text)\" is logged") { outcome in
      outcome.final.errorsLogged.contains { $0.contains(text) }
        ? nil : "errors logged: \(outcome.final.errorsLogged)"
    }
  }
}
