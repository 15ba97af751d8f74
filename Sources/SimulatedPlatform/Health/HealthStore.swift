import Foundation

/// The simulated health store: the part of `HKHealthStore` the Coffee Tracker uses.
///
/// Like HealthKit, it calls completion handlers on arbitrary global queues, after the
/// configured latency. A test configures availability, authorization and failures, and writes
/// or deletes samples as another device would.
public final class HealthStore: Sendable {
  /// What a test can configure.
  public struct Behaviour: Sendable {
    /// Whether health data exists on this device; when false the app should not use the store.
    public var isHealthDataAvailable = true
    /// Whether the user grants sharing when asked.
    public var grantsAuthorization = true
    /// Whether authorization requests fail with an error.
    public var failsAuthorization = false
    /// Whether anchored queries fail.
    public var failsQueries = false
    /// Whether saves fail.
    public var failsSaves = false
    /// How long each call takes before its callback runs.
    public var latency: Latency = .none

    public init() {}
  }

  /// The source of samples the app itself writes (`HKSource.default()`).
  public let appSource = SampleSource(name: "Coffee Tracker")
  /// The source of samples written by `addSampleFromAnotherDevice`.
  public let otherDeviceSource = SampleSource(name: "Another device")

  private struct Stored {
    var sample: CaffeineSample
    var version: Int
  }

  private struct State {
    var behaviour = Behaviour()
    var status = AuthorizationStatus.notDetermined
    var samples: [UUID: Stored] = [:]  // by `CaffeineSample.uuid`
    var deletions: [(object: DeletedObject, version: Int)] = []
    var version = 0
  }

  private let state = PlatformLock(State())
  private let services: PlatformServices

  init(services: PlatformServices) {
    self.services = services
  }

  // MARK: Configuring and inspecting (tests)

  /// The current behaviour.
  public var behaviour: Behaviour {
    get { state.withLock { $0.behaviour } }
    set { state.withLock { $0.behaviour = newValue } }
  }

  /// Changes the behaviour in place.
  public func configure(_ change: (inout Behaviour) -> Void) {
    state.withLock { change(&$0.behaviour) }
  }

  /// Every sample in the store, oldest first.
  public var samples: [CaffeineSample] {
    state.withLock { $0.samples.values.map(\.sample) }.sorted {
      ($0.date, $0.uuid.uuidString) < ($1.date, $1.uuid.uuidString)
    }
  }

  /// Adds a sample as another device (an iPhone, another app) would: by default with no sync
  /// identifier, like a sample typed into the Health app.
  @discardableResult
  public func addSampleFromAnotherDevice(
    mgCaffeine: Double, date: Date, uuid: UUID = UUID(), syncIdentifier: UUID? = nil
  )
    -> CaffeineSample
  {
    let sample = CaffeineSample(
      mgCaffeine: mgCaffeine, date: date, syncIdentifier: syncIdentifier, source: otherDeviceSource,
      uuid: uuid)
    insert(sample)
    return sample
  }

  /// Deletes the sample whose `uuid` is given, as the user might in the Health app.
  public func deleteSample(uuid: UUID) {
    state.withLock { state in
      guard let deleted = state.samples.removeValue(forKey: uuid) else { return }
      state.version += 1
      let object = DeletedObject(uuid: uuid, syncIdentifier: deleted.sample.syncIdentifier)
      state.deletions.append((object, state.version))
    }
  }

  // MARK: The HealthKit surface (the app)

  /// Whether health data exists on this device (`HKHealthStore.isHealthDataAvailable()`).
  public var isHealthDataAvailable: Bool { behaviour.isHealthDataAvailable }

  /// Whether the app may write caffeine samples.
  public func authorizationStatus() -> AuthorizationStatus {
    state.withLock { $0.status }
  }

  /// Asks the user for permission; `completion` runs on an arbitrary global queue with whether
  /// the request was processed (not whether it was granted), or an error. `isolation` is the
  /// caller's, for the trace: callers never pass it (so for every call below).
  public func requestAuthorization(
    isolation: (any Actor)? = #isolation,
    completion: @escaping @Sendable (Bool, Error?) -> Void
  ) {
    services.log.record(.healthAuthorizationRequested, isolation: isolation)
    let behaviour = self.behaviour
    deliver(.authorization, after: behaviour.latency, isolation: isolation) { [self] in
      guard behaviour.isHealthDataAvailable else {
        return { completion(false, HealthStoreError.healthDataUnavailable) }
      }
      guard !behaviour.failsAuthorization else {
        return { completion(false, HealthStoreError.authorizationFailed) }
      }
      state.withLock {
        $0.status = behaviour.grantsAuthorization ? .sharingAuthorized : .sharingDenied
      }
      return { completion(true, nil) }
    }
  }

  /// The async form of `requestAuthorization(completion:)`.
  public func requestAuthorization(isolation: (any Actor)? = #isolation) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
      requestAuthorization(isolation: isolation) { _, error in
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
      }
    }
  }

  /// Saves `sample`; `completion` runs on an arbitrary global queue.
  public func save(
    _ sample: CaffeineSample, isolation: (any Actor)? = #isolation,
    completion: @escaping @Sendable (Bool, Error?) -> Void
  ) {
    let behaviour = self.behaviour
    deliver(.save, after: behaviour.latency, isolation: isolation) { [self] in
      let status = authorizationStatus()
      guard behaviour.isHealthDataAvailable, !behaviour.failsSaves, status == .sharingAuthorized
      else {
        services.log.record(.healthSampleSaveFailed(sample.syncIdentifier ?? sample.uuid))
        return { completion(false, HealthStoreError.saveFailed) }
      }
      insert(sample)
      services.log.record(.healthSampleSaved(sample.syncIdentifier ?? sample.uuid))
      return { completion(true, nil) }
    }
  }

  /// The async form of `save(_:completion:)`.
  public func save(_ sample: CaffeineSample, isolation: (any Actor)? = #isolation) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
      save(sample, isolation: isolation) { _, error in
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
      }
    }
  }

  /// Runs `query`; its handler runs once, on an arbitrary global queue.
  public func execute(_ query: AnchoredObjectQuery, isolation: (any Actor)? = #isolation) {
    let behaviour = self.behaviour
    deliver(.query, after: behaviour.latency, isolation: isolation) { [self] in
      guard behaviour.isHealthDataAvailable, !behaviour.failsQueries else {
        services.log.record(.healthQueryFailed)
        let error: HealthStoreError =
          behaviour.isHealthDataAvailable ? .queryFailed : .healthDataUnavailable
        return { query.resultsHandler(query, nil, nil, nil, error) }
      }
      // HealthKit refuses any call but the request itself until the app has asked, and been
      // answered: HKError.Code.errorAuthorizationNotDetermined ("This error occurs when your app
      // doesn't request proper authorization before calling any other HealthKit methods").
      guard authorizationStatus() != .notDetermined else {
        services.log.record(.healthQueryFailed)
        let error = HealthStoreError.authorizationNotDetermined
        return { query.resultsHandler(query, nil, nil, nil, error) }
      }
      let (added, deleted, anchor) = changes(since: query.anchor, in: query.dateRange)
      services.log.record(
        .healthQueryAnswered(
          added: added.count, deleted: deleted.count, from: query.anchor, to: anchor))
      return { query.resultsHandler(query, added, deleted, anchor, nil) }
    }
  }

  // MARK: Internals

  private func insert(_ sample: CaffeineSample) {
    state.withLock { state in
      state.version += 1
      state.samples[sample.uuid] = Stored(sample: sample, version: state.version)
    }
  }

  /// What an anchored query returns. A store that withholds sharing shows the app only its own
  /// samples, as HealthKit hides data the app may not read.
  private func changes(since anchor: QueryAnchor?, in range: DateInterval)
    -> ([CaffeineSample], [DeletedObject], QueryAnchor)
  {
    state.withLock { state in
      let since = anchor?.version ?? 0
      let canRead = state.status == .sharingAuthorized
      let added = state.samples.values
        .filter { $0.version > since }
        .map(\.sample)
        .filter { $0.date > range.start && $0.date < range.end }
        .filter { canRead || $0.source == appSource }
        .sorted { $0.date < $1.date }
      let deleted =
        anchor == nil
        ? []
        : state.deletions.filter { $0.version > since }.map(\.object)
      return (added, deleted, QueryAnchor(version: state.version))
    }
  }

  /// On a global queue after `latency`: runs `answer`, the store's own work, then the app's
  /// callback it returns, counted as platform work in flight until that returns.
  ///
  /// The checkpoints sit right next to the app's code, with nothing of the platform's between:
  /// a replay that holds one callback there changes nothing else about what the threads do,
  /// which is what lets ThreadSanitizer see two callbacks' racing accesses as they are. The trace
  /// links the request, on the caller's lane, to the callback.
  private func deliver(
    _ kind: HealthCallbackKind, after latency: Latency, isolation: (any Actor)?,
    _ answer: @escaping @Sendable () -> () -> Void
  ) {
    services.activity.begin()
    let requested = services.log.tracer.mark(
      "calls the health store: \(kind.rawValue)", isolation: isolation)
    let delay = services.delays.delay(for: latency, kind: "health \(kind.rawValue)")
    PlatformQueues.onGlobalQueue("health \(kind.rawValue) answer", after: delay) { [self] in
      CallbackLane.$current.withValue("health \(kind.rawValue)") {
        let callback = answer()
        // Traced before the checkpoint, so that nothing of the platform's (the tracer's lock)
        // comes between a held callback and the app's code.
        services.log.tracer.mark(
          "\(kind.rawValue) callback runs", isolation: nil, linkedFrom: requested)
        services.checkpoints.reach(.healthCallbackDelivering(kind))
        callback()
        services.checkpoints.reach(.healthCallbackReturned(kind))
      }
      services.activity.end()
    }
  }
}
