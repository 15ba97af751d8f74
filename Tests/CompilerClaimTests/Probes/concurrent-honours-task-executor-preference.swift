// Claim: a `@concurrent` method leaves its caller's actor for the global concurrent executor
//   only when the task has no executor preference: under `withTaskExecutorPreference` (SE-0417)
//   it runs on the preferred executor (here a queue, checked by dispatchPrecondition).
// Stated in: Exercises/15-concurrent-io/README.md, Sources/RaceLab/NonsendingDrinkLoader.swift
// Flags: -swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// Run: exits 0

import Dispatch

nonisolated final class QueueExecutor: TaskExecutor, @unchecked Sendable {
  let queue = DispatchQueue(label: "preferred")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}

actor Store {
  @concurrent nonisolated func load(expecting queue: DispatchQueue) async -> [Int] {
    dispatchPrecondition(condition: .onQueue(queue))
    return []
  }
}

func start() async {
  let executor = QueueExecutor()
  let store = Store()
  await withTaskExecutorPreference(executor) {
    _ = await store.load(expecting: executor.queue)
  }
}

await start()
print("ran on the preferred executor")
