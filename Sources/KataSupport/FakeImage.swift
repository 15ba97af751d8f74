import Foundation

/// Fake image bytes: a recognisable header and a name, so that a test can tell which image it got
/// without decoding pixels.
public enum FakeImage {
  /// The first bytes of every fake image.
  public static let header = Data("FAKEIMG:".utf8)

  /// The bytes of the fake image called `name`.
  public static func bytes(named name: String) -> Data {
    header + Data(name.utf8)
  }

  /// The name of the fake image in `data`, or nil when `data` is not a fake image.
  public static func name(in data: Data) -> String? {
    guard data.starts(with: header) else { return nil }
    return String(decoding: data.dropFirst(header.count), as: UTF8.self)
  }
}
