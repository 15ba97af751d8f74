import Foundation
import Testing

@testable import SimulatedPlatform

/// A step of a drawn run names the learner's function and line, as short as a learner reads it.
@Suite("Call stacks")
struct CallStackTests {
  @Test(
    "A demangled name shortens to the function, an accessor with its property",
    arguments: [
      ("CoffeeStep07.CoffeeDataStore.save(_: [CoffeeDomain.Drink]) -> ()", "save(_:)"),
      (
        "CoffeeStep07.CoffeeData.addDrink(mgCaffeine: Swift.Double, onDate: Foundation.Date) -> ()",
        "addDrink(mgCaffeine:onDate:)"
      ),
      (
        "CoffeeStep07.CoffeeData.currentDrinks.didset : [CoffeeDomain.Drink]",
        "currentDrinks.didset"
      ),
      ("CoffeeStep07.CoffeeData.load() -> ()", "load()"),
      ("CoffeeStep07.CoffeeData.addDrink(mgCaffeine:onDate:)", "addDrink(mgCaffeine:onDate:)"),
      (
        "closure #1 () async -> () in CoffeeStep07.CoffeeData.load() -> ()",
        "closure #1 in load()"
      ),
    ])
  func shortNames(demangled: String, short: String) {
    #expect(CallStack.shortName(demangled) == short)
  }

  #if canImport(Runtime)
    @Test("A captured stack names this very function, in this file, at the line it was taken")
    func capturesThisLine() throws {
      let line = #line + 1
      let stack = try #require(CallStack.capture())
      let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/"
      let site = try #require(stack.innermostFrame(inFolder: folder))
      #expect(site.hasPrefix("CallStackTests.swift:\(line) in "))
    }
  #endif
}
