import Foundation

/// The picture list's model: what the list shows, and the refresh behind it. Everything it holds
/// is read by the UI, so it lives on the main actor.
@MainActor
final class ApodViewModel {
  /// What the list shows.
  enum State: Equatable {
    case idle
    case loading
    case loaded(count: Int)
    case failed(String)
  }

  private(set) var state: State = .idle
  /// The pictures on screen: the ones last fetched and saved.
  private(set) var pictures: [ApodPicture] = []

  private let client: ApodClient
  private let store: any PictureStore
  private let now: @Sendable () -> Date
  private let days: Int

  /// - Parameters:
  ///   - now: today, injected so that the refreshed range does not depend on the real clock.
  ///   - days: how many days a refresh covers, today included.
  init(
    client: ApodClient, store: any PictureStore, now: @escaping @Sendable () -> Date,
    days: Int = 7
  ) {
    self.client = client
    self.store = store
    self.now = now
    self.days = days
  }

  /// Fetches the last `days` days, saves them, then shows them; shows the error if either step
  /// fails. Returns once everything is done.
  func refresh() async {
    state = .loading
    let end = now()
    let start = end.addingTimeInterval(-Double(days) * 86_400)
    do {
      let fetched = try await client.fetchPictures(from: start, to: end)
      try await store.save(fetched)
      pictures = fetched
      state = .loaded(count: fetched.count)
    } catch {
      state = .failed("\(error)")
    }
  }
}
