import LabCheckKit

/// "The health controller is still an actor", for the steps after exercise 06 in which the
/// learner edits `HealthKitController.swift` again.
///
/// The lab's scheduler runs one job at a time, so a controller turned back into a class (with
/// `@unchecked Sendable` to quiet the compiler) behaves exactly like the actor under it: two
/// loads that touch the anchor from two threads at once, a data race on any multicore watch,
/// never overlap there. No behaviour the checks can observe tells the two apart, so the form is
/// held instead, the way exercise 06's own check holds it.
///
/// Overload resolution decides, at the call site, from the controller's static type: only an
/// actor satisfies the more specific overload.
public enum HealthControllerForm {
  /// The outcome for a controller that is an actor: it passes.
  public static func staysAnActor<Controller: Actor>(_ controller: Controller) -> CheckOutcome {
    .pass
  }

  /// The outcome for a controller that is a class: it fails, and says why the lab cannot show
  /// the race itself.
  public static func staysAnActor<Controller: AnyObject>(_ controller: Controller) -> CheckOutcome {
    .fail(
      "HealthKitController is a class again. Exercise 06 made it an actor so that its anchor and "
        + "authorization are only touched on the actor; as a class, two loads touch them from two "
        + "threads at once. That data race happens on a multicore watch, but the lab's scheduler "
        + "runs one job at a time and cannot show it, so this check holds the form: keep "
        + "`actor HealthKitController`")
  }
}
