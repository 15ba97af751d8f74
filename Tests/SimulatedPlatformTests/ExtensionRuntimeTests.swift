import Foundation
import SimulatedPlatform
import Testing

/// The extension runtime calls the app's `@MainActor` delegate on the main queue, tells it of
/// each change of application state once, and records what it hands the app.
@Suite("Extension runtime", .timeLimit(.minutes(5)))
@MainActor
struct ExtensionRuntimeTests {
  @MainActor
  final class RecordingDelegate: WatchExtensionDelegate {
    /// Each call, with whether it came on the main queue by the tests' own key.
    var calls: [String] = []

    private func note(_ call: String) {
      calls.append("\(call)\(MainQueueProbe.isOnMainQueue ? "" : " OFF MAIN")")
    }

    func applicationDidFinishLaunching() { note("launched") }
    func applicationDidBecomeActive() { note("active") }
    func applicationDidEnterBackground() { note("background") }
    func handle(_ backgroundTasks: [RefreshBackgroundTask]) {
      note("tasks \(backgroundTasks.map(\.id))")
    }
  }

  @Test("The delegate hears of each state change once, and of each task, on the main queue")
  func delegateCalls() throws {
    let platform = try SimulatedPlatform()
    let runtime = platform.runtime
    let delegate = RecordingDelegate()
    runtime.delegate = delegate

    runtime.finishLaunching()
    runtime.setApplicationState(.background)
    runtime.setApplicationState(.background)
    let task = runtime.deliverBackgroundRefresh()
    task.setTaskCompletedWithSnapshot(true)
    runtime.setApplicationState(.active)

    #expect(delegate.calls == ["launched", "background", "tasks [1]", "active"])
    #expect(runtime.applicationState == .active)
    #expect(task.outcome?.snapshotRequested == true)
    let recorded = platform.events.all.compactMap { event -> String? in
      switch event.kind {
      case .applicationStateChanged(let state): "state \(state)"
      case .backgroundTaskDelivered(let id): "delivered \(id)"
      case .backgroundTaskCompleted(let id, let success): "completed \(id) \(success)"
      default: nil
      }
    }
    #expect(
      recorded == ["state background", "delivered 1", "completed 1 true", "state active"])
  }

  @Test("A task completed twice says so in its outcome")
  func completedTwice() throws {
    let platform = try SimulatedPlatform()
    let task = platform.runtime.deliverBackgroundRefresh()
    #expect(task.outcome == nil)

    task.setTaskCompletedWithSnapshot(false)
    task.setTaskCompletedWithSnapshot(true)

    #expect(task.outcome?.completions == 2)
    #expect(task.outcome?.snapshotRequested == false, "the first completion's value")
  }
}
