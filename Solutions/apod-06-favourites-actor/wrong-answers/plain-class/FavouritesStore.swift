import Foundation

/// Where the favourites are written, so that they survive a relaunch. Writing takes time: it
/// suspends.
protocol FavouritesPersistence: Sendable {
  func write(_ favourites: Set<String>) async throws
}

/// The user's favourite pictures, by date. Toggled from the list and the detail screen, possibly
/// at the same time.
///
/// A class is enough: the read, the decision and the change happen with no await in between.
final class FavouritesStore {
  private(set) var favourites: Set<String> = []
  private let persistence: any FavouritesPersistence

  init(persistence: any FavouritesPersistence) {
    self.persistence = persistence
  }

  func isFavourite(_ date: String) -> Bool {
    favourites.contains(date)
  }

  /// Adds `date` to the favourites or removes it, writes the favourites, and returns whether
  /// `date` is now a favourite.
  @discardableResult
  func toggle(_ date: String) async throws -> Bool {
    let isFavourite = favourites.insert(date).inserted
    if !isFavourite { favourites.remove(date) }
    try await persistence.write(favourites)
    return isFavourite
  }
}
