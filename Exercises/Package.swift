// swift-tools-version: 6.2
// The exercises as your editor sees them. Open this folder (VS Code, Cursor, Neovim: any editor
// backed by SourceKit-LSP) or this file (Xcode): every exercise is a module of its own, in its own
// language mode, that imports the lab's CoffeeDomain, SimulatedPlatform or KataSupport from the
// package one level up. Completion, jump-to-definition into ../Sources, hover and the compiler's
// errors inline then work in whichever exercise you are on.
//
// Only editors build this package. `lab check`, `make test` and the verify targets build the
// exercises from the lab's own Package.swift (see its last part), so an exercise you are halfway
// through never breaks them, and this file never takes part in their build.
import Foundation
import PackageDescription

let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
/// The lab's own package, one folder up. SwiftPM names a path dependency after its folder
/// (lowercased), whatever the clone is called.
let lab = here.deletingLastPathComponent()
let labIdentity = lab.lastPathComponent.lowercased()

let package = Package(
  name: "Exercises",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")]
)

// One target per exercise, as exercises.json describes it: the same module name, language mode
// and warnings-as-errors as the lab's own build of the exercise (the lab's Package.swift).
guard
  let data = try? Data(contentsOf: here.appendingPathComponent("exercises.json")),
  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
  let tracks = json["tracks"] as? [[String: Any]]
else {
  fatalError("exercises.json is missing or not valid JSON")
}
for track in tracks {
  let libraries = (track["dependencies"] as? [String]) ?? []
  for exercise in (track["exercises"] as? [[String: Any]]) ?? [] {
    guard let id = exercise["id"] as? String, let module = exercise["module"] as? String else {
      continue
    }
    let mode = (exercise["swiftLanguageMode"] as? Int) == 6 ? SwiftLanguageMode.v6 : .v5
    var settings: [SwiftSetting] = [.swiftLanguageMode(mode)]
    if (exercise["warningsAsErrors"] as? Bool) == true {
      settings.append(.treatAllWarnings(as: .error))
    }
    // Swift 6.2's approachable concurrency, as the later steps turn it on (the lab's manifest
    // reads the same fields; a manifest cannot import another, so the rule is written twice).
    if (exercise["defaultIsolation"] as? String) == "MainActor" {
      settings.append(.defaultIsolation(MainActor.self))
    }
    for feature in (exercise["upcomingFeatures"] as? [String]) ?? [] {
      settings.append(.enableUpcomingFeature(feature))
    }
    package.targets.append(
      .target(
        name: module,
        dependencies: libraries.map { .product(name: $0, package: labIdentity) },
        path: id,
        exclude: ["README.md"],
        swiftSettings: settings
      ))
  }
}
