import CheckReporting
import CoffeeDomain
import Foundation

extension Expectation {
  /// What every scenario checks, on every variant, once the app has gone still: what the file and
  /// a relaunch hold, then the invariants the stress checks too.
  public static let everyScenario: [Expectation] =
    [
      Expectation("the file on disk holds exactly the model's drinks") { outcome in
        let file = outcome.final.file
        return file.drinks == outcome.final.modelDrinks
          ? nil
          : "the model holds \(outcome.summary(of: outcome.final.modelDrinks)), the file \(describe(file, outcome))"
      },
      Expectation("a relaunch restores the same drinks from disk") { outcome in
        outcome.afterRelaunch.modelDrinks == outcome.final.modelDrinks
          ? nil
          : "before relaunch \(outcome.summary(of: outcome.final.modelDrinks)), after \(outcome.summary(of: outcome.afterRelaunch.modelDrinks))"
      },
      fileNeverGoesBack,
      everyDrinkReachesHealthOnce,
      noLoadAnswersBeforeItsWork,
      everyMoveToTheBackgroundHasARefreshToCome,
    ]
    + AppInvariant.all.map { invariant in
      Expectation(invariant.summary, brokenBy: invariant.brokenBy) {
        invariant.violation(in: $0.final)
      }
    }

  /// The file's history, every list a write landed, never goes back: see `wentBack`.
  public static let fileNeverGoesBack = Expectation(
    "the file never goes back to a list it had left"
  ) { outcome in
    wentBack(outcome.final.landedWrites, outcome)
  }

  /// Each drink the user added while Health took the app's samples is saved to Health exactly
  /// once (a sample whose sync identifier is the drink's), if the model still lists it: not
  /// skipped because another save was in flight, not saved twice. Scenarios where the store starts
  /// refusing samples later are left out: a refused save is the store's, not the app's.
  public static let everyDrinkReachesHealthOnce = Expectation(
    "every drink added while Health takes samples reaches it once"
  ) { outcome in
    let refusesLater = outcome.scenario.steps.contains {
      $0 == .setHealthFailure(.saves, failing: true)
        || $0 == .meanwhile(.setHealthFailure(.saves, failing: true))
    }
    guard !refusesLater else { return nil }
    let listed = Set(outcome.final.modelDrinks.map(\.uuid))
    var saves: [UUID: Int] = [:]
    for event in outcome.events {
      if case .healthSampleSaved(let id) = event.kind { saves[id, default: 0] += 1 }
    }
    let wrong = outcome.drinksAddedWhileHealthAccepted.filter {
      listed.contains($0) && saves[$0, default: 0] != 1
    }
    guard !wrong.isEmpty else { return nil }
    let drinks = outcome.final.modelDrinks.filter { wrong.contains($0.uuid) }
    let counts = wrong.map { saves[$0, default: 0] }
    return "\(outcome.summary(of: drinks)) reached Health "
      + counts.map { Wording.count($0, "time") }.joined(separator: ", ")
  }

  /// A load that answers success has brought into the model every sample Health held when it
  /// was asked for (and still holds): a success promises the work done, so a load that finds
  /// another running must wait for a load that started after it was asked, not answer at once
  /// or join one that started before the sample came. Judged where the answer comes on the
  /// main queue (`ScenarioRunner`).
  public static let noLoadAnswersBeforeItsWork = Expectation(
    "a load answers success only once the model holds what Health held when it was asked"
  ) { outcome in
    guard let early = outcome.loadsAnsweredBeforeTheirWork.first else { return nil }
    let missing = early.missing.map {
      DrinkSummary(mg: $0.mgCaffeine, date: $0.date, now: outcome.now)
    }
    return "load \(early.load) answered success while the model lacked "
      + ReadableDescription.of(missing)
  }

  /// Each time the app goes to the background, a background refresh is to come: one it asked
  /// for then, or one asked for earlier that the system has not delivered yet. Apple's app asks
  /// in `applicationDidEnterBackground()`, and only a refresh that succeeds asks for the next
  /// itself: an app that skips the request because it believes one is still to come goes
  /// without refreshes for good once one has failed. Counted from the events: each refresh asked
  /// for is to come until a task is delivered, and after each move to the background one must
  /// be to come before the app's state changes again or the run ends.
  public static let everyMoveToTheBackgroundHasARefreshToCome = Expectation(
    "each time the app goes to the background, a background refresh is to come"
  ) { outcome in
    var moves = 0
    var without = 0
    var toCome = 0
    var waiting = false
    for event in outcome.events {
      switch event.kind {
      case .applicationStateChanged(let state):
        if waiting, toCome == 0 { without += 1 }
        waiting = state == .background
        if waiting { moves += 1 }
      case .backgroundRefreshScheduled:
        toCome += 1
      case .backgroundTaskDelivered:
        toCome = max(0, toCome - 1)
      default:
        break
      }
      if waiting, toCome > 0 { waiting = false }
    }
    if waiting, toCome == 0 { without += 1 }
    return without == 0
      ? nil
      : "after \(Wording.count(without, "move")) of \(moves) to the background, no refresh was to come"
  }

  /// Where the file's history dropped a drink and later held it again: a write that landed
  /// after a newer one, or a save that wrote an older list. The end state cannot tell when the
  /// last write is right; the file held an older list in between, which a suspension or a crash
  /// then would have kept. A drink the app removes for good (deleted in Health, aged out, replaced
  /// by the launch's list) never comes back, so a right answer never shows this.
  ///
  /// Scenarios that relaunch the app are left out: a drink added while the launch still reads the
  /// file is saved over the saved list, in Apple's design (docs/races.md, `drink-while-launching`),
  /// and the saved drinks come back once the launch has read them.
  static func wentBack(_ writes: [[Drink]?], _ outcome: ScenarioOutcome) -> String? {
    guard !outcome.scenario.steps.contains(.relaunch) else { return nil }
    let lists = writes.compactMap { $0 }
    guard let (index, dropped) = firstWriteGoingBack(lists.map { $0.map(\.uuid) }) else {
      return nil
    }
    var named: [Drink] = []
    for drink in lists.joined() where dropped.contains(drink.uuid) {
      if !named.contains(where: { $0.uuid == drink.uuid }) { named.append(drink) }
    }
    return "write \(index + 1) of the \(lists.count) that landed lacks "
      + "\(outcome.summary(of: named)), which an earlier write had and a later one has again: "
      + "a write landed after a newer one"
  }

  /// The first of `writes` (each the drinks a landed write held, by UUID) that lacks drinks an
  /// earlier write held and a later one holds again, with those drinks; nil when none does.
  public static func firstWriteGoingBack(_ writes: [[UUID]]) -> (index: Int, dropped: Set<UUID>)? {
    let lists = writes.map(Set.init)
    var earlier = Set<UUID>()
    for (index, list) in lists.enumerated() {
      defer { earlier.formUnion(list) }
      let later = lists[(index + 1)...].reduce(into: Set<UUID>()) { $0.formUnion($1) }
      let dropped = earlier.subtracting(list).intersection(later)
      if !dropped.isEmpty { return (index, dropped) }
    }
    return nil
  }

  private static func describe(_ file: Snapshot.FileContents, _ outcome: ScenarioOutcome) -> String
  {
    switch file {
    case .missing: "is missing"
    case .unreadable: "is unreadable"
    case .drinks(let drinks): "holds \(outcome.summary(of: drinks))"
    }
  }
}
