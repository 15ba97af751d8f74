import Foundation
import KataSupport

/// The disk cache. Writing is slow, so the transport simulates it: a write is a request to
/// `cache://images/<number>`, which a check can hold, fail or cancel.
actor DiskCache {
  private let transport: SimulatedTransport
  /// The images written, by number.
  private(set) var saved: [Int: Data] = [:]
  /// The priority of each write's task, in order.
  private(set) var priorities: [TaskPriority] = []

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  static func url(for number: Int) -> URL { URL(string: "cache://images/\(number)")! }

  /// Writes `image`; throws `CancellationError` if the writing task is cancelled first.
  func store(_ image: Data, for number: Int) async throws {
    priorities.append(Task.currentPriority)
    _ = try await transport.data(for: Self.url(for: number))
    saved[number] = image
  }
}

/// The pictures the user has looked at, also written through the transport
/// (`history://viewed/<number>`).
actor ViewHistory {
  private let transport: SimulatedTransport
  private(set) var viewed: [Int] = []

  init(transport: SimulatedTransport) {
    self.transport = transport
  }

  static func url(for number: Int) -> URL { URL(string: "history://viewed/\(number)")! }

  /// Records that `number` was viewed; throws `CancellationError` if the task is cancelled first.
  func record(_ number: Int) async throws {
    _ = try await transport.data(for: Self.url(for: number))
    viewed.append(number)
  }
}
