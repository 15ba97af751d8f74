import Foundation
import LabKit

/// `swift run lab`: see `LabCommand.usage`.
@main
enum LabMain {
  static func main() {
    do {
      let root = try LabCommand.findRoot()
      let arguments = Array(CommandLine.arguments.dropFirst())
      // Started from `Exercises/`, `swift run lab` builds the tool a second time: say so.
      if let executable = FirstBuild.currentExecutable,
        let notice = FirstBuild.secondBuildNotice(
          executable: executable, root: root, arguments: arguments)
      {
        FileHandle.standardError.write(Data("lab: \(notice)\n".utf8))
      }
      exit(LabCommand(root: root).run(arguments))
    } catch {
      FileHandle.standardError.write(Data("lab: \(error)\n".utf8))
      exit(2)
    }
  }
}
