import CoffeeDomain
import Testing

/// Checks the drink menu against the spec's table of milligrams per serving.
@Suite("The drink menu")
struct DrinkMenuTests {
  /// The spec's table, written out again.
  static let specMgPerServing: [DrinkType: Double] = [
    .smallCoffee: 96,
    .mediumCoffee: 144,
    .largeCoffee: 192,
    .singleEspresso: 64,
    .doubleEspresso: 128,
    .quadEspresso: 256,
    .blackTea: 47,
    .greenTea: 28,
    .softDrink: 22,
    .energyDrink: 29,
    .chocolate: 18,
  ]

  @Test("Each drink has the spec's caffeine per serving", arguments: DrinkType.allCases)
  func mgPerServing(drink: DrinkType) {
    #expect(drink.mgCaffeinePerServing == Self.specMgPerServing[drink])
  }

  @Test("The menu lists exactly the spec's drinks")
  func sameDrinks() {
    #expect(Set(DrinkType.allCases) == Set(Self.specMgPerServing.keys))
  }

  @Test("One equivalent cup is one small coffee")
  func cupIsSmallCoffee() {
    #expect(CaffeineMath.mgPerCup == DrinkType.smallCoffee.mgCaffeinePerServing)
  }
}
