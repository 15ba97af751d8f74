import Foundation

/// Where the favourites are written, so that they survive a relaunch. Writing takes time: it
/// suspends.
protocol FavouritesPersistence: Sendable {
  func write(_ favourites: Set<String>) async throws
}

/// The user's favourite pictures, by date. Toggled from the list and the detail screen, possibly
/// at the same time.
actor FavouritesStore {
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
    // Decide first, write, then change the set itself.
    let isFavourite = !favourites.contains(date)
    let updated = isFavourite ? favourites.union([date]) : favourites.subtracting([date])
    try await persistence.write(updated)
    if isFavourite { favourites.insert(date) } else { favourites.remove(date) }
    return isFavourite
  }
}
