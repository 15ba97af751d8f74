/// Names the platform callback running on the current thread.
enum CallbackLane {
  @TaskLocal static var current: String?
}
