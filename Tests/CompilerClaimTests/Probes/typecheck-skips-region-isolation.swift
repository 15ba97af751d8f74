// Claim: `swiftc -typecheck` does not run region-based isolation (it is checked in the SIL passes,
//   which `-emit-sil` runs): a value sent into an actor, a data race, gets no diagnostic.
// Stated in: Sources/CompilerDiagnostics/CompilerRun.swift, README.md
// Flags: -swift-version 6 -typecheck

final class Drinks {
  var list: [Int] = []
}

actor DrinkStore {
  func take(_ drinks: Drinks) {}
}

func handOver(_ store: DrinkStore, _ drinks: Drinks) async {
  await store.take(drinks)
}
