// swift-tools-version: 6.2
// The Swift Concurrency Lab: Apple's Coffee Tracker before and after its migration to Swift
// concurrency, on a simulated watch platform that runs on Linux and macOS alike.
import PackageDescription

/// Settings every Swift 6 target shares: the Swift 6 language mode, with every warning an error.
let swift6: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "SwiftConcurrencyLab",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "coffee-demo", targets: ["CoffeeDemo"]),
    .executable(name: "race-lab", targets: ["RaceLabCommand"]),
  ],
  targets: [
    // Drinks, caffeine math and the complication timeline: identical in both variants.
    .target(name: "CoffeeDomain", swiftSettings: swift6),
    // What the app touches of HealthKit, WatchKit, ClockKit and SwiftUI, simulated with their
    // real threading.
    .target(name: "SimulatedPlatform", dependencies: ["CoffeeDomain"], swiftSettings: swift6),
    // The completion-handler app, races included. Swift 5 mode, as it was written. Its
    // concurrency warnings are the lesson, not noise: `make diagnose` compiles it in the Swift 6
    // mode and shows every one; the everyday build keeps quiet about them.
    .target(
      name: "CoffeeTrackerBefore",
      dependencies: ["CoffeeDomain", "SimulatedPlatform"],
      swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-suppress-warnings"])]
    ),
    // The same app after the migration: actors, async/await, @MainActor.
    .target(
      name: "CoffeeTrackerAfter",
      dependencies: ["CoffeeDomain", "SimulatedPlatform"],
      swiftSettings: swift6
    ),
    // Scripted scenarios that run against any variant, and what they observe.
    .target(
      name: "CoffeeScenarios",
      dependencies: [
        "CoffeeDomain", "SimulatedPlatform", "CoffeeTrackerBefore", "CoffeeTrackerAfter",
      ],
      swiftSettings: swift6
    ),
    // The race catalog, deterministic replays and seeded stress runs.
    .target(
      name: "RaceLab",
      dependencies: ["CoffeeDomain", "SimulatedPlatform", "CoffeeScenarios"],
      swiftSettings: swift6
    ),
    .executableTarget(name: "RaceLabCommand", dependencies: ["RaceLab"], swiftSettings: swift6),
    .executableTarget(name: "CoffeeDemo", dependencies: ["CoffeeScenarios"], swiftSettings: swift6),
    .testTarget(name: "CoffeeDomainTests", dependencies: ["CoffeeDomain"], swiftSettings: swift6),
    .testTarget(
      name: "CoffeeTrackerTests",
      dependencies: ["CoffeeDomain", "SimulatedPlatform", "CoffeeScenarios", "RaceLab"],
      swiftSettings: swift6
    ),
  ]
)
