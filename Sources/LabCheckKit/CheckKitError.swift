import CheckReporting

/// Why a check could not run.
public enum CheckKitError: Error, CustomStringConvertible {
  case noSources
  case noModuleCompilerFlags

  public var description: String {
    switch self {
    case .noSources:
      "\(LabEnvironment.exerciseSources) is not set: run the check through `swift run lab check`"
    case .noModuleCompilerFlags:
      "\(LabEnvironment.moduleCompilerFlags) is not set: run the check through `swift run lab check`"
    }
  }
}
