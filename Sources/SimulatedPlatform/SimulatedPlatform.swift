import Foundation

/// One simulated watch: the health store, the extension runtime, the complication server, a
/// documents folder, defaults, a clock and a logger, created together for one app and shared
/// with nothing else, so that tests never leak into each other.
///
/// A relaunch of the app is a new app instance on the same platform: the files, defaults and
/// health data survive; the app's memory does not.
public final class SimulatedPlatform: Sendable {
  /// How to build a platform.
  public struct Configuration: Sendable {
    /// The platform's "now" at the start.
    public var now: Date
    /// The seed of the platform's random latencies.
    public var seed: UInt64
    /// The complications on the active watch face.
    public var activeComplications: [Complication]
    /// Whether log messages are also printed.
    public var echoesLogs: Bool
    /// The folder to use as documents folder; a new temporary folder when nil.
    public var documentsFolder: URL?

    public init(
      now: Date = Date(timeIntervalSince1970: 1_795_334_400),  // 2026-11-22 08:00 UTC
      seed: UInt64 = 1,
      activeComplications: [Complication] = [Complication(family: "circular")],
      echoesLogs: Bool = false,
      documentsFolder: URL? = nil
    ) {
      self.now = now
      self.seed = seed
      self.activeComplications = activeComplications
      self.echoesLogs = echoesLogs
      self.documentsFolder = documentsFolder
    }
  }

  /// The platform's "now".
  public let clock: SimulatedClock
  /// The calendar the app uses for "today" (UTC, so runs agree everywhere).
  public let calendar: Calendar
  /// The app's documents folder.
  public let documents: DocumentsFolder
  /// The app's defaults, which survive a relaunch.
  public let defaults: KeyValueStore
  /// The health store.
  public let healthStore: HealthStore
  /// The extension runtime: application state and background tasks.
  public let runtime: ExtensionRuntime
  /// The complication server.
  public let complicationServer: ComplicationServer
  /// Every published change of the app's observable objects.
  public let publishedChanges: PublishedChangeRecorder
  /// Every event, in order.
  public let events: PlatformEventLog
  /// What is in flight right now.
  public let activity: ActivityMonitor
  /// The trace of the run: what ran on which lane, and the links between lanes.
  public var tracer: Tracer { events.tracer }
  /// Where tests can step in to force an interleaving.
  public let checkpoints: Checkpoints
  private let echoesLogs: Bool
  private let ownsDocumentsFolder: Bool

  /// Creates a platform, with a new temporary documents folder unless one is given.
  public init(configuration: Configuration = Configuration()) throws {
    ExecutionContext.markMainQueue()
    let activity = ActivityMonitor()
    let tracer = Tracer(isRecording: Tracer.isEnabled)
    TraceCollector.current?.add(tracer)
    let events = PlatformEventLog(activity: activity, tracer: tracer)
    let checkpoints = Checkpoints()
    let delays = DelayGenerator(seed: configuration.seed)
    let clock = SimulatedClock(now: configuration.now)
    let folder: URL
    if let given = configuration.documentsFolder {
      folder = given
    } else {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("coffee-lab-\(UUID().uuidString)", isDirectory: true)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!

    let services = PlatformServices(
      log: events, activity: activity, checkpoints: checkpoints, delays: delays)
    let documents = DocumentsFolder(url: folder, services: services)
    self.activity = activity
    self.events = events
    self.checkpoints = checkpoints
    self.clock = clock
    self.calendar = calendar
    self.documents = documents
    let defaults = KeyValueStore(log: events)
    self.defaults = defaults
    self.healthStore = HealthStore(services: services)
    self.runtime = ExtensionRuntime(
      log: events, checkpoints: checkpoints, documents: documents, defaults: defaults)
    self.complicationServer = ComplicationServer(
      activeComplications: configuration.activeComplications, log: events, activity: activity,
      clock: clock)
    self.publishedChanges = PublishedChangeRecorder(log: events, checkpoints: checkpoints)
    self.echoesLogs = configuration.echoesLogs
    self.ownsDocumentsFolder = configuration.documentsFolder == nil
  }

  deinit {
    if ownsDocumentsFolder {
      try? FileManager.default.removeItem(at: documents.url)
    }
  }

  /// A logger filing its messages under `category`.
  public func logger(category: String) -> Logger {
    Logger(category: category, log: events, echo: echoesLogs)
  }
}
