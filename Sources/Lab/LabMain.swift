import Foundation
import LabKit

/// `swift run lab`: see `LabCommand.usage`.
@main
enum LabMain {
  static func main() {
    do {
      let root = try LabCommand.findRoot()
      exit(LabCommand(root: root).run(Array(CommandLine.arguments.dropFirst())))
    } catch {
      FileHandle.standardError.write(Data("lab: \(error)\n".utf8))
      exit(2)
    }
  }
}
