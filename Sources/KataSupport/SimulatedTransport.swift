import DeterministicScheduling
import Foundation

/// A stand-in for the network: canned responses per URL, with failures, latency and gates under
/// the test's control, and counters for everything that happened.
///
/// Apps under test take a `SimulatedTransport` instead of `URLSession`. A test sets up routes,
/// optionally holds some of them at a gate, starts the code under test, awaits a condition on the
/// transport's counters (`waitUntil`), then releases the gates in the order it wants. Nothing
/// sleeps, so every run takes the same path.
///
///     let transport = SimulatedTransport()
///     transport.route(url, .text("[]"))
///     transport.hold(url)
///     async let answer = transport.data(for: url)
///     await transport.waitUntil { $0.held == 1 }
///     transport.release(url)
///
/// A held request whose task is cancelled ends at once and is counted in
/// `Statistics.cancellations`. It throws `CancellationError`, the Swift convention, unless the
/// transport was made with `reportsCancellation: .asURLError`: then it throws
/// `URLError(.cancelled)`, as `URLSession`'s async methods do.
public final class SimulatedTransport: Sendable {
  /// The error a request ends with when its task is cancelled.
  public enum CancellationReport: Sendable {
    /// `CancellationError`, what `Task.checkCancellation()` and most Swift APIs throw.
    case asCancellationError
    /// `URLError(.cancelled)`, what `URLSession.data(from:)` and its async siblings throw.
    case asURLError
  }

  /// What the transport has seen so far.
  public struct Statistics: Sendable, Equatable {
    /// Every request that arrived, held or not, finished or not.
    public var requests = 0
    /// The requests per URL.
    public var requestsPerURL: [URL: Int] = [:]
    /// The requests that have arrived and not yet finished (held ones included).
    public var inFlight = 0
    /// The largest `inFlight` ever seen.
    public var maxInFlight = 0
    /// The requests waiting at a gate right now.
    public var held = 0
    /// The held URLs, in the order their requests arrived (one entry per held request).
    public var heldURLs: [URL] = []
    /// The requests that ended with a response (whatever its status).
    public var responses = 0
    /// The requests that ended with an error other than cancellation (route failures).
    public var failures = 0
    /// The requests that ended because their task was cancelled.
    public var cancellations = 0
    /// The calls of `load(_:completion:)` so far, counted as they are made.
    public var loadsStarted = 0
    /// The completion handlers of `load(_:completion:)` that have returned.
    public var callbacksDelivered = 0

    /// The requests for `url` so far.
    public func requests(for url: URL) -> Int { requestsPerURL[url] ?? 0 }
  }

  /// What a request for a route set with `route(_:fromNowOn:after:)` is given as it arrives.
  private struct AnswerOnArrival: Sendable {
    var response: CannedResponse
    var latency: Duration
  }

  private enum Hold {
    case pending
    case waiting(CheckedContinuation<Bool, Never>)
    case released
    case cancelled
  }

  private struct State: WaitableState {
    var routes: [URL: CannedResponse] = [:]
    var failures: [URL: any Error] = [:]
    var latencies: [URL: Duration] = [:]
    var answersOnArrival: [URL: AnswerOnArrival] = [:]
    var heldRoutes: Set<URL> = []
    var holdsEverything = false
    var releasedRoutes: Set<URL> = []
    var holds: [Int: (url: URL, hold: Hold)] = [:]
    var nextID = 0
    var waiters = ConditionWaiters<State>()
    var statistics = Statistics()
    var observer: (@Sendable (String) -> Void)?
    var withholdsCompletions = false

    func isHeld(_ url: URL) -> Bool {
      heldRoutes.contains(url) || (holdsEverything && !releasedRoutes.contains(url))
    }

    mutating func recount() {
      let held = holds.values.filter {
        switch $0.hold {
        case .pending, .waiting: true
        case .released, .cancelled: false
        }
      }
      statistics.held = held.count
      statistics.heldURLs = holds.keys.sorted().compactMap { id in
        guard let entry = holds[id] else { return nil }
        switch entry.hold {
        case .pending, .waiting: return entry.url
        case .released, .cancelled: return nil
        }
      }
    }
  }

  private let state = LockedValue(State())
  private let clock: any Clock<Duration>
  private let cancellationReport: CancellationReport

  /// A transport with no routes: every URL answers 404 until given a route.
  ///
  /// - Parameters:
  ///   - clock: the clock that route latencies are slept on; a test passes a `ManualClock` and
  ///     advances it.
  ///   - reportsCancellation: the error a cancelled request throws.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    reportsCancellation cancellationReport: CancellationReport = .asCancellationError
  ) {
    self.clock = clock
    self.cancellationReport = cancellationReport
  }

  // MARK: - Setting up

  /// Answers `response` to every request for `url` from now on.
  public func route(_ url: URL, _ response: CannedResponse) {
    state.withLock { $0.routes[url] = response }
  }

  /// Answers a 200 with `body` for `url`.
  public func route(_ url: URL, body: Data) {
    route(url, CannedResponse(body: body))
  }

  /// Makes every request for `url` throw `error` (after its gate and latency, if any) until
  /// `succeed(_:)`.
  public func fail(_ url: URL, with error: any Error) {
    state.withLock { $0.failures[url] = error }
  }

  /// Stops failing `url`: it answers its route again.
  public func succeed(_ url: URL) {
    state.withLock { $0.failures[url] = nil }
  }

  /// Delays every answer for `url` by `latency`, measured on the transport's clock.
  public func delay(_ url: URL, by latency: Duration) {
    state.withLock { $0.latencies[url] = latency }
  }

  /// Answers `response` after `latency` to every request for `url` that arrives from now on;
  /// a request already in flight keeps the answer it was given when it arrived. For a check
  /// where the server's data changes between two requests for the same URL (the catalog
  /// changed between two searches for the same text), so that a late answer to the earlier
  /// request carries the older data. Overrides `route(_:_:)` and `delay(_:by:)` for `url`;
  /// `fail(_:with:)` still wins.
  public func route(_ url: URL, fromNowOn response: CannedResponse, after latency: Duration) {
    state.withLock {
      $0.answersOnArrival[url] = AnswerOnArrival(response: response, latency: latency)
    }
  }

  /// Tells `observer` what each request does, as it happens ("GET is1.example/icon/1.png",
  /// "… answers", "… fails: offline", "… cancelled"), on the requesting task: for a check that
  /// draws the story of a run.
  public func observe(_ observer: @escaping @Sendable (String) -> Void) {
    state.withLock { $0.observer = observer }
  }

  /// Makes `load(_:completion:)` call no completion handler from now on: its request still
  /// runs and is counted. For an exploring check, whose scheduler cannot order the Dispatch
  /// queue a caller gathers those handlers on (`DispatchGroup.notify`): a load that never calls
  /// back is the same in every run, where a handler that reached such a queue would race the
  /// scheduler.
  public func withholdCompletions() {
    state.withLock { $0.withholdsCompletions = true }
  }

  private func tell(_ text: String) {
    state.withLock { $0.observer }?(text)
  }

  // MARK: - Gates

  /// Holds every request for `url` from now on, until `release(_:)`.
  public func hold(_ url: URL) {
    state.withLock {
      $0.heldRoutes.insert(url)
      $0.releasedRoutes.remove(url)
    }
  }

  /// Holds every request, whatever its URL, until released route by route or by `releaseAll()`.
  public func holdAll() {
    state.withLock {
      $0.holdsEverything = true
      $0.releasedRoutes = []
    }
  }

  /// Lets the held requests for `url` go on, and stops holding `url`.
  public func release(_ url: URL) {
    release { $0 == url }
    state.withLock {
      $0.heldRoutes.remove(url)
      if $0.holdsEverything { $0.releasedRoutes.insert(url) }
    }
  }

  /// Lets every held request go on, and stops holding anything.
  public func releaseAll() {
    state.withLock {
      $0.heldRoutes = []
      $0.holdsEverything = false
      $0.releasedRoutes = []
    }
    release { _ in true }
  }

  /// Lets go only the request for `url` that is held now, and keeps holding `url` for later
  /// requests. Returns false when no request for `url` was held.
  @discardableResult
  public func releaseOne(_ url: URL) -> Bool {
    var released = false
    release { candidate in
      guard !released, candidate == url else { return false }
      released = true
      return true
    }
    return released
  }

  private func release(where matches: (URL) -> Bool) {
    let (continuations, ready) = state.withLock { state in
      var continuations: [CheckedContinuation<Bool, Never>] = []
      for id in state.holds.keys.sorted() {
        guard let entry = state.holds[id], matches(entry.url) else { continue }
        switch entry.hold {
        case .pending:
          state.holds[id] = (entry.url, .released)
        case .waiting(let continuation):
          state.holds[id] = (entry.url, .released)
          continuations.append(continuation)
        case .released, .cancelled:
          continue
        }
      }
      state.recount()
      return (continuations, state.takeSatisfiedWaiters())
    }
    for continuation in continuations { continuation.resume(returning: true) }
    for waiter in ready { waiter.resume() }
  }

  // MARK: - Observing

  /// The counters, read now.
  public var statistics: Statistics { state.withLock { $0.statistics } }

  /// Suspends until `condition` holds for the counters (at once if it already does): for a test
  /// that releases gates in an order of its choosing. No timeout: a wait is a synchronization,
  /// never a verdict (a test that waits for ever is stopped by its time limit).
  public func waitUntil(_ condition: @escaping @Sendable (Statistics) -> Bool) async {
    await state.waitUntil { condition($0.statistics) }
  }

  /// Suspends until at least `count` requests are held at gates.
  public func waitUntilHeld(_ count: Int) async {
    await waitUntil { $0.held >= count }
  }

  private func update(_ body: (inout State) -> Void) {
    let ready = state.withLock { state in
      body(&state)
      state.recount()
      return state.takeSatisfiedWaiters()
    }
    for waiter in ready { waiter.resume() }
  }

  // MARK: - Requests

  /// Fetches `url`: waits at its gate if it is held, then for its latency, then answers its
  /// route (404 and no bytes when it has none) or throws its failure.
  ///
  /// Throws `CancellationError`, or `URLError(.cancelled)` when made with `reportsCancellation:
  /// .asURLError`, when the calling task is cancelled before the answer.
  public func data(for url: URL) async throws -> (Data, HTTPStatus) {
    var holdID: Int?
    var given: AnswerOnArrival?
    update { state in
      state.statistics.requests += 1
      state.statistics.requestsPerURL[url, default: 0] += 1
      given = state.answersOnArrival[url]
      state.statistics.inFlight += 1
      state.statistics.maxInFlight = max(state.statistics.maxInFlight, state.statistics.inFlight)
      if state.isHeld(url) {
        state.nextID += 1
        state.holds[state.nextID] = (url, .pending)
        holdID = state.nextID
      }
    }
    let path = (url.host ?? "") + url.path + (url.query.map { "?" + $0 } ?? "")
    tell("GET \(path)")
    do {
      let answer = try await answer(for: url, holdID: holdID, given: given)
      update {
        $0.statistics.inFlight -= 1
        $0.statistics.responses += 1
      }
      tell("GET \(path) answers")
      return answer
    } catch {
      let cancelled = error is CancellationError
      tell("GET \(path) \(cancelled ? "cancelled" : "fails: \(error)")")
      update {
        $0.statistics.inFlight -= 1
        if cancelled {
          $0.statistics.cancellations += 1
        } else {
          $0.statistics.failures += 1
        }
      }
      if cancelled, cancellationReport == .asURLError { throw URLError(.cancelled) }
      throw error
    }
  }

  private func answer(
    for url: URL, holdID: Int?, given: AnswerOnArrival?
  ) async throws -> (Data, HTTPStatus) {
    if let holdID {
      let released = await waitAtGate(holdID)
      update { $0.holds[holdID] = nil }
      if !released { throw CancellationError() }
    }
    try Task.checkCancellation()
    if let latency = given?.latency ?? state.withLock({ $0.latencies[url] }) {
      try await clock.sleep(for: latency)
    }
    let (response, failure) = state.withLock {
      (given?.response ?? $0.routes[url], $0.failures[url])
    }
    if let failure { throw failure }
    guard let response else { return (Data(), .notFound) }
    return (response.body, response.status)
  }

  /// Waits until the hold is released (true) or its task is cancelled (false).
  private func waitAtGate(_ id: Int) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let outcome = state.withLock { state -> Bool? in
          guard let entry = state.holds[id] else { return false }
          switch entry.hold {
          case .pending:
            state.holds[id] = (entry.url, .waiting(continuation))
            return nil
          case .released: return true
          case .cancelled, .waiting: return false
          }
        }
        if let outcome { continuation.resume(returning: outcome) }
      }
    } onCancel: {
      var continuation: CheckedContinuation<Bool, Never>?
      update { state in
        guard let entry = state.holds[id] else { return }
        switch entry.hold {
        case .pending:
          state.holds[id] = (entry.url, .cancelled)
        case .waiting(let waiting):
          state.holds[id] = (entry.url, .cancelled)
          continuation = waiting
        case .released, .cancelled:
          break
        }
      }
      continuation?.resume(returning: false)
    }
  }

  /// Fetches `url` like `data(for:)` and calls `completion` once, later, on a global dispatch
  /// queue: the bytes for a 2xx answer, `TransportError.badStatus` for any other status, or the
  /// error. The request runs in a task of its own, so cancelling the caller's task cancels nothing.
  ///
  /// `Statistics.callbacksDelivered` counts the completions that have returned.
  public func load(_ url: URL, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
    update { $0.statistics.loadsStarted += 1 }
    Task.detached {
      let result: Result<Data, any Error>
      do {
        let (data, status) = try await self.data(for: url)
        result = status.isSuccess ? .success(data) : .failure(TransportError.badStatus(status))
      } catch {
        result = .failure(error)
      }
      if self.state.withLock({ $0.withholdsCompletions }) { return }
      let deliver: @Sendable () -> Void = {
        completion(result)
        self.update { $0.statistics.callbacksDelivered += 1 }
      }
      if DeterministicScheduler.isRunning {
        // Under an exploring check the global queue is a lane of the scheduler's, so that the
        // callback runs when the scheduler chooses, never on a thread it does not see.
        DeterministicScheduler.shared.enqueue(
          deliver, lane: .concurrent("global queue"), label: "completion handler")
      } else {
        DispatchQueue.global().async(execute: deliver)
      }
    }
  }
}
