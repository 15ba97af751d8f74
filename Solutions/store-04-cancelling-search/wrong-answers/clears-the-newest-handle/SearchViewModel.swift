import Foundation

/// The search screen: what it shows, and the search behind it.
@MainActor
final class SearchViewModel {
  /// What the screen shows.
  enum State: Equatable {
    case initial
    case loading
    case empty
    case results([AppEntity])
    case error(String)
  }

  private(set) var state: State = .initial
  /// The latest search, kept so that the next one can cancel it.
  private(set) var searchTask: Task<Void, Never>?
  private let service: AppsSearchService

  init(service: AppsSearchService) {
    self.service = service
  }

  /// Searches for `query`, cancelling the search before it. A cancelled search changes nothing
  /// on screen: neither its results nor its error are shown.
  func search(_ query: String) {
    searchTask?.cancel()
    searchTask = Task {
      // A finished search has nothing left to cancel: forget it.
      defer { searchTask = nil }
      state = .loading
      do {
        let apps = try await service.search(query)
        if Task.isCancelled { return }
        state = apps.isEmpty ? .empty : .results(apps)
      } catch {
        if Task.isCancelled { return }
        state = .error("\(error)")
      }
    }
  }
}
