/// A replay that cannot run.
public enum ReplayError: Error, CustomStringConvertible {
  case noReplay(String)

  public var description: String {
    switch self {
    case .noReplay(let id): "the catalog entry \(id) has no deterministic replay"
    }
  }
}
