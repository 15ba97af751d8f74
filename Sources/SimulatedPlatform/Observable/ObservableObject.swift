/// The stand-in for Combine's `ObservableObject`: a class whose `@Published` properties report
/// their changes. Combine does not exist on Linux; the recorder plays the part of
/// `objectWillChange` and of SwiftUI's runtime checks.
public protocol ObservableObject: AnyObject {
  /// Where the object's published changes are recorded.
  var objectWillChange: PublishedChangeRecorder { get }
}
