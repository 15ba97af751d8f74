import CommandLineSupport
import Foundation

/// What git holds of a folder, beside the working files: which files differ from the last commit
/// (changed, deleted or new) and what each held when committed.
///
/// A learner works in `Exercises/` and never commits there, so an edit that git does not hold is
/// their work in progress, not a maintainer's mistake: the drift check (`lab dev check`, and the
/// test that runs it in `make test`) compares what git holds, and `lab dev sync` leaves such a
/// file alone. Outside a git checkout, or without git, no file counts as edited.
struct CommittedFiles {
  let root: URL
  /// Paths relative to `root` that differ from `HEAD`: modified, deleted, or not tracked.
  let edited: Set<String>

  /// Asks git which files under `folder` (relative to `root`) differ from `HEAD`.
  init(root: URL, folder: String = "Exercises") {
    self.root = root
    // `--relative` and `ls-files`' default both give paths relative to `root`, also when the
    // repository's top is a folder above it.
    let changed = Self.git(["diff", "--relative", "--name-only", "HEAD", "--", folder], in: root)
    let untracked = Self.git(
      ["ls-files", "--others", "--exclude-standard", "--", folder], in: root)
    edited = Set(
      [changed, untracked].compactMap { $0 }.flatMap { $0.split(separator: "\n").map(String.init) })
  }

  /// The text `path` (relative to `root`) had in the last commit; nil when it had none.
  func committedText(of path: String) -> String? {
    Self.git(["show", "HEAD:./\(path)"], in: root)
  }

  /// What `git` printed on standard output, or nil when it failed or could not run.
  private static func git(_ arguments: [String], in root: URL) -> String? {
    guard
      let result = try? ProcessRunner.run(
        "/usr/bin/env", ["git"] + arguments, in: root, standardError: .discarded),
      result.succeeded
    else { return nil }
    return result.output
  }
}
