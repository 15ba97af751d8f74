// The checks of kata store-03: from DispatchGroup to a task group, in input order.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata03

let suite = CheckSuite()
let urls = (1...4).map { URL(string: "https://is1.example/icon/\($0).png")! }

func transport() -> SimulatedTransport {
  let transport = SimulatedTransport()
  for (index, url) in urls.enumerated() { transport.route(url, .image(named: "icon \(index + 1)")) }
  return transport
}

func start(_ transport: SimulatedTransport, on executor: StepExecutor) -> Task<[Data], Error> {
  let task = Task.detached(executorPreference: executor) {
    try await IconLoader(transport: transport).loadIcons(urls)
  }
  executor.runUntilIdle()
  return task
}

let inOrder = (1...4).map { "icon \($0)" }

suite.check("every icon is loaded") {
  let icons = try await IconLoader(transport: transport()).loadIcons(urls)
  let names = icons.map { FakeImage.name(in: $0) ?? "?" }
  return .expect(Set(names) == Set(inOrder) && names.count == 4, "got \(names)")
}

suite.check("all icons load at the same time") {
  let transport = transport()
  transport.holdAll()
  let executor = StepExecutor()
  let task = start(transport, on: executor)
  if transport.statistics.held < 4 {
    // Safety net only, for loads that run outside the executor; a task group's are all held by now.
    await transport.waitUntilHeld(4, timeout: .seconds(2))
  }
  let held = transport.statistics.held
  transport.releaseAll()
  executor.runFreely()
  _ = try await task.value
  return .expect(held == 4, "with every load held at a gate, only \(held) of 4 were in flight")
}

suite.check("icons come back in the order of the URLs") {
  let transport = transport()
  transport.holdAll()
  let executor = StepExecutor()
  let task = start(transport, on: executor)
  // Safety net only, for loads that run outside the executor.
  guard await transport.waitUntilHeld(4, timeout: .seconds(2)) else {
    transport.releaseAll()
    executor.runFreely()
    _ = try? await task.value
    return .fail("the icons do not all load at the same time, so their order cannot be tested")
  }
  // The last icon arrives first, the first icon last.
  for (count, url) in urls.reversed().enumerated() {
    transport.release(url)
    // A load on the step executor ends here, its result taken by the group.
    executor.runUntilIdle()
    // Safety net only, for loads outside the executor: wait for this load to end, and for its
    // callback if it has one, before the next release.
    await transport.waitUntil(timeout: .seconds(3)) {
      $0.responses == count + 1
        && ($0.callbacksDelivered == 0 || $0.callbacksDelivered == count + 1)
    }
    executor.runUntilIdle()
  }
  executor.runFreely()
  let names = try await task.value.map { FakeImage.name(in: $0) ?? "?" }
  return .expect(
    names == inOrder,
    "the icons finished loading last first, and came back as \(names): a task group hands "
      + "results in the order they finish; put each one back at its URL's index")
}

suite.check("one failed icon fails the whole load, the others are cancelled") {
  let transport = transport()
  transport.holdAll()
  transport.release(urls[1])
  transport.fail(urls[1], with: TransportError.offline)
  let executor = StepExecutor()
  let task = start(transport, on: executor)
  executor.runFreely()
  // Safety net only: a throwing task group cancels the held loads as soon as one fails.
  await transport.waitUntil(timeout: .seconds(3)) { $0.cancellations == 3 }
  let cancellations = transport.statistics.cancellations
  transport.releaseAll()
  do {
    let icons = try await task.value
    return .fail("one icon failed, yet loadIcons returned \(Wording.count(icons.count, "icon"))")
  } catch TransportError.offline {
    return .expect(
      cancellations == 3, "the load failed, but \(cancellations) of the 3 others were cancelled")
  } catch {
    return .fail("one icon failed with offline, but loadIcons threw \(error)")
  }
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["IconLoader.swift"],
    leavesUnfixed: "the data race on the icons that the load callbacks write from other threads")
}

await suite.run()
