import Foundation
import SimulatedPlatform
import Testing

/// The documents folder is a real folder whose reads and writes the platform records, with
/// blocking I/O on the main queue flagged: the lab's blocking-I/O detector reads these records.
@Suite("Documents folder", .timeLimit(.minutes(5)))
@MainActor
struct DocumentsFolderTests {
  let platform: SimulatedPlatform

  init() throws {
    platform = try SimulatedPlatform()
  }

  /// The file events recorded so far, as short strings, each with whether it was on main.
  var fileEvents: [String] {
    platform.events.all.compactMap { event in
      let place = event.context == .mainQueue ? "main" : "off main"
      return switch event.kind {
      case .fileRead(let name): "read \(name) (\(place))"
      case .fileWritten(let name, let bytes): "wrote \(name) \(bytes) B (\(place))"
      case .fileMovedAside(let name, let newName): "moved \(name) to \(newName) (\(place))"
      case .fileWriteFailed(let name): "write of \(name) failed (\(place))"
      case .blockingFileIOOnMainQueue(let name): "blocking I/O \(name) (\(place))"
      default: nil
      }
    }
  }

  @Test("Reads and writes on the main queue are recorded, and flagged as blocking I/O")
  func mainQueueIOIsFlagged() throws {
    try platform.documents.write(Data("abc".utf8), toFileNamed: "a.json")
    #expect(try platform.documents.read(fileNamed: "a.json") == Data("abc".utf8))

    #expect(
      fileEvents == [
        "blocking I/O a.json (main)", "wrote a.json 3 B (main)",
        "read a.json (main)", "blocking I/O a.json (main)",
      ])
  }

  @Test("Reads and writes off the main queue are recorded, and not flagged")
  func offMainIOIsNotFlagged() async throws {
    let documents = platform.documents
    try await Task.detached {
      try documents.write(Data("abcd".utf8), toFileNamed: "b.json")
      _ = try documents.read(fileNamed: "b.json")
    }.value

    #expect(fileEvents == ["wrote b.json 4 B (off main)", "read b.json (off main)"])
    #expect(platform.documents.contents(ofFileNamed: "b.json") == Data("abcd".utf8))
  }

  @Test("Reading a missing file throws Foundation's no-such-file error, and is recorded")
  func missingFile() async throws {
    let documents = platform.documents
    let error = await Task.detached {
      #expect(throws: CocoaError.self) { try documents.read(fileNamed: "missing.json") }
    }.value
    #expect(error?.code == .fileReadNoSuchFile)
    #expect(fileEvents == ["read missing.json (off main)"])
  }

  @Test("Observers and scenarios touch files without leaving a record")
  func unrecordedAccess() throws {
    try platform.documents.seed(Data("seeded".utf8), asFileNamed: "c.json")

    #expect(platform.documents.contents(ofFileNamed: "c.json") == Data("seeded".utf8))
    #expect(platform.documents.fileNames() == ["c.json"])
    #expect(platform.events.all.isEmpty)
  }

  @Test("Moving a file aside is the app's file I/O: recorded, and flagged on the main queue")
  func moveAsideIsRecorded() async throws {
    try platform.documents.seed(Data("seeded".utf8), asFileNamed: "c.json")
    let documents = platform.documents
    let moved = try await Task.detached {
      try documents.moveAside(fileNamed: "c.json", reason: "corrupt")
    }.value
    #expect(moved.lastPathComponent == "c.json.corrupt")
    #expect(platform.documents.contents(ofFileNamed: "c.json") == nil)
    #expect(platform.documents.fileNames() == ["c.json.corrupt"])
    #expect(fileEvents == ["moved c.json to c.json.corrupt (off main)"])

    try platform.documents.seed(Data("again".utf8), asFileNamed: "d.json")
    let onMain = await MainActor.run { [documents] in
      Result { try documents.moveAside(fileNamed: "d.json", reason: "corrupt") }
    }
    #expect(try onMain.get().lastPathComponent == "d.json.corrupt")
    #expect(
      fileEvents.suffix(2) == [
        "blocking I/O d.json (main)", "moved d.json to d.json.corrupt (main)",
      ])
  }

  @Test("A write made to fail throws a full disk's error, keeps the old file, and only once")
  func writeMadeToFailFailsOnce() async throws {
    try platform.documents.seed(Data("old".utf8), asFileNamed: "e.json")
    platform.documents.failNextWrite()
    let documents = platform.documents
    let failure = await Task.detached {
      Result { try documents.write(Data("new".utf8), toFileNamed: "e.json") }
    }.value

    #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try failure.get() }
    #expect(platform.documents.contents(ofFileNamed: "e.json") == Data("old".utf8))
    #expect(fileEvents == ["write of e.json failed (off main)"])

    try await Task.detached {
      try documents.write(Data("newer".utf8), toFileNamed: "e.json")
    }.value
    #expect(platform.documents.contents(ofFileNamed: "e.json") == Data("newer".utf8))
    #expect(fileEvents.last == "wrote e.json 5 B (off main)")
  }
}
