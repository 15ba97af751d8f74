import Foundation

/// The lab's commands as built beside the tests (`swift test` builds every product first), so
/// that a test can run one as a learner or an instructor types it.
enum BuiltProduct {
  /// The folder of the build these tests run from, where the products are built beside them.
  static let folder: URL? = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      if FileManager.default.isExecutableFile(
        atPath: folder.appendingPathComponent("race-lab").path)
      {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  /// The path of the product `name`; nil when it is not built there.
  static func path(_ name: String) -> String? {
    guard let url = folder?.appendingPathComponent(name),
      FileManager.default.isExecutableFile(atPath: url.path)
    else { return nil }
    return url.path
  }
}
