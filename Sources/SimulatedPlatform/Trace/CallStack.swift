import Foundation
import Synchronization

#if canImport(Runtime)
  import Runtime
#endif

/// The call stack an event was made from, captured cheaply (return addresses only) and resolved
/// to functions and source lines later, once, for the run a report draws.
///
/// Built on the Swift runtime's backtracing API (SE-0419, the `Runtime` module, which the Swift
/// changelog says is "presently supported on macOS and Linux"); where the toolchain has no such
/// module, nothing is captured and no call site is named.
public struct CallStack: @unchecked Sendable {
  #if canImport(Runtime)
    let backtrace: Backtrace

    /// The program's loaded images, read once rather than for every stack.
    private static let images = ImageMap.capture()

    /// The frames nearest the event only: the learner's frame is a few calls below the platform
    /// call that records it, and resolving a frame to its line (reading the line table) is most
    /// of what a report costs.
    private static let framesKept = 32

    static func capture() -> CallStack? {
      (try? Backtrace.capture(limit: framesKept, top: 0, images: images))
        .map(CallStack.init(backtrace:))
    }

    /// Each stack resolved once per folder: a run passes the same lines again and again.
    private static let resolved = Mutex<[String: String?]>([:])
  #else
    static func capture() -> CallStack? { nil }
  #endif

  /// The innermost frame whose source file lies in `folder` (an absolute path ending in `/`):
  /// `CoffeeData.swift:87 in save(_:)`, or nil when none does or nothing can be resolved.
  public func innermostFrame(inFolder folder: String) -> String? {
    #if canImport(Runtime)
      let key = folder + "\u{0}" + backtrace.frames.map(\.description).joined(separator: ",")
      if let known = Self.resolved.withLock({ $0[key] }) { return known }
      let frame = innermostFrame(in: backtrace.symbolicated(with: Self.images), folder: folder)
      Self.resolved.withLock { $0[key] = .some(frame) }
      return frame
    #else
      return nil
    #endif
  }

  #if canImport(Runtime)
    private func innermostFrame(in stack: SymbolicatedBacktrace?, folder: String) -> String? {
      for frame in stack?.frames ?? [] {
        // Line 0 is code the compiler wrote (a property's setter): its caller names the line.
        guard let symbol = frame.symbol, let location = symbol.sourceLocation,
          location.path.hasPrefix(folder), location.line > 0
        else { continue }
        let file = location.path.dropFirst(folder.count)
        return "\(file):\(location.line) in \(Self.shortName(symbol.name))"
      }
      return nil
    }
  #endif

  /// A demangled name as short as a learner needs it beside its file and line:
  /// `CoffeeStep07.CoffeeDataStore.save(_: [Drink]) -> ()` becomes `save(_:)`, an accessor keeps
  /// its property (`currentDrinks.didset`), and a closure says what it is in.
  static func shortName(_ name: String) -> String {
    var name = name
    // A closure says which, and the function it is in: `closure #1 in load()`.
    if name.hasPrefix("closure"), let inner = name.range(of: " in ", options: .backwards) {
      let which = name.split(separator: " ").prefix(2).joined(separator: " ")
      return which + " in " + shortName(String(name[inner.upperBound...]))
    }
    // The arguments' types and the result: `save(_: [Drink]) -> ()` reads as `save(_:)`. (A
    // name demangled in its short form already has labels only: `save(_:)`.)
    if let open = name.firstIndex(of: "(") {
      let parameters = name[name.index(after: open)...].prefix { $0 != ")" }
      let labels =
        parameters.contains(" ")
        ? parameters.split(separator: ",")
          .map { parameter in
            let label = parameter.split(separator: ":").first ?? ""
            return label.drop { $0 == " " } + ":"
          }
          .joined()
        : String(parameters)
      name = String(name[..<open]) + "(" + labels + ")"
    }
    // An accessor keeps its property's name (`currentDrinks.didset`), not its type.
    if let typed = name.range(of: " : ") { name = String(name[..<typed.lowerBound]) }
    // A method keeps its own name: the file beside it says where it is.
    var components = name.prefix { $0 != "(" }.split(separator: ".")
    let rest = name.drop { $0 != "(" }
    let accessors: Set<Substring> = ["didset", "willset", "getter", "setter", "modify", "init"]
    guard let last = components.popLast() else { return name }
    if accessors.contains(last), let property = components.last {
      return "\(property).\(last)\(rest)"
    }
    return "\(last)\(rest)"
  }

}
