import Foundation

/// The app's documents folder: a real folder on disk, with writes the platform can watch.
///
/// A write takes the configured latency on the calling thread, as real disk I/O would; on the
/// main queue it is recorded as blocking I/O. When the app is suspended (a background task was
/// marked completed), writes still in flight and writes started before the app resumes never
/// reach the disk: they are recorded as lost, and the app is not told, as on a real watch. A
/// scenario can make the next write fail with an error, as a full disk does.
public final class DocumentsFolder: Sendable {
  /// The folder's location on disk.
  public let url: URL

  private struct State {
    var isSuspended = false
    var writesInFlight: [Int: String] = [:]
    var lostWrites: Set<Int> = []
    var nextWriteID = 0
    var writeLatency: Latency = .none
    var failsNextWrite = false
    /// What each write that reached the disk wrote, by file name, in the order they landed.
    var landedWrites: [String: [Data]] = [:]
  }

  private let state = PlatformLock(State())
  private let services: PlatformServices

  init(url: URL, services: PlatformServices) {
    self.url = url
    self.services = services
  }

  /// How long each write takes.
  public var writeLatency: Latency {
    get { state.withLock { $0.writeLatency } }
    set { state.withLock { $0.writeLatency = newValue } }
  }

  /// Makes the next write that reaches the disk fail with `CocoaError(.fileWriteOutOfSpace)`,
  /// and leave the file as it was; the writes after it work again. For scenarios.
  public func failNextWrite() {
    state.withLock { $0.failsNextWrite = true }
  }

  /// What each write of the file called `name` that reached the disk wrote, in the order the
  /// writes landed: the file's history, which its last contents alone cannot tell (a write that
  /// lands late puts back an older list for a while).
  public func landedWrites(ofFileNamed name: String) -> [Data] {
    state.withLock { $0.landedWrites[name] ?? [] }
  }

  /// The URL of the file called `name` in this folder.
  public func fileURL(named name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Reads the file called `name`.
  ///
  /// - Throws: `CocoaError(.fileReadNoSuchFile)` when there is no such file, as Foundation
  ///   does; other read errors as they come.
  public func read(fileNamed name: String, isolation: (any Actor)? = #isolation) throws -> Data {
    services.log.record(.fileRead(name: name), isolation: isolation)
    if ExecutionContext.isOnMainQueue {
      services.log.record(.blockingFileIOOnMainQueue(name: name), isolation: isolation)
    }
    let fileURL = fileURL(named: name)
    guard FileManager.default.fileExists(atPath: fileURL.path) else {
      throw CocoaError(.fileReadNoSuchFile)
    }
    let data = try Data(contentsOf: fileURL)
    services.checkpoints.reach(.fileReadFinishing)
    return data
  }

  /// Writes `data` atomically to the file called `name`, taking the write latency on the
  /// calling thread. `isolation` is the caller's, for the trace; callers never pass it.
  ///
  /// - Throws: `CocoaError(.fileWriteOutOfSpace)` when a scenario made this write fail; other
  ///   write errors as Foundation throws them.
  public func write(
    _ data: Data, toFileNamed name: String, isolation: (any Actor)? = #isolation
  ) throws {
    services.activity.begin()
    defer { services.activity.end() }
    if ExecutionContext.isOnMainQueue {
      services.log.record(.blockingFileIOOnMainQueue(name: name), isolation: isolation)
    }
    let started = services.log.tracer.mark("write \(name) starts", isolation: isolation)
    let (writeID, latency, startedWhileSuspended) = state.withLock { state in
      let writeID = state.nextWriteID
      state.nextWriteID += 1
      state.writesInFlight[writeID] = name
      if state.isSuspended { state.lostWrites.insert(writeID) }
      return (writeID, state.writeLatency, state.isSuspended)
    }
    // In flight from here on: a suspension while a checkpoint holds the write loses it.
    services.checkpoints.reach(.fileWriteStarting)
    let delay = services.delays.delay(for: latency, kind: "file write")
    PlatformQueues.block(for: delay)

    let (isLost, fails) = state.withLock { state in
      state.writesInFlight[writeID] = nil
      let isLost = state.lostWrites.remove(writeID) != nil || startedWhileSuspended
      // A lost write never reaches the disk, so it cannot be the one that fails.
      let fails = !isLost && state.failsNextWrite
      if fails { state.failsNextWrite = false }
      return (isLost, fails)
    }
    if isLost {
      services.log.tracer.mark(
        "write \(name) ends, lost", isolation: isolation, linkedFrom: started, as: .write)
      services.log.record(.fileWriteLostAtSuspension(name: name), isolation: isolation)
      services.checkpoints.reach(.fileWriteLostAtSuspension)
      return
    }
    if fails {
      services.log.tracer.mark(
        "write \(name) ends, failed", isolation: isolation, linkedFrom: started, as: .write)
      services.log.record(.fileWriteFailed(name: name), isolation: isolation)
      throw CocoaError(.fileWriteOutOfSpace)
    }
    try data.write(to: fileURL(named: name), options: [.atomic])
    state.withLock { $0.landedWrites[name, default: []].append(data) }
    services.log.tracer.mark(
      "write \(name) ends", isolation: isolation, linkedFrom: started, as: .write)
    services.log.record(.fileWritten(name: name, bytes: data.count), isolation: isolation)
    services.checkpoints.reach(.fileWriteFinishing)
  }

  /// Moves the file called `name` aside, under a new name that says why, and returns its URL.
  /// File I/O like a read: recorded, and flagged as blocking I/O on the main queue.
  /// `isolation` is the caller's, for the trace; callers never pass it.
  public func moveAside(
    fileNamed name: String, reason: String, isolation: (any Actor)? = #isolation
  ) throws -> URL {
    if ExecutionContext.isOnMainQueue {
      services.log.record(.blockingFileIOOnMainQueue(name: name), isolation: isolation)
    }
    let source = fileURL(named: name)
    var destination = fileURL(named: "\(name).\(reason)")
    var attempt = 1
    while FileManager.default.fileExists(atPath: destination.path) {
      attempt += 1
      destination = fileURL(named: "\(name).\(reason)-\(attempt)")
    }
    try FileManager.default.moveItem(at: source, to: destination)
    services.log.record(
      .fileMovedAside(name: name, as: destination.lastPathComponent), isolation: isolation)
    return destination
  }

  /// The bytes of the file called `name`, read without recording anything; for observers.
  public func contents(ofFileNamed name: String) -> Data? {
    try? Data(contentsOf: fileURL(named: name))
  }

  /// The names of the files in the folder, sorted; for observers.
  public func fileNames() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// Puts `data` in place as the file called `name` before the app runs; for scenarios.
  public func seed(_ data: Data, asFileNamed name: String) throws {
    try data.write(to: fileURL(named: name), options: [.atomic])
    state.withLock { $0.landedWrites[name, default: []].append(data) }
  }

  func suspend() {
    state.withLock { state in
      state.isSuspended = true
      state.lostWrites.formUnion(state.writesInFlight.keys)
    }
  }

  func resume() {
    state.withLock { $0.isSuspended = false }
  }
}
