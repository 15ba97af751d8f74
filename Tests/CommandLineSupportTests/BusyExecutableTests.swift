import CommandLineSupport
import Foundation
import Testing

/// A program whose file is still open for writing cannot be started (ETXTBSY): `ProcessRunner`
/// tries again while the writer may yet close it, and says so when it never does.
@Suite("Starting a program still open for writing")
struct BusyExecutableTests {
  @Test("Refused while a writer holds the file, with the system's reason; started once it closes")
  func busyThenFree() throws {
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("busy-\(UUID().uuidString).sh")
    try Data("#!/bin/sh\necho started\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    defer { try? FileManager.default.removeItem(at: script) }

    // Close-on-exec: other tests' children, forked meanwhile, hold it only until they exec, not
    // for their whole life (Foundation's `Data.write` does not ask for it).
    let writer = open(script.path, O_WRONLY | O_CLOEXEC)
    try #require(writer >= 0)
    let error = #expect(throws: (any Error).self) {
      try ProcessRunner.run(script.path, [])
    }
    let underlying = (error as NSError?)?.userInfo[NSUnderlyingErrorKey] as? NSError
    #expect(underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ETXTBSY))
    close(writer)

    let result = try ProcessRunner.run(script.path, [])
    #expect(result.status == 0 && result.output == "started\n")
  }
}
