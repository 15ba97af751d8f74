import CommandLineSupport
import Foundation

/// What git holds of a folder, beside the working files: which files differ from the lab as it
/// came (changed, deleted or new) and what each held then.
///
/// A learner works in `Exercises/`, so a starter that differs from what the lab's own history
/// holds is their work, not a maintainer's mistake: the drift check (`lab dev check`, and the
/// test that runs it in `make test`) compares what git holds, and `lab dev sync` leaves such a
/// file alone. "As it came" is the commit where the current branch leaves its upstream (`git
/// merge-base HEAD @{upstream}`), so that a learner who commits their work is covered too; with
/// no upstream, as in a CI checkout, it is `HEAD`. Outside a git checkout, or without git, no
/// file counts as edited.
struct CommittedFiles {
  let root: URL
  /// The commit compared with: the upstream's merge base, else `HEAD`.
  let base: String
  /// Paths relative to `root` that differ from `base`: modified, deleted, or not tracked.
  let edited: Set<String>

  /// Asks git which files under `folder` (relative to `root`) differ from the lab as it came.
  init(root: URL, folder: String = "Exercises") {
    self.root = root
    base = Self.baseRevision(root: root)
    // `--relative` and `ls-files`' default both give paths relative to `root`, also when the
    // repository's top is a folder above it.
    let changed = Self.git(["diff", "--relative", "--name-only", base, "--", folder], in: root)
    let untracked = Self.git(
      ["ls-files", "--others", "--exclude-standard", "--", folder], in: root)
    edited = Set(
      [changed, untracked].compactMap { $0 }.flatMap { $0.split(separator: "\n").map(String.init) })
  }

  /// The text `path` (relative to `root`) had in `base`; nil when it had none.
  func committedText(of path: String) -> String? {
    Self.git(["show", "\(base):./\(path)"], in: root)
  }

  /// The commit the lab came as: where the current branch leaves its upstream, else `HEAD`.
  static func baseRevision(root: URL) -> String {
    git(["merge-base", "HEAD", "@{upstream}"], in: root)?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "HEAD"
  }

  /// Whether the Swift files in `folder` (relative to `root`) are still the lab's as it came:
  /// the same files, each unchanged since the base commit. False when git cannot tell (no git,
  /// no checkout), so that a learner is never told their work is untouched when nobody knows.
  static func swiftFilesAreAsCommitted(in folder: String, root: URL) -> Bool {
    let base = baseRevision(root: root)
    guard let listed = git(["ls-tree", "--name-only", "\(base):./\(folder)"], in: root),
      let changed = git(["diff", "--relative", "--name-only", base, "--", folder], in: root),
      let present = try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
    else { return false }
    let committed = Set(listed.split(separator: "\n").map(String.init)).filter(isSwift)
    // A new Swift file is a change too; `git diff` leaves untracked files out.
    return !committed.isEmpty && committed == Set(present).filter(isSwift)
      && !changed.split(separator: "\n").contains { isSwift(String($0)) }
  }

  private static func isSwift(_ path: String) -> Bool { path.hasSuffix(".swift") }

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
