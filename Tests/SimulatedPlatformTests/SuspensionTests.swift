import Foundation
import SimulatedPlatform
import Testing

/// When the app marks its last background task completed, the system suspends it at once
/// (unless the user brought it to the foreground meanwhile): a write still in flight, or
/// started before the app wakes again, never reaches the disk or the defaults, and the app is
/// not told. The race `write-lost-at-suspension` is this contract meeting the before app.
@Suite("Suspension", .timeLimit(.minutes(5)))
@MainActor
struct SuspensionTests {
  let platform: SimulatedPlatform
  let payload = Data("[drinks]".utf8)

  init() throws {
    platform = try SimulatedPlatform()
  }

  /// Writes `payload` to `name` on a global queue, as a background queue of the app would, and
  /// returns once the write has returned: whether it threw.
  nonisolated func writeOnAGlobalQueue(_ name: String) async -> Bool {
    let documents = platform.documents
    let payload = payload
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        do {
          try documents.write(payload, toFileNamed: name)
          continuation.resume(returning: false)
        } catch {
          continuation.resume(returning: true)
        }
      }
    }
  }

  /// The names of the files whose writes the platform recorded as lost, in order.
  var lostWrites: [String] {
    platform.events.all.compactMap {
      if case .fileWriteLostAtSuspension(let name) = $0.kind { name } else { nil }
    }
  }

  /// The names of the files the platform recorded as written, in order.
  var writtenFiles: [String] {
    platform.events.all.compactMap {
      if case .fileWritten(let name, _) = $0.kind { name } else { nil }
    }
  }

  @Test("A write in flight when the last task is completed is lost, silently")
  func writeInFlightIsLost() async throws {
    let task = platform.runtime.deliverBackgroundRefresh()
    let held = HeldThread(at: .fileWriteStarting, on: platform)
    async let threw = writeOnAGlobalQueue("drinks.json")
    await held.arrival()

    task.setTaskCompletedWithSnapshot(false)
    held.letGo()

    #expect(await threw == false, "the app is not told")
    #expect(platform.documents.contents(ofFileNamed: "drinks.json") == nil)
    #expect(lostWrites == ["drinks.json"])
    #expect(writtenFiles.isEmpty)
  }

  @Test("A write that returned before the task was completed stays on disk")
  func finishedWriteSurvives() async throws {
    let task = platform.runtime.deliverBackgroundRefresh()
    #expect(await writeOnAGlobalQueue("drinks.json") == false)
    task.setTaskCompletedWithSnapshot(false)

    #expect(platform.documents.contents(ofFileNamed: "drinks.json") == payload)
    #expect(lostWrites.isEmpty)
    #expect(writtenFiles == ["drinks.json"])
  }

  @Test("Writes started while suspended are lost until the app is woken again")
  func writesWhileSuspendedAreLostUntilResumed() async throws {
    let suspended = PlatformLock(false)
    platform.checkpoints.install(at: .appSuspended) { suspended.withLock { $0 = true } }
    platform.runtime.deliverBackgroundRefresh().setTaskCompletedWithSnapshot(true)
    #expect(suspended.withLock { $0 }, "the app is suspended as the completion returns")

    #expect(await writeOnAGlobalQueue("while-suspended.json") == false)
    platform.runtime.setApplicationState(.active)
    #expect(await writeOnAGlobalQueue("after-waking.json") == false)

    #expect(platform.documents.contents(ofFileNamed: "while-suspended.json") == nil)
    #expect(platform.documents.contents(ofFileNamed: "after-waking.json") == payload)
    #expect(lostWrites == ["while-suspended.json"])
  }

  @Test("The app is suspended only once every task it was handed is completed")
  func suspendedAfterTheLastTask() async throws {
    let first = platform.runtime.deliverBackgroundRefresh()
    let second = platform.runtime.deliverBackgroundRefresh()

    first.setTaskCompletedWithSnapshot(false)
    #expect(await writeOnAGlobalQueue("one-task-left.json") == false)
    second.setTaskCompletedWithSnapshot(false)
    #expect(await writeOnAGlobalQueue("none-left.json") == false)

    #expect(platform.documents.contents(ofFileNamed: "one-task-left.json") == payload)
    #expect(platform.documents.contents(ofFileNamed: "none-left.json") == nil)
    #expect(first.outcome?.completions == 1)
    #expect(second.outcome?.completions == 1)
  }

  @Test("A value set in the defaults while suspended is lost, and stored again once woken")
  func defaultsWhileSuspendedAreLost() {
    platform.defaults.set(Data("1".utf8), forKey: "anchor")
    platform.runtime.deliverBackgroundRefresh().setTaskCompletedWithSnapshot(true)
    platform.defaults.set(Data("2".utf8), forKey: "anchor")
    #expect(platform.defaults.data(forKey: "anchor") == Data("1".utf8), "the older value stays")
    platform.runtime.setApplicationState(.active)
    platform.defaults.set(Data("3".utf8), forKey: "anchor")

    #expect(platform.defaults.data(forKey: "anchor") == Data("3".utf8))
    let lost = platform.events.all.compactMap {
      if case .defaultsWriteLostAtSuspension(let key) = $0.kind { key } else { nil }
    }
    #expect(lost == ["anchor"])
  }

  @Test("An app the user brought to the foreground during its task keeps running after it")
  func foregroundDuringTheTaskIsNotSuspended() async throws {
    platform.runtime.setApplicationState(.background)
    let task = platform.runtime.deliverBackgroundRefresh()
    platform.runtime.setApplicationState(.active)
    task.setTaskCompletedWithSnapshot(true)
    #expect(await writeOnAGlobalQueue("in-front.json") == false)
    #expect(platform.documents.contents(ofFileNamed: "in-front.json") == payload)

    // Back in the background before the next task ends: suspended as it is completed.
    platform.runtime.setApplicationState(.background)
    let next = platform.runtime.deliverBackgroundRefresh()
    platform.runtime.setApplicationState(.active)
    platform.runtime.setApplicationState(.background)
    next.setTaskCompletedWithSnapshot(true)
    #expect(await writeOnAGlobalQueue("behind.json") == false)
    #expect(platform.documents.contents(ofFileNamed: "behind.json") == nil)
    #expect(lostWrites == ["behind.json"])
  }
}
