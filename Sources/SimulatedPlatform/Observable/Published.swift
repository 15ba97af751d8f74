/// The stand-in for Combine's `@Published`: every assignment is recorded by the enclosing
/// object's `objectWillChange`, with the queue it was made on. `didSet` observers work as with
/// the real wrapper and run after the value is stored. Reads made off the main queue are
/// recorded too: published state belongs to the main queue, and a read elsewhere races with its
/// writes.
@propertyWrapper
public struct Published<Value> {
  private var value: Value

  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// Only available inside an `ObservableObject`, as with Combine.
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    set { fatalError("@Published is only available on properties of classes") }
  }

  public static subscript<Object: ObservableObject>(
    _enclosingInstance object: Object,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
  ) -> Value {
    get {
      object.objectWillChange.recordRead(property: propertyName(wrappedKeyPath))
      return object[keyPath: storageKeyPath].value
    }
    set {
      object.objectWillChange.record(property: propertyName(wrappedKeyPath))
      object[keyPath: storageKeyPath].value = newValue
      object.objectWillChange.valueStored()
    }
  }

  /// `\CoffeeData.currentDrinks` becomes `currentDrinks`. Where the runtime cannot name the
  /// property (Linux describes a wrapped property's key path as `<computed 0x… (Type)>`), the
  /// name is its type's: `the published [Drink]`.
  private static func propertyName(_ keyPath: AnyKeyPath) -> String {
    let path = String(describing: keyPath)
    guard !path.contains("<computed") else { return "the published \(typeName)" }
    return path.split(separator: ".").last.map(String.init) ?? path
  }

  /// `[Drink]` rather than `Array<Drink>`, as Swift code spells it.
  private static var typeName: String {
    let name = String(describing: Value.self)
    guard name.hasPrefix("Array<"), name.hasSuffix(">") else { return name }
    return "[\(name.dropFirst("Array<".count).dropLast())]"
  }
}
