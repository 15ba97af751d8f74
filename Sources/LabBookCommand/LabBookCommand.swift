import CommandLineSupport
import Foundation
import LabBook

/// `lab-book`: writes the lab book, a static HTML site, from real runs of the lab.
@main
struct LabBookCommand {
  static let usage = """
    lab-book: write the lab book, a static offline HTML site: every race with its before and
    after lanes from real runs, every scenario, every exercise.

    Usage: lab-book [--out DIR] [--root DIR]
      --out DIR    Where to write it (default: .build-book)
      --root DIR   The package root, for sources and READMEs (default: the current folder)

    Exit codes: 0 written, 1 a run or a write failed, 2 a usage error.
    """

  @MainActor
  static func main() async {
    var arguments = ParsedArguments(Array(CommandLine.arguments.dropFirst()))
    if arguments.asksForHelp {
      print(usage)
      exit(0)
    }
    let out: String
    let root: String
    do {
      out = try arguments.value("--out") ?? ".build-book"
      root = try arguments.value("--root") ?? FileManager.default.currentDirectoryPath
      try arguments.done()
    } catch {
      ErrorReport(error, tool: "lab-book").exit()
    }
    do {
      let folder = URL(fileURLWithPath: out)
      let pages = try await LabBook.write(to: folder, root: root)
      print("lab-book: \(pages.count) pages in \(folder.path); open \(folder.path)/index.html")
      fflush(nil)
      exit(0)
    } catch {
      ErrorReport(error, tool: "lab-book").exit()
    }
  }
}
