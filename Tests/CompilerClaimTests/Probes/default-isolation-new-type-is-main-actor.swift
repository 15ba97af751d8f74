// Claim: with the main actor as the module's default isolation (SE-0466), a new struct or class
//   is main-actor isolated, so an actor cannot call its methods synchronously (an async method
//   of the actor can, with `await`, hopping to the main actor); an actor keeps its own isolation,
//   and a `nonisolated` struct can be called from it.
// Stated in: Exercises/14-default-main-actor/README.md, Exercises/exercises.json
// Flags: -swift-version 6 -default-isolation MainActor

struct MainActorFile {
  func write(_ drinks: [Int]) {}
}

nonisolated struct NonisolatedFile {
  func write(_ drinks: [Int]) {}
}

final class FileWriter {
  func write(_ drinks: [Int]) {}
}

actor Store {
  let mainActorFile = MainActorFile()
  let nonisolatedFile = NonisolatedFile()
  let writer = FileWriter()
  var savedValue: [Int] = []

  func save(_ drinks: [Int]) {
    mainActorFile.write(drinks)  // expect-error: actor_isolated_call_decl #ActorIsolatedCall
    writer.write(drinks)  // expect-error: actor_isolated_call_decl #ActorIsolatedCall
    nonisolatedFile.write(drinks)
    savedValue = drinks
  }

  func saveOnTheMainActor(_ drinks: [Int]) async {
    await mainActorFile.write(drinks)
  }
}
