/// The drinks on the app's menu, with the caffeine in one serving.
public enum DrinkType: String, CaseIterable, Sendable {
  case smallCoffee, mediumCoffee, largeCoffee
  case singleEspresso, doubleEspresso, quadEspresso
  case blackTea, greenTea, softDrink, energyDrink, chocolate

  /// The caffeine in one serving, in milligrams.
  public var mgCaffeinePerServing: Double {
    switch self {
    case .smallCoffee: 96
    case .mediumCoffee: 144
    case .largeCoffee: 192
    case .singleEspresso: 64
    case .doubleEspresso: 128
    case .quadEspresso: 256
    case .blackTea: 47
    case .greenTea: 28
    case .softDrink: 22
    case .energyDrink: 29
    case .chocolate: 18
    }
  }

  /// The name the menu shows.
  public var name: String {
    switch self {
    case .smallCoffee: "Small Coffee"
    case .mediumCoffee: "Medium Coffee"
    case .largeCoffee: "Large Coffee"
    case .singleEspresso: "Single Espresso"
    case .doubleEspresso: "Double Espresso"
    case .quadEspresso: "Quad Espresso"
    case .blackTea: "Black Tea"
    case .greenTea: "Green Tea"
    case .softDrink: "Soft Drink"
    case .energyDrink: "Energy Drink"
    case .chocolate: "Chocolate"
    }
  }
}
