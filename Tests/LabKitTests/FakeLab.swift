import CommandLineSupport
import Foundation

@testable import LabKit

/// A lab in a temporary folder, for testing the `lab` command without building anything: a small
/// `exercises.json` (two migration steps, two apod katas, one appstore kata), a stand-in `swift`
/// that builds nothing, and check executables that run the exercise folder's `Behaviour.swift`
/// as a shell script, so that each test decides what the checks print and how they end.
final class FakeLab {
  let root: URL
  let lines = Lines()

  /// The exercises: (track, id, module, title).
  static let exercises = [
    ("coffee", "01-first-step", "Step01", "The first step"),
    ("coffee", "02-second-step", "Step02", "The second step"),
    ("apod", "apod-01-group-by-period", "Apod01", "Group by period"),
    ("apod", "apod-02-actor-client", "Apod02", "An actor client"),
    ("appstore", "store-01-continuation-loader", "Store01", "A continuation loader"),
  ]

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fake-lab-\(UUID().uuidString)")
    try write("Exercises/exercises.json", Self.catalogJSON())
    try write("fake-swift", "#!/bin/sh\nexit 0\n", executable: true)
    for (_, id, module, _) in Self.exercises {
      for scratch in [".build-lab", ".build-lab-verify"] {
        try write(
          "\(scratch)/debug/\(module)Check",
          "#!/bin/sh\nexec /bin/sh \"$LAB_EXERCISE_SOURCES/Behaviour.swift\"\n", executable: true)
      }
      try write("Exercises/\(id)/Model.swift", "// the starter of \(id)\n")
      try write("Exercises/\(id)/Behaviour.swift", Behaviour.passes)
      try write("Solutions/\(id)/Model.swift", "// the solution of \(id)\nlet solved = true\n")
      try write("Solutions/\(id)/Behaviour.swift", Behaviour.passes)
      try writeWrongAnswer(exercise: id, Behaviour.failsOneCheck)
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Runs `lab` with `arguments`; returns the exit code.
  func run(_ arguments: String...) -> Int32 {
    let lines = self.lines
    return LabCommand(
      root: root, output: Output { text, _ in lines.append(text) },
      swiftExecutable: root.appendingPathComponent("fake-swift").path
    ).run(arguments)
  }

  /// Everything `lab` printed so far, in one string.
  var printed: String { lines.all.joined(separator: "\n") }

  func write(_ path: String, _ text: String, executable: Bool = false) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard executable else {
      try Data(text.utf8).write(to: url)
      return
    }
    // A program is written through a close-on-exec descriptor. Foundation's `Data.write` opens
    // without O_CLOEXEC (strace: `O_WRONLY|O_CREAT|O_TRUNC`), so a child that another test forks
    // meanwhile would keep the file open for writing for its whole life, and starting the
    // program would fail with ETXTBSY ("Text file busy") until that child ended.
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(
      contentsOf: Data(text.utf8))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }

  /// Keeps `behaviour` as the wrong answer `wrong` of `exercise`: a patch against the solution's
  /// `Behaviour.swift`, as the real track keeps its wrong answers.
  func writeWrongAnswer(exercise: String, _ behaviour: String) throws {
    let solution = try read("Solutions/\(exercise)/Behaviour.swift")
    try write(
      "Solutions/\(exercise)/wrong-answers/wrong.patch",
      UnifiedDiff.make(from: solution, to: behaviour, path: "Behaviour.swift"))
  }

  func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Makes the fake lab a git repository with everything committed, as a clone is.
  func commitEverything() throws {
    let result = try ProcessRunner.run(
      "/bin/sh",
      [
        "-c",
        "git init -q . && git add -A && git -c user.name=lab -c user.email=lab@example.com commit -qm start",
      ], in: root)
    guard result.status == 0 else { throw LabError("git: \(result.output)") }
  }

  static func catalogJSON() -> String {
    let tracks = ["coffee", "apod", "appstore"].map { track in
      let exercises = Self.exercises.filter { $0.0 == track }.map { _, id, module, title in
        """
        {"id": "\(id)", "title": "\(title)", "module": "\(module)", "swiftLanguageMode": 6,
         "files": ["Model.swift"], "checks": ["it works"], "starterFails": "it works",
         "hints": ["a gentle hint", "nearly the answer"],
         "wrongAnswers": [{"id": "wrong", "summary": "a wrong answer", "mustFail": "it works"}]}
        """
      }
      let checkSupport = track == "coffee" ? "CoffeeChecks" : "LabCheckKit"
      return """
        {"id": "\(track)", "title": "The \(track) track", "checkSupport": "\(checkSupport)",
         "exercises": [\(exercises.joined(separator: ","))]}
        """
    }
    return "{\"formatVersion\": 1, \"tracks\": [\(tracks.joined(separator: ","))]}"
  }
}

/// What a fake check executable does, as a shell script.
enum Behaviour {
  static let passes = """
    echo "LAB-RUNNING it works"
    echo "LAB-CHECK pass it works"
    echo "LAB-RESULT pass"
    exit 0

    """

  static let failsOneCheck = """
    echo "LAB-RUNNING it works"
    echo "LAB-CHECK fail it works :: the background task is not completed as it should be"
    echo "LAB-DETAIL expected: [task 1 completed once reporting success, task 2 completed once]"
    echo "LAB-DETAIL actual: [task 1 completed once reporting success, task 2 never completed]"
    echo "LAB-RESULT fail"
    exit 1

    """

  /// Hangs after saying what it waits for.
  static let hangs = """
    echo "LAB-RUNNING the loader answers"
    echo "LAB-WAITING the loader's completion handler"
    exec sleep 60

    """

  /// Crashes the way the Swift runtime does when a checked continuation is resumed twice: the
  /// runtime's message, then the backtracer's report of the crashed thread (recorded from this
  /// toolchain, Swift 6.3 on Linux, with `ExerciseChecker.backtraceSettings`), then the signal.
  static func crashesResumingTwice(in folder: String) -> String {
    """
    echo "LAB-RUNNING the continuation is resumed once"
    cat <<TRACE
    _Concurrency/CheckedContinuation.swift:169: Fatal error: SWIFT TASK CONTINUATION MISUSE: load() tried to resume its continuation more than once, returning ()!


    *** Signal 4: Backtracing from 0x7ff8adcf9361... done ***

    *** Program crashed: Illegal instruction at 0x00007ff8adcf9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 3 "oot.default-qos" crashed:

      0                  0x00007ff8adcf9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x00007ff8ae1ff8b9 CheckedContinuation.resume(returning:) + 344 in libswift_Concurrency.so
      2 [ra] [system]    0x0000557ccb9bc43c CheckedContinuation.resume<>() + 11 in Step01Check at //<compiler-generated>
      3 [ra]             0x0000557ccb9bc422 closure #1 in load() + 65 in Step01Check at $PWD/\(folder)/Model.swift:16:7
      4 [ra]             0x00007ff8ae1c2d62 closure #1 in withCheckedContinuation<A>(isolation:function:_:) + 81 in libswift_Concurrency.so
    ...

    Backtrace took 0.04s
    TRACE
    kill -ILL $$

    """
  }
}
