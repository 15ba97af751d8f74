// Claim: `MainActor.run` takes a synchronous closure: an `async` one is refused, so everything
//   inside it runs on the main actor in one go, with no suspension in between.
// Stated in: Exercises/05-main-actor-update-model/README.md
// Flags: -swift-version 6

@MainActor func updateModel() {}
@MainActor func reloadComplications() {}

func grouped() async {
  await MainActor.run {
    updateModel()
    reloadComplications()
  }
}

func suspendsInside() async {
  // expect-error: cannot_pass_async_func_to_sync_parameter
  await MainActor.run {
    await Task.yield()
    updateModel()
  }
}
