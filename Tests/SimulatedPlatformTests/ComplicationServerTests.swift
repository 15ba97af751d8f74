import CoffeeDomain
import Foundation
import SimulatedPlatform
import Testing

/// The simulated ClockKit: the server asks its `@MainActor` data source on the main queue, as
/// ClockKit does, wherever the reload came from.
@Suite("Complication server", .timeLimit(.minutes(5)))
@MainActor
struct ComplicationServerTests {
  /// A data source that notes where it was asked and answers with one entry.
  @MainActor
  final class RecordingDataSource: ComplicationDataSource {
    /// Per question, whether it was asked on the main queue, by the tests' own key.
    var askedOnMainQueue: [Bool] = []

    func getCurrentTimelineEntry(
      for complication: Complication,
      withHandler handler: @escaping @Sendable (TimelineEntry?) -> Void
    ) {
      askedOnMainQueue.append(MainQueueProbe.isOnMainQueue)
      handler(TimelineEntry(date: Date(timeIntervalSince1970: 0), mgCaffeine: 10))
    }

    func getTimelineEntries(
      for complication: Complication, after date: Date, limit: Int,
      withHandler handler: @escaping @Sendable ([TimelineEntry]?) -> Void
    ) {
      askedOnMainQueue.append(MainQueueProbe.isOnMainQueue)
      handler([TimelineEntry(date: date.addingTimeInterval(300), mgCaffeine: 20)])
    }
  }

  @Test("A reload from a background queue is answered on the main queue")
  func asksOnTheMainQueue() async throws {
    let platform = try SimulatedPlatform()
    let server = platform.complicationServer
    let dataSource = RecordingDataSource()
    server.dataSource = dataSource
    let complication = try #require(server.activeComplications.first)

    await Task.detached { server.reloadTimeline(for: complication) }.value
    // The fetch counts as work in flight from the reload until both handlers have run.
    await platform.activity.waitUntilNothingInFlight()

    #expect(dataSource.askedOnMainQueue == [true, true])
    #expect(server.reloads.map(\.context) == [.elsewhere])
    #expect(server.currentEntry(for: complication)?.mgCaffeine == 10)
    #expect(server.timeline(for: complication)?.map(\.mgCaffeine) == [20])
  }

  @Test("Without a data source a reload is recorded and nothing stays in flight")
  func noDataSource() async throws {
    let platform = try SimulatedPlatform()
    let server = platform.complicationServer
    let complication = try #require(server.activeComplications.first)

    server.reloadTimeline(for: complication)
    await platform.activity.waitUntilNothingInFlight()

    #expect(server.reloads.count == 1)
    #expect(server.timeline(for: complication) == nil)
  }

  @Test("Each reload is recorded with the queue it came from, and answered later, on main")
  func reloadsRecordTheirQueue() async throws {
    let platform = try SimulatedPlatform()
    let server = platform.complicationServer
    let dataSource = RecordingDataSource()
    server.dataSource = dataSource
    let complication = try #require(server.activeComplications.first)
    let queue = DispatchQueue(label: "test.app-queue")
    ExecutionContext.register(queue, as: "app queue")

    server.reloadTimeline(for: complication)
    // Asked later, as ClockKit does: not inside the reload, even on the main queue.
    #expect(dataSource.askedOnMainQueue.isEmpty)
    queue.sync { server.reloadTimeline(for: complication) }
    await platform.activity.waitUntilNothingInFlight()

    #expect(server.reloads.map(\.context) == [.mainQueue, .queue("app queue")])
    #expect(dataSource.askedOnMainQueue == [true, true, true, true])
    let recorded = platform.events.all.compactMap { event -> ExecutionContext? in
      if case .complicationReloaded = event.kind { event.context } else { nil }
    }
    #expect(recorded == [.mainQueue, .queue("app queue")])
  }
}
