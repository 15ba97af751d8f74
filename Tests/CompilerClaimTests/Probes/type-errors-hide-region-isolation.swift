// Claim: an error of the type checker anywhere in the module stops the compiler before its
//   region-based isolation checks: the data race below is reported only once the type error is
//   fixed (see sending-parameter-crosses-once).
// Stated in: Sources/RaceLab/Diagnostics/DiagnosticsReport.swift
// Flags: -swift-version 6

final class Drinks {
  var list: [Int] = []
}

actor DrinkStore {
  func take(_ drinks: Drinks) {}
}

func handOver(_ store: DrinkStore, _ drinks: Drinks) async {
  await store.take(drinks)
}

func count() -> Int { "three" }  // expect-error: cannot_convert_to_return_type
