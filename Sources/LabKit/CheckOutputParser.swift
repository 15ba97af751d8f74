import CheckReporting
import Foundation

/// Reads a check executable's output: the lines `CheckReport` defines, which
/// `LabCheckKit.CheckSuite` prints.
public enum CheckOutputParser {
  /// The `LAB-CHECK` lines, in order, each with the `LAB-DETAIL` lines that follow it.
  public static func checkLines(in output: String) -> [Verdict.CheckLine] {
    var lines: [Verdict.CheckLine] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if let check = CheckReport.checkLine(line) {
        lines.append(
          Verdict.CheckLine(name: check.name, passed: check.passed, detail: check.message))
      } else if let detail = CheckReport.Tag.detail.text(of: line), let last = lines.popLast() {
        lines.append(
          Verdict.CheckLine(
            name: last.name, passed: last.passed, detail: last.detail,
            moreDetails: last.moreDetails + [detail]))
      }
    }
    return lines
  }

  /// The learner's compiler warnings the checks printed, `<file>:<line>: <message> [#Group]`.
  public static func warnings(in output: String) -> [String] {
    output.split(separator: "\n").compactMap { CheckReport.Tag.warning.text(of: $0) }
  }

  /// The check that was running last: the one a crash or a hang happened in.
  public static func runningCheck(in output: String) -> String? {
    lastValue(of: CheckReport.Tag.running.prefix, in: output)
  }

  /// What the running check said it was waiting for (`LAB-WAITING <what>`), if it said so
  /// since it started.
  public static func waitingFor(in output: String) -> String? {
    let lines = output.split(separator: "\n")
    let start = lines.lastIndex { $0.hasPrefix(CheckReport.Tag.running.prefix) } ?? lines.startIndex
    return lines[start...].lazy.compactMap { CheckReport.Tag.waiting.text(of: $0) }.last
  }

  private static func lastValue(of prefix: String, in output: String) -> String? {
    output.split(separator: "\n").last { $0.hasPrefix(prefix) }
      .map { String($0.dropFirst(prefix.count)) }
  }

  /// The runtime's own words for a crash (a fatal error, a misused continuation, a failed
  /// precondition) and, from the backtrace, the learner's frame in `sourceFolder`.
  public static func crashReport(in output: String, sourceFolder: String) -> CrashReport {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let backtraceStart =
      lines.firstIndex { $0.hasPrefix("*** Signal") || $0.hasPrefix("*** Program crashed") }
      ?? lines.endIndex
    let frames = crashedThreadFrames(in: lines[backtraceStart...])
    let (learnerFrame, calledAPI) = learnerFrame(in: frames, sourceFolder: sourceFolder)
    // What the running check printed before it crashed, without the protocol's lines and the
    // backtracer's remarks (which may be glued to a runtime message that has no newline).
    let checkStart = lines[..<backtraceStart].lastIndex { $0.hasPrefix("LAB-RUNNING ") } ?? 0
    let said = lines[checkStart..<backtraceStart].compactMap { line -> String? in
      let text = line.components(separatedBy: "swift-runtime: ")[0]
        .trimmingCharacters(in: .whitespaces)
      return text.isEmpty || text.hasPrefix("LAB-") ? nil : text
    }
    // The checks that ended before the crash: a failed one keeps its verdict.
    let checksBefore = checkLines(in: lines[..<backtraceStart].joined(separator: "\n"))
    if let fatal = said.first(where: { line in
      CrashReport.runtimeMarkers.contains { line.contains($0) }
    }) {
      return CrashReport(
        message: fatal, learnerFrame: learnerFrame, calledAPI: calledAPI,
        checksBefore: checksBefore)
    }
    return CrashReport(
      message: howItDied(in: lines[backtraceStart...]), lastOutput: said.last,
      learnerFrame: learnerFrame, calledAPI: calledAPI, checksBefore: checksBefore)
  }

  /// Whether the output holds a backtrace of Swift's backtracer.
  public static func hasBacktrace(_ output: String) -> Bool {
    output.split(separator: "\n").contains {
      $0.hasPrefix("*** Signal") || $0.hasPrefix("*** Program crashed")
    }
  }

  /// Where a stopped check's threads were in the learner's files: for each thread of the
  /// backtrace that reached them, its innermost frame there (`function at file:line`) and the
  /// call it was in, once each.
  public static func learnerFramesOfEveryThread(in output: String, sourceFolder: String)
    -> [String]
  {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var places: [String] = []
    for (index, line) in lines.enumerated() where line.hasPrefix("Thread ") && line.hasSuffix(":") {
      let frames = lines[(index + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty && $0 != "..." }
      let (frame, called) = learnerFrame(in: Array(frames), sourceFolder: sourceFolder)
      guard let frame else { continue }
      let place = frame + (called.map { ", in \($0)" } ?? "")
      if !places.contains(place) { places.append(place) }
    }
    return places
  }

  /// "*** Program crashed: Illegal instruction at 0x… ***" → "Illegal instruction".
  private static func howItDied(in backtrace: ArraySlice<String>) -> String {
    guard let crashed = backtrace.first(where: { $0.hasPrefix("*** Program crashed: ") }) else {
      return CrashReport.noMessage
    }
    let reason = crashed.dropFirst("*** Program crashed: ".count)
    return String(reason.components(separatedBy: " at 0x")[0]).trimmingCharacters(
      in: CharacterSet(charactersIn: "* "))
  }

  /// The frames of the thread the backtracer marks `crashed:`, innermost first.
  private static func crashedThreadFrames(in lines: ArraySlice<String>) -> [String] {
    guard
      let header = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix("crashed:") })
    else { return [] }
    return Array(
      lines[(header + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty && $0 != "..." }
    )
  }

  /// The first frame in the learner's files, as `function at file:line`, and the API it called:
  /// the nearest frame inside it that names a Swift API.
  private static func learnerFrame(in frames: [String], sourceFolder: String) -> (String?, String?)
  {
    let folder = sourceFolder.hasSuffix("/") ? sourceFolder : sourceFolder + "/"
    guard let index = frames.firstIndex(where: { $0.contains(folder) }),
      let frame = describe(frame: frames[index], folder: folder)
    else { return (nil, nil) }
    let called = frames[..<index].reversed().lazy.compactMap { frame -> String? in
      guard let symbol = symbol(in: frame), symbol.first?.isLetter == true,
        !symbol.hasPrefix("closure "), !symbol.hasPrefix("swift_"), !symbol.hasPrefix("_")
      else { return nil }
      return readableAPI(symbol)
    }.first
    return (frame, called)
  }

  /// "static MainActor.assumeIsolated<A>(_:file:line:)" → "MainActor.assumeIsolated(_:file:line:)":
  /// the name as the learner wrote it, without the generic parameters.
  static func readableAPI(_ symbol: String) -> String {
    var name = symbol.hasPrefix("static ") ? String(symbol.dropFirst("static ".count)) : symbol
    while let open = name.firstIndex(of: "<"), let close = name[open...].firstIndex(of: ">") {
      name.removeSubrange(open...close)
    }
    return name
  }

  /// "  6 [ra] 0x… wrongAssume() + 84 in Probe at /path/Exercises/x/File.swift:5:13" →
  /// "wrongAssume() at Exercises/x/File.swift:5".
  private static func describe(frame: String, folder: String) -> String? {
    guard let symbol = symbol(in: frame), let at = frame.range(of: " at ", options: .backwards)
    else { return nil }
    let location = frame[at.upperBound...]
    guard let start = location.range(of: folder) else { return nil }
    let fromFolder = folder + location[start.upperBound...]
    // Drop the column: file:line is what editors and people use. (A frame without a column,
    // `File.swift:5`, keeps its line.)
    let fileAndLine = fromFolder.replacing(#/(:\d+):\d+$/#) { $0.output.1 }
    return "\(symbol) at \(fileAndLine)"
  }

  /// The function a frame names: the text between the address and ` + offset in image`.
  private static func symbol(in frame: String) -> String? {
    guard let address = frame.range(of: "0x") else { return nil }
    let afterAddress = frame[address.upperBound...].drop { $0.isHexDigit }.drop { $0 == " " }
    let end =
      afterAddress.range(of: " + ")?.lowerBound ?? afterAddress.range(of: " in ")?.lowerBound
      ?? afterAddress.endIndex
    let symbol = afterAddress[..<end].trimmingCharacters(in: .whitespaces)
    return symbol.isEmpty ? nil : symbol
  }

  /// The compiler's error lines in a build's output, without duplicates, most useful first:
  /// those in the exercise's own files.
  public static func compileErrors(in output: String, preferring folder: String) -> [String] {
    var seen = Set<String>()
    let errors = output.split(separator: "\n").map(String.init).filter { line in
      line.contains(": error: ") && !line.hasPrefix(" ") && seen.insert(line).inserted
    }
    return errors.filter { $0.contains(folder) } + errors.filter { !$0.contains(folder) }
  }
}
