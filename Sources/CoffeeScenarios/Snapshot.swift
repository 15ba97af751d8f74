import CheckReporting
import CoffeeDomain
import Foundation
import SimulatedPlatform

/// Everything a scenario observes of one app on one platform at one moment.
public struct Snapshot: Sendable {
  /// What the data file holds.
  public enum FileContents: Hashable, Sendable, CustomStringConvertible {
    case missing
    case unreadable
    case drinks([Drink])

    /// The drinks the app would load from it: a missing file means an empty list.
    public var drinks: [Drink]? {
      switch self {
      case .missing: []
      case .unreadable: nil
      case .drinks(let drinks): drinks
      }
    }

    public var description: String {
      switch self {
      case .missing: "no file"
      case .unreadable: "an unreadable file"
      case .drinks(let drinks): "a file of \(ReadableDescription.of(drinks))"
      }
    }
  }

  /// One background task and what the app did with it.
  public struct BackgroundTaskRecord: Hashable, Sendable, CustomStringConvertible {
    public let id: Int
    /// Whether the app reported success; nil while the task is not completed.
    public let success: Bool?
    /// How many times the app completed it (exactly once is right).
    public let completions: Int

    /// In the words of the domain, without commas (a list of them stays readable):
    /// "task 1 completed once reporting success".
    public var description: String {
      let times =
        switch completions {
        case 0: "never completed"
        case 1: "completed once"
        default: "completed \(completions) times"
        }
      let reported =
        switch success {
        case true?: " reporting success"
        case false?: " reporting failure"
        case nil: ""
        }
      return "task \(id) \(times)\(reported)"
    }
  }

  public let modelDrinks: [Drink]
  public let file: FileContents
  /// Each list of drinks the app wrote to the file that reached the disk, in the order the
  /// writes landed, since the watch was first used (an unreadable write as nil).
  public var landedWrites: [[Drink]?] {
    landedWriteData.map { try? PropertyListDecoder().decode([Drink].self, from: $0) }
  }
  private let landedWriteData: [Data]
  public let documentFiles: [String]
  public let healthSamples: [CaffeineSample]
  public let complicationReloads: Int
  /// The caffeine level the first complication shows now: its timeline entry due by now.
  public let complicationLevel: Double?
  /// The timeline the complication server last got from the data source for the first
  /// complication: empty before any, nil when the watch face shows no complication.
  public let complicationTimeline: [TimelineEntry]?
  /// The current entry the server last got for the first complication; nil before any.
  public let complicationCurrentEntry: TimelineEntry?
  public let backgroundTasks: [BackgroundTaskRecord]
  public let scheduledRefreshes: Int
  public let publishedChanges: Int
  public let offMainPublishedChanges: Int
  /// Writes the app made that a suspension lost: to the drink file or to its defaults.
  public let writesLostAtSuspension: Int
  public let blockingIOOnMainQueue: Int
  public let errorsLogged: [String]
  /// How many platform events were recorded by then: a step's own events lie between the
  /// previous step's count and its own.
  public let eventCount: Int
  /// The caffeine level and equivalent cups the model's drinks give now.
  public let caffeineLevel: Double
  public let equivalentCups: Double

  /// Takes a snapshot of `driver`'s app on `platform`.
  @MainActor
  public init(of driver: any CoffeeTrackerDriver, on platform: SimulatedPlatform) {
    let now = platform.clock.now
    let events = platform.events.all
    modelDrinks = driver.currentDrinks
    file = Self.readFile(on: platform)
    landedWriteData = platform.documents.landedWrites(ofFileNamed: Self.fileName)
    documentFiles = platform.documents.fileNames()
    healthSamples = platform.healthStore.samples
    complicationReloads = platform.complicationServer.reloads.count
    let firstComplication = platform.complicationServer.activeComplications.first
    complicationLevel = firstComplication.flatMap {
      platform.complicationServer.level(for: $0, at: now)
    }
    complicationTimeline = firstComplication.map {
      platform.complicationServer.timeline(for: $0) ?? []
    }
    complicationCurrentEntry = firstComplication.flatMap {
      platform.complicationServer.currentEntry(for: $0)
    }
    backgroundTasks = platform.runtime.backgroundTasks.map {
      BackgroundTaskRecord(
        id: $0.id, success: $0.outcome?.snapshotRequested, completions: $0.outcome?.completions ?? 0
      )
    }
    scheduledRefreshes = platform.runtime.scheduledRefreshes.count
    publishedChanges = platform.publishedChanges.all.count
    offMainPublishedChanges = platform.publishedChanges.offMainQueue.count
    writesLostAtSuspension = events.count {
      switch $0.kind {
      case .fileWriteLostAtSuspension, .defaultsWriteLostAtSuspension: true
      default: false
      }
    }
    blockingIOOnMainQueue = events.count {
      if case .blockingFileIOOnMainQueue = $0.kind { true } else { false }
    }
    errorsLogged = events.compactMap {
      if case .log(.error, let category, let message) = $0.kind {
        "\(category): \(message)"
      } else {
        nil
      }
    }
    eventCount = events.count
    caffeineLevel = modelDrinks.totalCaffeine(at: now)
    equivalentCups = modelDrinks.equivalentCups(today: now, calendar: platform.calendar)
  }

  /// The drink file's name, the same in every variant.
  public static let fileName = "CoffeeTracker.plist"

  private static func readFile(on platform: SimulatedPlatform) -> FileContents {
    guard let data = platform.documents.contents(ofFileNamed: fileName) else { return .missing }
    guard let drinks = try? PropertyListDecoder().decode([Drink].self, from: data) else {
      return .unreadable
    }
    return .drinks(drinks)
  }
}
