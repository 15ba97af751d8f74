import Foundation

/// Finds the escape hatches in Swift source, ignoring comments and string literals.
public enum EscapeHatchScan {
  /// The uses of `hatches` in `source`, in the order they appear, reported as in `file`.
  public static func uses(
    in source: String, file: String, of hatches: [EscapeHatch] = EscapeHatch.allCases
  ) -> [EscapeHatchUse] {
    let tokens = SwiftToken.tokenize(source)
    return hatches.flatMap { hatch in
      hatch.uses(in: tokens).map { EscapeHatchUse(hatch: hatch, file: file, line: tokens[$0].line) }
    }
    .sorted { ($0.line, $0.hatch.rawValue) < ($1.line, $1.hatch.rawValue) }
  }

  /// The uses of `hatches` in every `.swift` file under `folder`, by file path then line; each
  /// file is named by its path relative to `folder`.
  ///
  /// - Throws: when the folder or a file cannot be read.
  public static func uses(
    inSwiftFilesUnder folder: URL, of hatches: [EscapeHatch] = EscapeHatch.allCases
  ) throws -> [EscapeHatchUse] {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().flatMap { path in
      let source = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      return uses(in: source, file: path, of: hatches)
    }
  }
}
