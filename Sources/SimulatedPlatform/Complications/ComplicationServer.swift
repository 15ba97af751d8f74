import CoffeeDomain
import Foundation

/// The complication server: the stand-in for `CLKComplicationServer.sharedInstance()`.
///
/// It records every timeline reload with the context it came from. After each reload it asks
/// the data source for the timeline on the main queue, as ClockKit does, and keeps what the
/// data source answered.
public final class ComplicationServer: Sendable {
  /// One timeline reload.
  public struct Reload: Hashable, Sendable {
    public let complication: Complication
    public let context: ExecutionContext
  }

  private struct State {
    var reloads: [Reload] = []
    var timelines: [Complication: [TimelineEntry]] = [:]
    var currentEntries: [Complication: TimelineEntry] = [:]
  }

  /// The complications on the active watch face.
  public let activeComplications: [Complication]
  private let state = PlatformLock(State())
  private let log: PlatformEventLog
  private let activity: ActivityMonitor
  private let clock: SimulatedClock

  /// The app's data source. Held weakly, for the same reason as the runtime's delegate: the app
  /// owns it, and it holds the platform. Main-actor state, like the data source itself.
  @MainActor public weak var dataSource: (any ComplicationDataSource)?

  init(
    activeComplications: [Complication], log: PlatformEventLog, activity: ActivityMonitor,
    clock: SimulatedClock
  ) {
    self.activeComplications = activeComplications
    self.log = log
    self.activity = activity
    self.clock = clock
  }

  // MARK: The ClockKit surface (the app)

  /// Asks the server to fetch the complication's timeline again.
  public func reloadTimeline(for complication: Complication) {
    let context = ExecutionContext.current
    state.withLock { $0.reloads.append(Reload(complication: complication, context: context)) }
    log.record(.complicationReloaded(complication), context: context)
    fetchTimeline(for: complication)
  }

  // MARK: Inspecting (tests)

  /// Every reload so far, in order.
  public var reloads: [Reload] { state.withLock { $0.reloads } }

  /// The last timeline the data source supplied for `complication`.
  public func timeline(for complication: Complication) -> [TimelineEntry]? {
    state.withLock { $0.timelines[complication] }
  }

  /// The caffeine level `complication` shows at `date`, as a watch face would: the last timeline
  /// entry due by then, else the current entry the data source supplied.
  public func level(for complication: Complication, at date: Date) -> Double? {
    state.withLock { state in
      let due = state.timelines[complication]?.last { $0.date <= date }
      return (due ?? state.currentEntries[complication])?.mgCaffeine
    }
  }

  /// The last current entry the data source supplied for `complication`.
  public func currentEntry(for complication: Complication) -> TimelineEntry? {
    state.withLock { $0.currentEntries[complication] }
  }

  /// Asks the data source for the timeline later, on the main queue, as ClockKit does; the
  /// fetch counts as platform work in flight from the reload until both handlers have run.
  private func fetchTimeline(for complication: Complication) {
    let now = clock.now
    activity.begin()
    PlatformQueues.onMain("the complication server asks for a timeline") { [self] in
      do {
        guard let dataSource else {
          activity.end()
          return
        }
        activity.begin()
        dataSource.getCurrentTimelineEntry(for: complication) { [self] entry in
          state.withLock { $0.currentEntries[complication] = entry }
          activity.end()
        }
        dataSource.getTimelineEntries(
          for: complication, after: now, limit: ComplicationTimeline.maximumEntries
        ) { [self] entries in
          state.withLock { $0.timelines[complication] = entries ?? [] }
          log.record(.complicationTimelineProvided(entries: entries?.count ?? 0))
          activity.end()
        }
      }
    }
  }
}
