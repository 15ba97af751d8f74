extension RaceEntry {
  /// What keeps the racing accesses in order in the after variant, in a phrase a lane diagram
  /// prints in its key: the after variant makes the same accesses, under the same schedule, and
  /// an audience must see why they are safe there, not read "race" twice. `afterFix` says the
  /// same at length.
  public var safeHereReason: String {
    switch id {
    case "saved-value-race":
      "the actor CoffeeDataStore owns savedValue and records the list it wrote"
    case "health-state-on-callback-queues":
      "only the actor HealthKitController touches isAuthorized and the anchor"
    case "overlapping-loads", "reentrant-anchor-across-await":
      "each load waits for the one before it, so it reads the newest anchor"
    case "blocking-io-on-main":
      "the write runs on the store actor; the background task awaits it"
    case "write-lost-at-suspension":
      "the task is completed only after the save it awaits has landed"
    case "authorization-never-answered":
      "requestAuthorization() returns on every path, failures too"
    default:
      afterFix
    }
  }
}
