import CheckReporting
import CoffeeDomain
import Foundation
import SimulatedPlatform

/// One thing that happens in a scenario: the user, the system or another device acts.
public enum Step: Sendable, Hashable, CustomStringConvertible {
  /// The user adds a drink from the menu, dated `minutesAgo` before the platform's now
  /// (negative: ahead of it).
  case addDrink(DrinkType, minutesAgo: Double = 0)
  /// Another device writes a caffeine sample whose `uuid` is `id`, with no sync identifier, as a
  /// sample typed into the Health app has none.
  case otherDeviceAddsSample(mg: Double, minutesAgo: Double, id: UUID)
  /// The user deletes the sample whose `uuid` is `id` in the Health app.
  case userDeletesSample(id: UUID)
  /// The user deletes, in the Health app, the sample of the app's most recent drink (by date).
  case userDeletesNewestAppSample
  /// A failure of the health store starts or stops.
  case setHealthFailure(HealthFailure, failing: Bool)
  /// The next write to the watch's disk fails with an error (the disk is full for a moment);
  /// the writes after it work.
  case failNextFileWrite
  /// The app loads new data from the health store, as when it comes to the foreground.
  case syncHealth
  /// The app asks for health authorization (the answer is recorded).
  case requestAuthorization
  /// The app moves to the background or the foreground.
  case setApplicationState(ApplicationState)
  /// The system hands the app a background refresh task.
  case backgroundRefresh
  /// Time passes.
  case advanceClock(minutes: Double)
  /// The app is quit and launched again on the same watch.
  case relaunch
  /// A step that happens at some moment while the app works: something outside the app (another
  /// device, the user in the Health app, the store's failures) or an action on it (a drink added,
  /// a load, a background refresh). Played settled, at once; with the steps in flight under the
  /// scheduler, a timer that fires once the app is still, or, one deviation away, at any point of
  /// the app's work (time is virtual: the wait costs nothing).
  indirect case meanwhile(Step)
  /// Steps that happen one right after the other, with nothing of the app's work between them:
  /// inside `meanwhile`, all of them at the same moment of that work (a sample arrives and the
  /// user asks for a load at once, say). Outside steps and actions on the app only.
  indirect case together([Step])
  /// The scenario waits until the app has answered its `number`th load from Health (counted from
  /// 1), and no longer: the steps after it come while the later loads may still be in flight.
  case waitForLoad(Int)

  public var description: String {
    switch self {
    case .addDrink(let type, let minutesAgo):
      "user adds a \(type.name) (\(Int(type.mgCaffeinePerServing)) mg)" + ago(minutesAgo)
    case .otherDeviceAddsSample(let mg, let minutesAgo, let id):
      "another device adds a \(Int(mg)) mg sample \(ScenarioIDs.name(of: id))" + ago(minutesAgo)
    case .userDeletesSample(let id):
      "user deletes sample \(ScenarioIDs.name(of: id)) in the Health app"
    case .userDeletesNewestAppSample:
      "user deletes the sample of the app's newest drink in the Health app"
    case .setHealthFailure(let failure, let failing):
      "the health store's \(failure.rawValue) " + (failing ? "start failing" : "work again")
    case .failNextFileWrite: "the watch's next file write fails (its disk is full)"
    case .syncHealth: "app loads new health data"
    case .requestAuthorization: "app requests health authorization"
    case .setApplicationState(let state): "app becomes \(state.rawValue)"
    case .backgroundRefresh: "system delivers a background refresh task"
    case .advanceClock(let minutes): "the clock moves on \(Wording.duration(minutes: minutes))"
    case .relaunch: "app is relaunched"
    case .meanwhile(let event): "at some moment: \(event)"
    case .waitForLoad(let number): "load \(number) has answered"
    case .together(let steps): steps.map(\.description).joined(separator: ", then at once ")
    }
  }

  /// Whether the step is the world's outside the app, which touches the platform only.
  public var isOutsideTheApp: Bool {
    switch self {
    case .otherDeviceAddsSample, .userDeletesSample, .setHealthFailure, .failNextFileWrite: true
    case .together(let steps): steps.allSatisfy(\.isOutsideTheApp)
    default: false
    }
  }

  /// Whether the step is the user's or the system's action on the app, played on the main queue.
  public var isActionOnTheApp: Bool {
    switch self {
    case .addDrink, .syncHealth, .requestAuthorization, .setApplicationState, .backgroundRefresh:
      true
    default: false
    }
  }

  private func ago(_ minutes: Double) -> String {
    switch minutes {
    case 0: ", now"
    case ..<0: ", dated \(Wording.duration(minutes: -minutes)) ahead"
    default: ", \(Wording.duration(minutes: minutes)) ago"
    }
  }
}
