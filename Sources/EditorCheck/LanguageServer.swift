import Dispatch
import Foundation
import Synchronization

/// A language server run as editors run it: a child process spoken to in JSON-RPC over its
/// standard input and output, each message framed by a `Content-Length` header.
final class LanguageServer: Sendable {
  /// Why talking to the server failed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let process: Process
  private let input: FileHandle
  /// Messages read from the server, oldest first, until the client takes them.
  private let inbox = Mutex<[Data]>([])
  /// Signalled once for each message put in `inbox`, and once when the server's output ends.
  private let arrived = DispatchSemaphore(value: 0)
  private let nextID = Atomic<Int>(1)
  private let ended = Atomic<Bool>(false)
  /// Every notification seen so far, by method, for the checks that wait for one.
  private let notifications = Mutex<[(method: String, params: Data)]>([])

  /// Starts `executable` with `arguments`; its standard error goes to `log`.
  init(executable: URL, arguments: [String], log: URL) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let toServer = Pipe()
    let fromServer = Pipe()
    process.standardInput = toServer
    process.standardOutput = fromServer
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: log)
    input = toServer.fileHandleForWriting
    try process.run()
    let output = fromServer.fileHandleForReading
    Thread.detachNewThread { [self] in readMessages(from: output) }
  }

  /// Sends a request and waits for its answer, up to `deadline`. Requests the server sends in the
  /// meantime get an empty answer, as a minimal editor gives them; notifications are kept.
  func request(_ method: String, _ params: [String: Any], deadline: DispatchTime) throws -> Any? {
    let id = nextID.add(1, ordering: .relaxed).oldValue
    try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    while true {
      let message = try nextMessage(deadline: deadline, waitingFor: method)
      if let answerID = message["id"] as? Int, answerID == id, message["method"] == nil {
        if let error = message["error"] as? [String: Any] {
          throw Failure(description: "\(method) failed: \(error["message"] ?? error)")
        }
        return message["result"].flatMap { $0 is NSNull ? nil : $0 }
      }
    }
  }

  /// Sends a notification: no answer expected.
  func notify(_ method: String, _ params: [String: Any]) throws {
    try send(["jsonrpc": "2.0", "method": method, "params": params])
  }

  /// Reads messages until a notification `method` arrives whose parameters satisfy `matches`, or
  /// until `deadline`; nil if the deadline passes first. Notifications already seen count.
  func waitForNotification(
    _ method: String, deadline: DispatchTime, where matches: ([String: Any]) -> Bool
  ) throws -> [String: Any]? {
    func seen() -> [String: Any]? {
      let all = notifications.withLock { $0 }.filter { $0.method == method }
      return
        all
        .compactMap { try? JSONSerialization.jsonObject(with: $0.params) as? [String: Any] }
        .last(where: matches)
    }
    while true {
      if let found = seen() { return found }
      do {
        _ = try nextMessage(deadline: deadline, waitingFor: method)
      } catch is Failure where DispatchTime.now() >= deadline {
        return seen()
      }
    }
  }

  /// Asks the server to shut down and exit; stops it if it does not within a few seconds.
  func stop() {
    let deadline = DispatchTime.now() + 5
    _ = try? request("shutdown", [:], deadline: deadline)
    try? notify("exit", [:])
    let exited = DispatchSemaphore(value: 0)
    DispatchQueue.global().async { [process] in
      process.waitUntilExit()
      exited.signal()
    }
    if exited.wait(timeout: .now() + 5) == .timedOut {
      process.terminate()
    }
  }

  // MARK: - Framing

  private func send(_ message: [String: Any]) throws {
    guard !ended.load(ordering: .relaxed) else {
      throw Failure(description: "the language server has exited")
    }
    let body = try JSONSerialization.data(withJSONObject: message)
    input.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  /// The next message from the server, answering the server's own requests on the way.
  private func nextMessage(deadline: DispatchTime, waitingFor what: String) throws -> [String:
    Any]
  {
    while true {
      if arrived.wait(timeout: deadline) == .timedOut {
        throw Failure(description: "no answer to \(what) in time")
      }
      guard let data = inbox.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
        throw Failure(description: "the language server exited while waiting for \(what)")
      }
      guard let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        continue
      }
      if let method = message["method"] as? String {
        if let id = message["id"] {
          // A request from the server (progress tokens, capability registration, refresh):
          // an editor accepts them all.
          try send(["jsonrpc": "2.0", "id": id, "result": NSNull()])
        } else {
          let params = try JSONSerialization.data(withJSONObject: message["params"] ?? [:])
          notifications.withLock { $0.append((method, params)) }
        }
      }
      return message
    }
  }

  /// Splits the server's output into messages, on a thread of its own.
  private func readMessages(from output: FileHandle) {
    var buffer = Data()
    let separator = Data("\r\n\r\n".utf8)
    while true {
      let chunk = output.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
      while let headerEnd = buffer.range(of: separator) {
        let header = String(
          decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        guard
          let lengthLine = header.split(separator: "\r\n").first(where: {
            $0.lowercased().hasPrefix("content-length:")
          }),
          let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        else { break }
        let bodyStart = headerEnd.upperBound
        guard buffer.distance(from: bodyStart, to: buffer.endIndex) >= length else { break }
        let bodyEnd = buffer.index(bodyStart, offsetBy: length)
        let body = Data(buffer[bodyStart..<bodyEnd])
        buffer = Data(buffer[bodyEnd...])
        inbox.withLock { $0.append(body) }
        arrived.signal()
      }
    }
    ended.store(true, ordering: .relaxed)
    arrived.signal()
  }
}
