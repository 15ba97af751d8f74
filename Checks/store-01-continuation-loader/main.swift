// The checks of kata store-01: a callback loader wrapped in a checked continuation.
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata01

let suite = CheckSuite()
let icon = URL(string: "https://is1.example/icon/42.png")!

/// How a call to `loadImage(for:)` ended, or that it never did.
enum Ending: CustomStringConvertible {
  case returned(Data)
  case threw(Error)
  case neverResumed

  var description: String {
    switch self {
    case .returned(let bytes): return "returned \(bytes.count) bytes"
    case .threw(let error): return "threw \(error)"
    case .neverResumed: return "never resumed"
    }
  }
}

/// Calls `loadImage(for:)` in a task on a step executor, waits until the transport's callback has
/// returned, then runs the task until nothing more can happen. A task that resumed its
/// continuation has finished by then; one that has not will never finish. No timing decides it.
func ending(of transport: SimulatedTransport) async -> Ending {
  let executor = StepExecutor()
  let delivered = transport.statistics.callbacksDelivered
  let started = transport.statistics.loadsStarted
  let result = LockedValue<Ending?>(nil)
  let loader = ImageLoader(transport: transport)
  _ = Task.detached(executorPreference: executor) {
    do {
      let bytes = try await loader.loadImage(for: icon)
      result.withLock { $0 = .returned(bytes) }
    } catch {
      result.withLock { $0 = .threw(error) }
    }
  }
  executor.runUntilIdle()
  // Wait until every callback the loader asked for has returned, even when the task has already
  // finished: a callback that resumes and then goes on to resume again must get to its second
  // resume (and crash) before the check judges. A task still running needs at least one. Safety
  // net only: a callback comes right away once the loader asked for it.
  let owed = max(transport.statistics.loadsStarted - started, result.current == nil ? 1 : 0)
  if owed > 0 {
    await transport.waitUntil(timeout: .seconds(5)) { $0.callbacksDelivered - delivered >= owed }
  }
  executor.runUntilIdle()
  return result.current ?? .neverResumed
}

suite.check("a loaded image is returned") {
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 42"))
  let ending = await ending(of: transport)
  guard case .returned(let bytes) = ending else {
    return .fail("loading a good image \(ending), expected it to return the bytes")
  }
  return .expect(FakeImage.name(in: bytes) == "icon 42", "returned the wrong bytes")
}

suite.check("a failed load throws the transport's error") {
  let transport = SimulatedTransport()
  transport.fail(icon, with: TransportError.offline)
  let ending = await ending(of: transport)
  if case .threw(let error as TransportError) = ending, error == .offline { return .pass }
  return .fail(
    "when the transport fails, loadImage(for:) \(ending); expected it to throw that error "
      + "(resume(throwing:) on the failure path too)")
}

suite.check("a bad status throws the transport's error") {
  let transport = SimulatedTransport()
  transport.route(icon, CannedResponse(status: .notFound, body: Data()))
  let ending = await ending(of: transport)
  if case .threw(let error as TransportError) = ending, error == .badStatus(.notFound) {
    return .pass
  }
  return .fail("for a 404, loadImage(for:) \(ending); expected TransportError.badStatus(404)")
}

suite.check("bytes that are not an image throw cannotDecode") {
  let transport = SimulatedTransport()
  transport.route(icon, .text("<html>not an image</html>"))
  let ending = await ending(of: transport)
  if case .threw(let error as ImageLoadingError) = ending, error == .cannotDecode { return .pass }
  return .fail("for bytes that are not an image, loadImage(for:) \(ending); expected cannotDecode")
}

suite.check("each call asks the transport once") {
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 42"))
  _ = await ending(of: transport)
  _ = await ending(of: transport)
  return .expect(
    transport.statistics.requests == 2,
    "two calls made \(transport.statistics.requests) requests, expected 2")
}

suite.check("loads wait for the transport without blocking a thread") {
  // The loads run on an executor of two threads of their own, a stand-in for the cooperative
  // pool: that pool has one thread per core, two on the lab's two-core machines (measured:
  // of sixteen tasks that block on a semaphore, two run). Not the pool itself, whose width is the
  // machine's: there, eight loads that each block a thread would all get one, and pass, on a
  // machine with more cores than that; and on two cores they would block the threads that run
  // the transport and the check's own safety net, and hang. Here the width is two on every
  // machine, and the transport keeps answering from the global pool.
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 42"))
  // First one load, answered at once: a loader that does not return the image yet fails here,
  // instead of waiting for requests it will never make.
  let first = await ending(of: transport)
  guard case .returned = first else {
    return .fail("loading a good image \(first), expected it to return the bytes")
  }
  let pool = FixedWidthExecutor(width: 2)
  let loads = 8
  transport.hold(icon)
  let loader = ImageLoader(transport: transport)
  let images = EventLog<String>()
  for _ in 0..<loads {
    Task.detached(executorPreference: pool) {
      let bytes = try? await loader.loadImage(for: icon)
      images.append(bytes.flatMap(FakeImage.name(in:)) ?? "no image")
    }
  }
  // While it waits, a load that suspends gives its thread back, so all eight reach the
  // transport while it holds every answer. A load that blocks its thread until the answer
  // keeps it: once two loads block, no other load can start until an answer comes, and none
  // comes while the answers are held. So the count stops at two however long one waits: the
  // counts decide, the time limit is a safety net that ends the wait instead of hanging.
  CheckSuite.waiting(for: "\(loads) requests held at the transport, none answered")
  let allHeld = await transport.waitUntilHeld(loads, timeout: .seconds(5))
  let held = transport.statistics.held
  let notStarted = pool.pendingJobs
  // Then no thread of the pool may still be in a load: all eight are suspended at once. (A
  // loader that blocks only some of its calls gets all eight to the transport, but keeps a
  // thread.)
  let allSuspended = allHeld ? await pool.waitUntilIdle(timeout: .seconds(5)) : false
  let stillRunning = pool.runningJobs
  // Every load ends once the answers come, whether it blocked or not.
  transport.release(icon)
  CheckSuite.waiting(for: "the \(loads) loads to end once answered")
  let allEnded = await images.waitUntil(count: loads, timeout: .seconds(5))
  // Loads still suspended when the pool shuts down never run again: the check process ends
  // right after its verdict, so nothing waits for them.
  pool.shutDown()
  guard allHeld else {
    return .fail(
      "with the transport holding its answers, only \(held) of \(loads) loads reached it: "
        + "loadImage(for:) blocks the thread that runs it while it waits for the callback (a "
        + "semaphore, a lock or a loop that waits), so with both threads of the pool blocked, "
        + "the other \(notStarted) loads never got one; await a continuation instead, which suspends "
        + "the task and frees its thread")
  }
  guard allSuspended else {
    return .fail(
      "all \(loads) loads reached the transport, but while it held their answers, "
        + "\(stillRunning) of them still held a thread of the pool instead of suspending: "
        + "loadImage(for:) blocks on some path while it waits for the callback")
  }
  return .expect(
    allEnded && images.elements == Array(repeating: "icon 42", count: loads),
    "once answered, the \(loads) loads ended with \(images.elements), expected \(loads) times "
      + "icon 42")
}

suite.check("no escape hatch silences the checks") {
  try EscapeHatchChecks.outcome(
    of: ["ImageLoader.swift"],
    leavesUnfixed: "a path that resumes twice or never, it only hides it: a checked "
      + "continuation traps on a second resume and logs one that is never resumed")
}

await suite.run()
