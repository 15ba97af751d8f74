/// The environment variables `lab` sets for the package build and for a check executable: the one
/// Swift definition of their names. `Package.swift` cannot import a module and spells the first
/// two itself; a test (`LabEnvironmentTests`) fails when it spells them differently.
public enum LabEnvironment {
  /// Where the exercise sources come from (`exercises`, `solutions` or a folder path). Set, it
  /// adds the exercises and their checks to the package.
  public static let exercises = "LAB_EXERCISES"
  /// Restricts the package build to one exercise, by id.
  public static let only = "LAB_ONLY"
  /// The folder the exercise module was built from, for checks that read the learner's code.
  public static let exerciseSources = "LAB_EXERCISE_SOURCES"
  /// The exercise module's compiler flags beyond the language mode, from its metadata
  /// (`-default-isolation MainActor`, `-enable-upcoming-feature …`), separated by spaces: what
  /// a check's compiler probe must build with to judge code the way the module is built.
  public static let moduleCompilerFlags = "LAB_MODULE_COMPILER_FLAGS"
  /// Set and not empty, race checks also draw the lab's own solution under the same schedule.
  public static let lanes = "LAB_LANES"

  /// The names `Package.swift` reads.
  public static let readByManifest = [exercises, only]
  /// `TARGET@SCHEDULE`: an exploring check replays that one schedule of its scenarios on the
  /// learner's code and draws it whole, instead of exploring (`lab check N --schedule …`).
  public static let exploreReplay = "LAB_EXPLORE_REPLAY"
  /// Set and not empty, a check keeps and reads no cached output (the compiler's warnings, an
  /// exploring verdict): `lab verify --repeat` sets it, so that every run is computed again.
  public static let noCache = "LAB_NO_CACHE"
  /// A check's name: the executable runs that check alone, and explores only if it asks for an
  /// exploring verdict. `lab verify` sets it for a kept wrong answer, whose row judges only
  /// the check its metadata names.
  public static let onlyCheck = "LAB_ONLY_CHECK"
}
