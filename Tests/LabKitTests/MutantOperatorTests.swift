import Testing

@testable import LabKit

/// The mutation operators of `lab dev mutants`, each applied to a small source: the text each
/// gives, and ids that stay the same when the file changes elsewhere.
@Suite("Mutation operators")
struct MutantOperatorTests {
  static let store = """
    actor Store {
      private var items: [String] = []
      private let disk: Disk

      func add(_ item: String) async throws {
        let before = items.count
        items.append(item)
        try await disk.write(items)
        notify(before)
      }

      func count() -> Int {
        items.count
      }
    }

    """

  /// The mutants `operator` makes of `source`, by id, as their whole texts.
  static func mutants(_ source: String, _ mutationOperator: MutationOperator) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: MutantGenerator(file: "Store.swift", text: source).mutants()
        .filter { $0.mutationOperator == mutationOperator }.map { ($0.id, $0.text) })
  }

  @Test("A stored property of optional type ends its line: the init after it is its own")
  func optionalPropertyEndsItsLine() {
    let source = """
      @MainActor
      final class Model {
        private var load: Task<Void, Never>?

        init(store: Store) {
          self.store = store
          start()
        }
      }

      """
    let ids = MutantGenerator(file: "Model.swift", text: source).mutants().map(\.id)
    #expect(ids.contains("remove-call:Model.swift:Model.init(store:)#1"))
    #expect(!ids.contains { $0.contains("Model.load") })
  }

  @Test("A statement moves across an await, either way")
  func moveAcrossAwait() {
    #expect(
      Self.mutants(Self.store, .moveAcrossAwait) == [
        "move-across-await:Store.swift:Store.add(_:)#1": Self.store.replacing(
          "    items.append(item)\n    try await disk.write(items)\n",
          with: "    try await disk.write(items)\n    items.append(item)\n"),
        "move-across-await:Store.swift:Store.add(_:)#2": Self.store.replacing(
          "    try await disk.write(items)\n    notify(before)\n",
          with: "    notify(before)\n    try await disk.write(items)\n"),
      ])
  }

  @Test("An await in a closure handed to a child task does not suspend the statement")
  func awaitInClosure() {
    let source = """
      func load(_ urls: [URL]) async throws -> [Data] {
        try await withThrowingTaskGroup(of: Data.self) { group in
          for url in urls {
            group.addTask { try await fetch(url) }
          }
          var all: [Data] = []
          for try await data in group {
            all.append(data)
          }
          return all
        }
      }

      """
    // The loop that starts the children suspends nothing, so the declaration does not move
    // across it; the `for try await` loop suspends, but it uses the declaration.
    #expect(Self.mutants(source, .moveAcrossAwait).isEmpty)
  }

  @Test("A read-modify-write on an actor is split by an await")
  func splitCriticalSection() {
    #expect(
      Self.mutants(Self.store, .splitCriticalSection) == [
        "split-critical-section:Store.swift:Store.add(_:)#1": Self.store.replacing(
          "    items.append(item)\n", with: "    await Task.yield()\n    items.append(item)\n")
      ])
  }

  @Test("A write to a local is no write of the actor's state: no suspension is put before it")
  func localWrites() {
    let source = """
      actor Counter {
        var total = 0

        func add(_ values: [Int]) async {
          var sum = 0
          sum += values.count
          let doubled = sum * 2
          total += doubled
          await flush()
        }
      }

      """
    #expect(
      Self.mutants(source, .splitCriticalSection).keys.sorted() == [
        "split-critical-section:Store.swift:Counter.add(_:)#1"
      ])
    #expect(
      Self.mutants(source, .splitCriticalSection).values.first?.contains(
        "    let doubled = sum * 2\n    await Task.yield()\n    total += doubled\n") == true)
  }

  @Test("An awaited call runs in a task nobody waits for")
  func wrapInTask() {
    let wrapped = { (opener: String) in
      Self.store.replacing(
        "    try await disk.write(items)\n",
        with: "    \(opener)\n      try await disk.write(items)\n    }\n")
    }
    #expect(
      Self.mutants(Self.store, .wrapInTask) == [
        "wrap-in-task:Store.swift:Store.add(_:)#1": wrapped("Task {")
      ])
    #expect(
      Self.mutants(Self.store, .wrapInDetachedTask) == [
        "wrap-in-detached-task:Store.swift:Store.add(_:)#1": wrapped("Task.detached {")
      ])
  }

  @Test("An actor becomes a class that says it is Sendable; nonisolated is added to its methods")
  func isolation() {
    #expect(
      Self.mutants(Self.store, .actorToClass) == [
        "actor-to-class:Store.swift:-#1": Self.store.replacing(
          "actor Store {", with: "final class Store: @unchecked Sendable {")
      ])
    #expect(
      Self.mutants(Self.store, .addNonisolated) == [
        "add-nonisolated:Store.swift:Store.add(_:)#1": Self.store.replacing(
          "  func add(", with: "  nonisolated func add("),
        "add-nonisolated:Store.swift:Store.count()#1": Self.store.replacing(
          "  func count(", with: "  nonisolated func count("),
      ])
    let model = """
      @MainActor
      final class Model {
        var value = 0

        func refresh() async {
          Task { @MainActor in
            value += 1
          }
        }
      }

      """
    #expect(
      Self.mutants(model, .removeMainActor) == [
        "remove-main-actor:Store.swift:-#1": model.replacing(
          "@MainActor\nfinal class Model {", with: "final class Model: @unchecked Sendable {"),
        "remove-main-actor:Store.swift:Model.refresh()#1": model.replacing(
          "Task { @MainActor in", with: "Task {"),
      ])
  }

  static let loads = """
    final class Loader: Sendable {
      func load() async throws -> Data {
        defer { finish() }
        try Task.checkCancellation()
        _ = await previous?.value
        async let first = fetch(1)
        async let second = fetch(2)
        return try await first + second
      }

      func image() async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
          transport.load(url) { result in
            let bytes = result.bytes
            continuation.resume(returning: bytes)
          }
        }
      }

      func read() async {
        await withTaskCancellationHandler {
          await work()
        } onCancel: {
          stop()
        }
        state.withLock { state in
          state.count += 1
          state.total += 2
        }
      }
    }

    """

  @Test("Cancellation checks and handlers, defers and joins are removed")
  func removals() {
    #expect(
      Self.mutants(Self.loads, .removeDefer) == [
        "remove-defer:Store.swift:Loader.load()#1": Self.loads.replacing(
          "    defer { finish() }\n", with: "")
      ])
    #expect(
      Self.mutants(Self.loads, .deferRunsEarly) == [
        "defer-runs-early:Store.swift:Loader.load()#1": Self.loads.replacing(
          "    defer { finish() }\n", with: "    finish()\n")
      ])
    #expect(
      Self.mutants(Self.loads, .removeCancellationCheck) == [
        "remove-cancellation-check:Store.swift:Loader.load()#1": Self.loads.replacing(
          "    try Task.checkCancellation()\n", with: "")
      ])
    #expect(
      Self.mutants(Self.loads, .dropTaskValue) == [
        "drop-task-value:Store.swift:Loader.load()#1": Self.loads.replacing(
          "    _ = await previous?.value\n", with: "")
      ])
    #expect(
      Self.mutants(Self.loads, .removeCancellationHandler) == [
        "remove-cancellation-handler:Store.swift:Loader.read()#1": Self.loads.replacing(
          "    } onCancel: {\n      stop()\n", with: "    } onCancel: {\n")
      ])
  }

  @Test("A stream's termination handler that cancels its producer keeps the producer named")
  func onTermination() {
    let source = """
      func stream() -> AsyncStream<Int> {
        AsyncStream { continuation in
          let producer = Task { await produce(into: continuation) }
          continuation.onTermination = { _ in producer.cancel() }
        }
      }

      """
    #expect(
      Self.mutants(source, .removeCancellationHandler) == [
        "remove-cancellation-handler:Store.swift:stream()#1": source.replacing(
          "{ _ in producer.cancel() }", with: "{ _ in _ = producer }")
      ])
  }

  @Test("async let becomes sequential, awaited where it is declared")
  func asyncLet() {
    #expect(
      Self.mutants(Self.loads, .asyncLetToSequential) == [
        // `try await first + second` still awaits `second`: kept.
        "async-let-to-sequential:Store.swift:Loader.load()#1": Self.loads.replacing(
          "    async let first = fetch(1)\n", with: "    let first = try await fetch(1)\n"),
        "async-let-to-sequential:Store.swift:Loader.load()#2": Self.loads.replacing(
          "    async let second = fetch(2)\n", with: "    let second = try await fetch(2)\n"),
      ])
    let sequential = """
      func page() async throws -> Page {
        let user = try await loadUser()
        let avatar = try await loadAvatar()
        return Page(user: user, avatar: avatar)
      }

      """
    #expect(
      Self.mutants(sequential, .sequentialToAsyncLet) == [
        "sequential-to-async-let:Store.swift:page()#1": sequential.replacing(
          "  let user = try await loadUser()", with: "  async let user = loadUser()"
        ).replacing("Page(user: user,", with: "Page(user: (try await user),")
      ])
  }

  @Test("A continuation is resumed twice, never, or early")
  func continuations() {
    let resume = "        continuation.resume(returning: bytes)\n"
    #expect(
      Self.mutants(Self.loads, .resumeTwice) == [
        "resume-twice:Store.swift:Loader.image()#1": Self.loads.replacing(
          resume, with: resume + resume)
      ])
    #expect(
      Self.mutants(Self.loads, .resumeNever) == [
        "resume-never:Store.swift:Loader.image()#1": Self.loads.replacing(resume, with: "")
      ])
    // The resume needs the line before it: moved above, it does not compile, and so is not made.
    #expect(Self.mutants(Self.loads, .resumeEarly).isEmpty)
  }

  @Test("One withLock becomes two critical sections")
  func splitWithLock() {
    #expect(
      Self.mutants(Self.loads, .splitWithLock) == [
        "split-with-lock:Store.swift:Loader.read()#1": Self.loads.replacing(
          "      state.count += 1\n",
          with: "      state.count += 1\n    }\n    state.withLock { state in\n")
      ])
  }

  static let locks = """
    final class Saver: Sendable {
      func save(_ items: [Int]) {
        state.withLock { state in
          state.items = items
          flush()
          state.count += 1
        }
        notify()
        state.withLock { $0.total += 1 }
        mark()
        let saved = state.withLock { state in
          state.count += 1
          return state.items
        }
        lock.withLock {
          record(saved)
          finish()
        }
        logger.debug("Saved.")
      }
    }

    """

  @Test("A lock's region takes in the statement after it, or leaves out its last statement")
  func lockRegions() {
    #expect(
      Self.mutants(Self.locks, .widenLockRegion) == [
        // `notify()` uses no parameter of the closure: taken in.
        "widen-lock-region:Store.swift:Saver.save(_:)#1": Self.locks.replacing(
          "      state.count += 1\n    }\n    notify()\n",
          with: "      state.count += 1\n      notify()\n    }\n"),
        // A one-line closure is opened onto lines.
        "widen-lock-region:Store.swift:Saver.save(_:)#2": Self.locks.replacing(
          "    state.withLock { $0.total += 1 }\n    mark()\n",
          with: "    state.withLock {\n      $0.total += 1\n      mark()\n    }\n"),
        // The statement after `lock.withLock` is a log line: not taken in; nor is a
        // declaration (`let saved`) taken into the lock before it.
      ])
    #expect(
      Self.mutants(Self.locks, .shrinkLockRegion) == [
        // `state.count += 1` uses the parameter, and `return state.items` is the closure's
        // value: neither moves; `finish()` does.
        "shrink-lock-region:Store.swift:Saver.save(_:)#1": Self.locks.replacing(
          "      record(saved)\n      finish()\n    }\n",
          with: "      record(saved)\n    }\n    finish()\n")
      ])
  }

  @Test("@concurrent is added to an async function with no actor isolation, or a nonisolated one")
  func addConcurrent() {
    let source = """
      actor Store {
        func add() async {}
        nonisolated func read() async -> Int { 0 }
      }

      struct Reader {
        func read() async -> Int { 0 }
        func count() -> Int { 0 }
        @concurrent func load() async {}
      }

      @MainActor
      final class Model {
        func refresh() async {}
      }

      """
    #expect(
      Self.mutants(source, .addConcurrent) == [
        "add-concurrent:Store.swift:Store.read()#1": source.replacing(
          "  nonisolated func read() async -> Int { 0 }",
          with: "  @concurrent nonisolated func read() async -> Int { 0 }"),
        "add-concurrent:Store.swift:Reader.read()#1": source.replacing(
          "  func read() async -> Int { 0 }\n  func count()",
          with: "  @concurrent func read() async -> Int { 0 }\n  func count()"),
      ])
    // Without NonisolatedNonsendingByDefault those already run on the global concurrent
    // executor: `@concurrent` would change nothing. With the main actor as the module's
    // default, a function that does not say `nonisolated` loses the main actor.
    let generator = { (nonsending: Bool, mainActor: Bool) in
      MutantGenerator(
        file: "Store.swift", text: source, nonisolatedNonsending: nonsending,
        defaultMainActor: mainActor
      ).mutants().filter { $0.mutationOperator == .addConcurrent }.map(\.id)
    }
    #expect(generator(false, false).isEmpty)
    #expect(generator(false, true) == ["add-concurrent:Store.swift:Reader.read()#1"])
  }

  @Test("An awaited call runs in a main-actor task nobody waits for, off the main actor only")
  func addMainActorTask() {
    #expect(
      Self.mutants(Self.store, .addMainActorTask) == [
        "add-main-actor-task:Store.swift:Store.add(_:)#1": Self.store.replacing(
          "    try await disk.write(items)\n",
          with: "    Task { @MainActor in\n      try await disk.write(items)\n    }\n")
      ])
    let model = """
      @MainActor
      final class Model {
        func refresh() async {
          await load()
        }
      }

      func start() {
        Task { @MainActor in
          await refresh()
        }
      }

      """
    // On the main actor already, the mutant would be wrap-in-task's.
    #expect(Self.mutants(model, .addMainActorTask).isEmpty)
  }

  @Test("The wait for a stored task becomes an early return while it is kept")
  func flagInsteadOfWait() {
    let source = """
      @MainActor
      final class Model {
        private var lastLoad: Task<Bool, Never>? = nil
        private var read: Task<Void, Never>? = nil

        func update() async {
          await read?.value
          apply()
        }

        func load() async -> Bool {
          let previous = lastLoad
          let load = Task {
            _ = await previous?.value
            return await fetch()
          }
          lastLoad = load
          return await load.value
        }

        func names() async -> [String] {
          await read?.value
          return names
        }
      }

      """
    #expect(
      Self.mutants(source, .flagInsteadOfWait) == [
        "flag-instead-of-wait:Store.swift:Model.update()#1": source.replacing(
          "    await read?.value\n    apply()", with: "    if read != nil { return }\n    apply()"),
        // The task's closure returns what its function does, a Bool.
        "flag-instead-of-wait:Store.swift:Model.load()#1": source.replacing(
          "      _ = await previous?.value\n", with: "      if previous != nil { return false }\n"),
        // `await load.value` is the function's result, and `names()` returns no Bool: neither
        // is made.
      ])
  }

  @Test("A path resumes its continuation as another path of the same branch does")
  func resumeOnWrongPath() {
    let source = """
      func image() async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
          load { result in
            switch result {
            case .failure(let error):
              continuation.resume(throwing: error)
            case .success(let bytes):
              guard isImage(bytes) else {
                continuation.resume(throwing: Failure.notAnImage)
                return
              }
              continuation.resume(returning: bytes)
            }
          }
        }
      }

      func count() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
          query { count, error in
            if let error {
              continuation.resume(throwing: error)
            } else {
              continuation.resume(returning: count)
            }
            continuation.resume(returning: 0)
          }
        }
      }

      """
    // The first of two such lines: the failure's, in image().
    let failure = "        continuation.resume(throwing: error)\n"
    let notAnImage = "          continuation.resume(throwing: Failure.notAnImage)\n"
    let bytes = "        continuation.resume(returning: bytes)\n"
    #expect(
      Self.mutants(source, .resumeOnWrongPath) == [
        "resume-on-wrong-path:Store.swift:image()#1": source.replacing(
          failure, with: "        continuation.resume(throwing: Failure.notAnImage)\n",
          maxReplacements: 1),
        "resume-on-wrong-path:Store.swift:image()#2": source.replacing(
          failure, with: "        continuation.resume(returning: bytes)\n", maxReplacements: 1),
        "resume-on-wrong-path:Store.swift:image()#3": source.replacing(
          notAnImage, with: "          continuation.resume(throwing: error)\n"),
        "resume-on-wrong-path:Store.swift:image()#4": source.replacing(
          notAnImage, with: "          continuation.resume(returning: bytes)\n"),
        "resume-on-wrong-path:Store.swift:image()#5": source.replacing(
          bytes, with: "        continuation.resume(throwing: error)\n"),
        "resume-on-wrong-path:Store.swift:image()#6": source.replacing(
          bytes, with: "        continuation.resume(throwing: Failure.notAnImage)\n"),
        // The if's two branches exchange; the resume after the if is on both paths: not moved.
        "resume-on-wrong-path:Store.swift:count()#1": source.replacing(
          "        continuation.resume(throwing: error)\n      } else {",
          with: "        continuation.resume(returning: count)\n      } else {"),
        "resume-on-wrong-path:Store.swift:count()#2": source.replacing(
          "      } else {\n        continuation.resume(returning: count)\n",
          with: "      } else {\n        continuation.resume(throwing: error)\n"),
      ])
  }

  @Test("A condition in concurrent code is negated; a call there is removed")
  func generic() {
    let source = """
      actor Cache {
        func image(for url: URL) async -> Data? {
          if cache[url] == nil {
            start(url)
          }
          guard !isCancelled else { return nil }
          return cache[url]
        }
      }

      """
    #expect(
      Self.mutants(source, .negateCondition) == [
        "negate-condition:Store.swift:Cache.image(for:)#1": source.replacing(
          "if cache[url] == nil {", with: "if !(cache[url] == nil) {"),
        "negate-condition:Store.swift:Cache.image(for:)#2": source.replacing(
          "guard !isCancelled else", with: "guard isCancelled else"),
      ])
    #expect(
      Self.mutants(source, .removeCall) == [
        "remove-call:Store.swift:Cache.image(for:)#1": source.replacing(
          "      start(url)\n", with: "")
      ])
  }

  @Test("Ids name the function, not the line: an edit elsewhere in the file keeps them")
  func stableIds() {
    let ids = Set(MutantGenerator(file: "Store.swift", text: Self.loads).mutants().map(\.id))
    let edited = Self.loads.replacing(
      "final class Loader: Sendable {\n",
      with: "final class Loader: Sendable {\n  // A comment.\n  let name = \"loader\"\n\n"
    )
    .replacing(
      "  func read() async {\n",
      with: "  func read() async {\n    let unrelated = 1\n")
    let editedIds = Set(MutantGenerator(file: "Store.swift", text: edited).mutants().map(\.id))
    #expect(ids.isSubset(of: editedIds))
    #expect(!ids.isEmpty)
  }

  @Test("Overloads are told apart by their labels; only what the solution changes is mutated")
  func scope() {
    let starter = """
      struct Saver {
        func save(_ run: Run, completion: @escaping (Error?) -> Void) {
          store.save(run) { error in completion(error) }
          log(run)
        }

        func save(_ run: Run) async throws {
          throw Unwritten()
        }
      }

      """
    let solution = starter.replacing(
      "    throw Unwritten()\n",
      with: "    try await store.save(run)\n    try await store.finish()\n")
    let generator = MutantGenerator(file: "Saver.swift", text: solution)
    let places = generator.changedPlaces(since: starter)
    #expect(places.contains("Saver.save(_:)"))
    #expect(!places.contains("Saver.save(_:completion:)"))
    let ids = generator.mutants(in: places).map(\.id)
    #expect(ids.contains("move-across-await:Saver.swift:Saver.save(_:)#1"))
    #expect(!ids.contains { $0.contains("completion") })
  }

  @Test("Comments and strings are not code: no operator changes them")
  func commentsAndStrings() {
    let source = """
      actor Quiet {
        func run() async {
          // try await disk.write(items)
          let text = "defer { finish() } await x"
          print(text)
        }
      }

      """
    let mutants = MutantGenerator(file: "Store.swift", text: source).mutants()
    #expect(
      !mutants.contains {
        [.moveAcrossAwait, .wrapInTask, .removeDefer].contains($0.mutationOperator)
      })
  }
}
