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

  /// The symptom in plain words: its sentences up to the first that is about ThreadSanitizer.
  /// What the tool can and cannot see matters to a maintainer, not to an audience watching a
  /// lost save; `symptomToolDetail` holds the rest, to show below it, smaller.
  public var plainSymptom: String { symptomParts.plain }

  /// The symptom's sentences from the first about ThreadSanitizer on; empty when none is.
  public var symptomToolDetail: String { symptomParts.detail }

  private var symptomParts: (plain: String, detail: String) {
    let sentences = Self.sentences(of: symptom)
    let cut = sentences.firstIndex { $0.contains("ThreadSanitizer") } ?? sentences.count
    return (
      sentences[..<cut].joined(separator: " "), sentences[cut...].joined(separator: " ")
    )
  }

  /// `text` cut into sentences: each ends at ". " before a capital letter or a backtick.
  static func sentences(of text: String) -> [String] {
    var sentences: [String] = []
    for piece in text.components(separatedBy: ". ") {
      if let last = sentences.last, let first = piece.first, !(first.isUppercase || first == "`") {
        sentences[sentences.count - 1] = last + ". " + piece
      } else {
        if !sentences.isEmpty { sentences[sentences.count - 1] += "." }
        sentences.append(piece)
      }
    }
    return sentences
  }
}
