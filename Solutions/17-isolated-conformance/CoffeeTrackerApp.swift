import SimulatedPlatform

// The app as watchOS starts it: the model, the extension delegate and the complication data
// source, registered with the platform. On the main actor, the module's default isolation.
final class CoffeeTrackerApp {
  let model: CoffeeData
  let extensionDelegate: ExtensionDelegate
  let complicationController: ComplicationController

  init(platform: SimulatedPlatform) {
    model = CoffeeData(platform: platform)
    extensionDelegate = ExtensionDelegate(model: model, platform: platform)
    complicationController = ComplicationController(model: model, platform: platform)
    platform.complicationServer.dataSource = complicationController
    platform.runtime.delegate = extensionDelegate
    platform.runtime.finishLaunching()
  }
}
