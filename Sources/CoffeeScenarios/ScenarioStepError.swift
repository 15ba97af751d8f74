/// A step that could not be played: the scenario asks for something the watch does not hold.
public struct ScenarioStepError: Error, CustomStringConvertible {
  public let step: Step
  public let problem: String

  public var description: String { "cannot play \"\(step)\": \(problem)" }
}
