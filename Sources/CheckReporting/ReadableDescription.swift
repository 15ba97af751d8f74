/// A value that says itself in the domain's words in a failure message, such as a drink as
/// `120 mg at 08:30`.
public protocol ReadablyDescribed {
  /// The value as a failure message shows it.
  var readableDescription: String { get }
}

/// Values as a learner reads them in a failure message: in the domain's words
/// (`ReadablyDescribed`), with optionals unwrapped and sets and dictionaries in a stable order,
/// so that two runs print the same text.
public enum ReadableDescription {
  /// `value` as a failure message shows it.
  public static func of(_ value: Any) -> String {
    if let described = value as? any ReadablyDescribed {
      return described.readableDescription
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { of($0.value) } ?? "none"
    case .collection:
      return "[" + mirror.children.map { of($0.value) }.joined(separator: ", ") + "]"
    case .set:
      return "[" + mirror.children.map { of($0.value) }.sorted().joined(separator: ", ") + "]"
    case .dictionary:
      let entries = mirror.children.map { entry -> String in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return of(entry.value) }
        return "\(of(pair[0].value)): \(of(pair[1].value))"
      }
      return "[" + entries.sorted().joined(separator: ", ") + "]"
    default:
      return String(describing: value)
    }
  }

  /// The stored properties of `value` as its source declares them, `name: Type`: without what
  /// the compiler adds, such as an actor's `$defaultActor` of type `Builtin.DefaultActorStorage`,
  /// which means nothing to a learner.
  public static func storedProperties(of value: Any) -> [String] {
    Mirror(reflecting: value).children.compactMap { child in
      let type = String(describing: Swift.type(of: child.value))
      guard let label = child.label, !label.hasPrefix("$"), !type.hasPrefix("Builtin.") else {
        return nil
      }
      return "\(label): \(type)"
    }
  }
}
