import CoffeeDomain
import Foundation
import SimulatedPlatform

extension DocumentsFolder {
  /// Puts `drinks` in place as the app's saved drink list (`Snapshot.fileName`, a binary property
  /// list, as the apps write it) before the app runs; for scenarios and replays.
  public func seedDrinkList(_ drinks: [Drink]) throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    try seed(try encoder.encode(drinks), asFileNamed: Snapshot.fileName)
  }
}
