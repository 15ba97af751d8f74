import Foundation

/// The watch extension's runtime: the stand-in for `WKExtension.shared()`.
///
/// It owns the application state and the background refresh tasks, and calls the app's
/// `WatchExtensionDelegate` on the main queue.
public final class ExtensionRuntime: Sendable {
  private struct State {
    var applicationState = ApplicationState.active
    var scheduledRefreshes: [Date] = []
    var tasks: [RefreshBackgroundTask] = []
    /// Whether the user brought the app to the foreground while a task it was handed ran.
    var broughtToFrontDuringTasks = false
  }

  private let state = PlatformLock(State())
  private let log: PlatformEventLog
  private let checkpoints: Checkpoints
  private let documents: DocumentsFolder
  private let defaults: KeyValueStore

  /// The app's delegate. Held weakly: the app owns its delegate, and the delegate's model
  /// holds the platform, so a strong reference here would keep every app alive forever.
  @MainActor public weak var delegate: (any WatchExtensionDelegate)?

  init(
    log: PlatformEventLog, checkpoints: Checkpoints, documents: DocumentsFolder,
    defaults: KeyValueStore
  ) {
    self.log = log
    self.checkpoints = checkpoints
    self.documents = documents
    self.defaults = defaults
  }

  // MARK: The WatchKit surface (the app)

  /// Whether the app is active, inactive or in the background.
  public var applicationState: ApplicationState { state.withLock { $0.applicationState } }

  /// Asks for a background refresh task at `preferredDate`.
  public func scheduleBackgroundRefresh(withPreferredDate preferredDate: Date) {
    state.withLock { $0.scheduledRefreshes.append(preferredDate) }
    log.record(.backgroundRefreshScheduled(preferredDate))
  }

  // MARK: Driving the app (tests and scenarios)

  /// The dates of every background refresh the app asked for, in order.
  public var scheduledRefreshes: [Date] { state.withLock { $0.scheduledRefreshes } }

  /// Every background task delivered so far.
  public var backgroundTasks: [RefreshBackgroundTask] { state.withLock { $0.tasks } }

  /// Before a launch: the state the app starts in, told to no delegate (the new app has none
  /// yet). A launch by the user starts inactive, one by the system for a background task in the
  /// background (Apple, "Handling Common State Transitions").
  public func prepareLaunch(in state: ApplicationState) {
    self.state.withLock { $0.applicationState = state }
  }

  /// Tells the delegate the app finished launching.
  @MainActor public func finishLaunching() {
    delegate?.applicationDidFinishLaunching()
  }

  /// Changes the application state and tells the delegate, on the main queue.
  @MainActor public func setApplicationState(_ newState: ApplicationState) {
    resume()
    let oldState = state.withLock { state in
      defer { state.applicationState = newState }
      if newState == .active, state.tasks.contains(where: { $0.outcome == nil }) {
        state.broughtToFrontDuringTasks = true
      }
      return state.applicationState
    }
    guard oldState != newState else { return }
    log.record(.applicationStateChanged(newState))
    switch newState {
    case .active: delegate?.applicationDidBecomeActive()
    case .background: delegate?.applicationDidEnterBackground()
    case .inactive: break
    }
  }

  /// Hands the delegate a background refresh task, on the main queue, and returns it.
  @MainActor @discardableResult
  public func deliverBackgroundRefresh() -> RefreshBackgroundTask {
    resume()
    let task = state.withLock { state in
      let task = RefreshBackgroundTask(id: state.tasks.count + 1) { [self] task, success in
        log.record(.backgroundTaskCompleted(id: task.id, success: success))
        // "The system suspends the extension as soon as all background tasks are complete"
        // (Apple, WKRefreshBackgroundTask.setTaskCompleted()). The docs say nothing of an app
        // the user brought to the foreground while a task ran; an active app is one running in
        // the foreground (WKApplicationState.active), so the lab keeps that one running. (Tests
        // hand tasks to an app that never left the runtime's first state, active: it is
        // suspended all the same, as in the background.)
        let suspends = self.state.withLock { state in
          guard !state.tasks.contains(where: { $0.outcome == nil }) else { return false }
          defer { state.broughtToFrontDuringTasks = false }
          return !(state.broughtToFrontDuringTasks && state.applicationState == .active)
        }
        guard suspends else { return }
        documents.suspend()
        defaults.suspend()
        checkpoints.reach(.appSuspended)
      }
      state.tasks.append(task)
      return task
    }
    log.record(.backgroundTaskDelivered(id: task.id))
    delegate?.handle([task])
    return task
  }

  /// Wakes the app after a suspension: from now on its writes reach the disk and the defaults
  /// again.
  public func resume() {
    documents.resume()
    defaults.resume()
  }
}
