// The checks of kata store-01: a callback loader wrapped in a checked continuation.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata01

let icon = URL(string: "https://is1.example/icon/42.png")!
let other = URL(string: "https://is1.example/icon/7.png")!
let broken = URL(string: "https://is1.example/icon/13.png")!

/// How a call to `loadImage(for:)` ended, in the words a check prints.
func describe(_ ending: Result<Data, any Error>?) -> String {
  switch ending {
  case nil: "has not returned"
  case .success(let bytes):
    "returned \(FakeImage.name(in: bytes).map { "the image \($0)" } ?? "bytes")"
  case .failure(let error): "threw \(error)"
  }
}

/// Calls of `loadImage(for:)` under the scheduler, each in a lane of its own ("load 1"), against
/// a transport whose completion handler comes later, on a queue of its own that the scheduler
/// orders: the transport's requests are drawn in the lane "transport".
final class Loads: Sendable {
  let story: ExplorationStory
  let transport = SimulatedTransport()
  /// One loader for every call, as an app keeps one.
  let loader: ImageLoader
  private let endings = KataSupport.LockedValue<[Int: Result<Data, any Error>]>([:])

  init(story: ExplorationStory) {
    self.story = story
    loader = ImageLoader(transport: transport)
    transport.route(icon, .image(named: "icon 42"))
    transport.route(other, .image(named: "icon 7"))
    transport.route(broken, .image(named: "icon 13"))
    transport.observe { text in
      // "GET is1.example/icon/42.png answers" is drawn as "42.png answers".
      let words = text.split(separator: " ", maxSplits: 2).map(String.init)
      let file = words.count > 1 ? URL(fileURLWithPath: words[1]).lastPathComponent : "?"
      story.note(
        words.count > 2 ? "\(file) \(words[2])" : "GET \(file)", inLane: "transport")
    }
  }

  /// Starts call `number` of `loadImage(for: url)`, in the lane "load `number`".
  func start(_ number: Int, _ url: URL) -> Task<Void, Never> {
    Task {
      await story.inLane("load \(number)") {
        story.note("loadImage(\(url.lastPathComponent))")
        let ending: Result<Data, any Error>
        do {
          ending = .success(try await loader.loadImage(for: url))
        } catch {
          ending = .failure(error)
        }
        story.note(describe(ending))
        endings.withLock { $0[number] = ending }
      }
    }
  }

  /// How call `number` ended; nil while it has not.
  func ending(_ number: Int) -> Result<Data, any Error>? { endings.current[number] }

  /// The problem with call `number`, which was to `expect`: nothing when `isRight` holds for how
  /// it ended.
  func judge(
    _ number: Int, _ situation: String, expect: String,
    _ isRight: (Result<Data, any Error>) -> Bool
  ) -> [String] {
    guard let ending = ending(number) else {
      return [
        "\(situation), and the handler has returned, but loadImage(for:) \(describe(nil)): its "
          + "caller waits for ever; every path of the handler must resume the continuation"
      ]
    }
    if isRight(ending) { return [] }
    return ["\(situation), and loadImage(for:) \(describe(ending)); expected it to \(expect)"]
  }
}

/// Whether `ending` is the image named `name`.
func isImage(_ name: String) -> @Sendable (Result<Data, any Error>) -> Bool {
  { if case .success(let bytes) = $0 { FakeImage.name(in: bytes) == name } else { false } }
}

/// Whether `ending` is a throw of `expected`.
func threw<E: Error & Equatable>(_ expected: E) -> @Sendable (Result<Data, any Error>) -> Bool {
  { if case .failure(let error as E) = $0 { error == expected } else { false } }
}

/// Whether `ending` is a throw that says the call was cancelled.
func isCancellation(_ ending: Result<Data, any Error>) -> Bool {
  guard case .failure(let error) = ending else { return false }
  return error is CancellationError || (error as? URLError)?.code == .cancelled
}

let resumeAdvice =
  "Call transport.load(url) inside withCheckedThrowingContinuation, and end every path of its "
  + "handler in exactly one resume: resume(returning:) with an image's bytes, "
  + "resume(throwing:) with the transport's error or with cannotDecode. Return from the "
  + "continuation's closure right after calling load: the task then suspends until the "
  + "handler resumes it."

/// A scenario of one call of `loadImage(for: url)` whose handler comes 100 ms later.
func oneCall(
  _ name: String, summary: String, expect: String, setUp: @escaping @Sendable (Loads) -> Void,
  isRight: @escaping @Sendable (Result<Data, any Error>) -> Bool
) -> ExplorationScenario {
  ExplorationScenario(
    name, summary: summary,
    steps: [
      "load 1: loadImage(for: icon 42)",
      "transport: \(summary); its handler comes 100 ms later, on a queue of its own",
      "then loadImage(for:) must \(expect)",
    ],
    advice: resumeAdvice, blockingLimit: blockingLimit,
    play: { story in
      let loads = Loads(story: story)
      loads.transport.delay(icon, by: .milliseconds(100))
      setUp(loads)
      _ = loads.start(1, icon)
      await story.settle()
      return loads.judge(1, summary, expect: expect, isRight)
    })
}

/// How long a job may keep the turn before the run is given up as blocked: no job of these
/// scenarios takes more than a millisecond, and one that waits for the handler never ends.
let blockingLimit: TimeInterval = 3

let exploration = KataExploration(
  kata: "store-01",
  scenarios: [
    ExplorationScenario(
      "loads-wait",
      summary: "four loads of icon 42 at once, each answered 100 ms after its request",
      steps: [
        "load 1 to load 4: loadImage(for: icon 42), all at once, in any order",
        "transport: each handler comes 100 ms after its request, on a queue of its own",
        "then every load returns icon 42; while they wait, none holds the thread that runs it",
      ],
      advice:
        "Wait for the handler by suspending, not by blocking: return from the continuation's "
        + "closure right after calling load, and resume the continuation in the handler. A "
        + "semaphore, a lock or a loop that waits keeps the thread, and the handler may need "
        + "that very thread to run.",
      bound: 1, seededRuns: 50, blockingLimit: blockingLimit,
      play: { story in
        let loads = Loads(story: story)
        loads.transport.delay(icon, by: .milliseconds(100))
        for number in 1...4 { _ = loads.start(number, icon) }
        await story.settle()
        return (1...4).flatMap {
          loads.judge(
            $0, "every load's handler has answered icon 42", expect: "return icon 42",
            isImage("icon 42"))
        }
      }),
    oneCall(
      "image", summary: "icon 42 loads", expect: "return icon 42's bytes", setUp: { _ in },
      isRight: isImage("icon 42")),
    oneCall(
      "load-fails", summary: "the load fails: the device is offline",
      expect: "throw the transport's error, offline",
      setUp: { $0.transport.fail(icon, with: TransportError.offline) },
      isRight: threw(TransportError.offline)),
    oneCall(
      "bad-status", summary: "the server answers 404 Not Found",
      expect: "throw the transport's error, badStatus(404)",
      setUp: { $0.transport.route(icon, CannedResponse(status: .notFound, body: Data())) },
      isRight: threw(TransportError.badStatus(.notFound))),
    oneCall(
      "forbidden", summary: "the server answers 403 Forbidden, with a JSON error",
      expect: "throw the transport's error, badStatus(403)",
      setUp: { $0.transport.route(icon, .text(#"{"error":"forbidden"}"#, status: 403)) },
      isRight: threw(TransportError.badStatus(403))),
    oneCall(
      "server-busy", summary: "the server answers 503 Service Unavailable, with a web page",
      expect: "throw the transport's error, badStatus(503)",
      setUp: { $0.transport.route(icon, .text("<html>Try again later</html>", status: 503)) },
      isRight: threw(TransportError.badStatus(503))),
    oneCall(
      "not-an-image", summary: "the bytes that arrive are a web page, not an image",
      expect: "throw ImageLoadingError.cannotDecode",
      setUp: { $0.transport.route(icon, .text("<html>not an image</html>")) },
      isRight: threw(ImageLoadingError.cannotDecode)),
    oneCall(
      "json-not-an-image", summary: "the bytes that arrive are a JSON document, not an image",
      expect: "throw ImageLoadingError.cannotDecode",
      setUp: { $0.transport.route(icon, .text(#"{"error":"no such icon"}"#)) },
      isRight: threw(ImageLoadingError.cannotDecode)),
    oneCall(
      "empty-body", summary: "the answer is 200 OK with no bytes at all",
      expect: "throw ImageLoadingError.cannotDecode",
      setUp: { $0.transport.route(icon, CannedResponse(body: Data())) },
      isRight: threw(ImageLoadingError.cannotDecode)),
    ExplorationScenario(
      "load-again",
      summary: "icon 42 fails to load (offline), then the server is busy (503), then it loads",
      steps: [
        "load 1: loadImage(for: icon 42) while the device is offline: it throws offline",
        "load 2: loadImage(for: icon 42) once the device is back, while the server answers 503: "
          + "it throws badStatus(503)",
        "load 3: loadImage(for: icon 42) once the server answers again: it returns icon 42",
      ],
      advice:
        "Each call asks the transport and hands on what it answers now: a failure says "
        + "nothing about the next call, so keep no answer from one call for another.",
      blockingLimit: blockingLimit,
      play: { story in
        let loads = Loads(story: story)
        loads.transport.fail(icon, with: TransportError.offline)
        await loads.start(1, icon).value
        loads.transport.succeed(icon)
        loads.transport.route(icon, .text("<html>Try again later</html>", status: 503))
        await loads.start(2, icon).value
        loads.transport.route(icon, .image(named: "icon 42"))
        await loads.start(3, icon).value
        await story.settle()
        return loads.judge(
          1, "the device was offline", expect: "throw offline", threw(TransportError.offline))
          + loads.judge(
            2, "the server answered 503", expect: "throw badStatus(503)",
            threw(TransportError.badStatus(503)))
          + loads.judge(
            3, "the server answered icon 42 after two failures", expect: "return icon 42",
            isImage("icon 42"))
      }),
    ExplorationScenario(
      "calls-overlap",
      summary: "three loads at once: icon 42, icon 7 and icon 13, which fails; their handlers "
        + "come in any order",
      steps: [
        "load 1, load 2, load 3: loadImage(for:) icon 42, icon 7 and icon 13, all at once",
        "transport: icon 42's handler comes after 300 ms, icon 13's after 200 ms (it fails: the "
          + "device is offline), icon 7's after 100 ms; the scheduler may bring any first",
        "then each load ends its own way, and the transport was asked once per call: three "
          + "requests",
      ],
      advice:
        "Hand each call its own answer: resume its continuation with the handler's result "
        + "(resume(returning:), resume(throwing:)), never through state the calls share. "
        + "Between the handler's resume and the call going on, other handlers may run.",
      bound: 1, seededRuns: 50, blockingLimit: blockingLimit,
      play: { story in
        let loads = Loads(story: story)
        loads.transport.delay(icon, by: .milliseconds(300))
        loads.transport.delay(broken, by: .milliseconds(200))
        loads.transport.delay(other, by: .milliseconds(100))
        loads.transport.fail(broken, with: TransportError.offline)
        _ = loads.start(1, icon)
        _ = loads.start(2, other)
        _ = loads.start(3, broken)
        await story.settle()
        var problems =
          loads.judge(1, "icon 42 has answered", expect: "return icon 42", isImage("icon 42"))
          + loads.judge(2, "icon 7 has answered", expect: "return icon 7", isImage("icon 7"))
          + loads.judge(
            3, "icon 13 has failed", expect: "throw offline", threw(TransportError.offline))
        let requests = loads.transport.statistics.requests
        if requests != 3 {
          problems.append(
            "three calls asked the transport \(Wording.count(requests, "time")): a call asks it "
              + "once, and hands on its answer, whatever it is")
        }
        return problems
      }),
    ExplorationScenario(
      "caller-leaves",
      summary: "the user scrolls icon 42 away, which cancels its load's task, at any point; the "
        + "transport answers anyway",
      steps: [
        "load 1: loadImage(for: icon 42); its handler comes 100 ms later, on a queue of its own",
        "user: cancels load 1's task at any point: before, while or after the transport works; "
          + "the transport cannot be cancelled, and still calls its handler",
        "then loadImage(for:) has ended exactly once: with icon 42, or throwing "
          + "CancellationError",
      ],
      advice:
        "Cancelling the caller does not stop the transport: its handler still comes, once. "
        + "Either let the cancelled call wait for that answer (no cancellation handler at all), "
        + "or, when a cancellation handler resumes the continuation early, let it and the "
        + "transport's handler take the continuation from one place, under a lock, so that the "
        + "second finds nothing left to resume. A handler that returns without resuming leaves "
        + "the caller waiting for ever.",
      blockingLimit: blockingLimit,
      play: { story in
        let loads = Loads(story: story)
        loads.transport.delay(icon, by: .milliseconds(100))
        let load = loads.start(1, icon)
        // In the default order the user leaves while the transport works; one deviation moves
        // the cancellation to any other point.
        let leaving = story.later("user", after: .milliseconds(50)) {
          story.note("scrolls icon 42 away: load 1's task is cancelled")
          // The cancellation handler runs on this job, inside `cancel()`, whose lock on the
          // task it holds meanwhile: its sections of a lock run without a pause (see
          // LockScheduling), and the transport's handler's sections can come around them.
          LockScheduling.$isCancelling.withValue(true) { load.cancel() }
        }
        await leaving.value
        await story.settle()
        return loads.judge(
          1, "load 1's task was cancelled, and the transport's handler has come",
          expect: "return icon 42 or throw CancellationError"
        ) { isImage("icon 42")($0) || isCancellation($0) }
      }),
  ])
// In the child process that the exploring checks start, this explores and exits, before any task.
exploration.exploreIfChild()

let suite = CheckSuite()

suite.check("a loaded image is returned") {
  exploration.outcome(of: "image")
}

suite.check("a failed load throws the transport's error") {
  exploration.outcome(of: "load-fails")
}

suite.check("a bad status throws the transport's error") {
  try await .all(
    ["bad-status", "forbidden", "server-busy"].map { scenario in
      { await exploration.outcome(of: scenario) }
    })
}

suite.check("bytes that are not an image throw cannotDecode") {
  try await .all(
    ["not-an-image", "json-not-an-image", "empty-body"].map { scenario in
      { await exploration.outcome(of: scenario) }
    })
}

suite.check("a load after a failure asks the transport again") {
  exploration.outcome(of: "load-again")
}

suite.check("each call asks the transport once") {
  exploration.outcome(of: "calls-overlap")
}

suite.check("loads wait for the transport without blocking a thread") {
  exploration.outcome(of: "loads-wait")
}

suite.check("a load cancelled at any point ends once, with the icon or a cancellation") {
  exploration.outcome(of: "caller-leaves")
}

suite.check("no escape hatch silences the checks") {
  try EscapeHatchChecks.outcome(
    of: ["ImageLoader.swift"],
    leavesUnfixed: "a path that resumes twice or never, it only hides it: a checked "
      + "continuation traps on a second resume and logs one that is never resumed")
}

await suite.run()
