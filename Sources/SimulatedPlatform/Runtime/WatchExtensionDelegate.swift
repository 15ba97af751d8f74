/// What the system calls on the app: the stand-in for `WKExtensionDelegate`.
///
/// WatchKit calls these on the main thread, and the SDK marks the protocol `@MainActor`.
@MainActor
public protocol WatchExtensionDelegate: AnyObject {
  /// The app finished launching.
  func applicationDidFinishLaunching()
  /// The app came to the foreground.
  func applicationDidBecomeActive()
  /// The app went to the background.
  func applicationDidEnterBackground()
  /// The system hands the app background tasks; the app must complete each one.
  func handle(_ backgroundTasks: [RefreshBackgroundTask])
}
