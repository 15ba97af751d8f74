// Claim: a completion handler that one path forgets to call (or a missing `return` after calling
//   it) compiles without a diagnostic, in either language mode.
// Stated in: Exercises/02-async-authorization/README.md, Exercises/store-08-workout-pyramid/README.md
// Flags: -swift-version 6

enum SaveError: Error { case refused }

func requestAuthorization(available: Bool, completion: @escaping (Bool) -> Void) {
  guard available else { return }
  completion(true)
}

func save(_ error: SaveError?, completion: @escaping (Result<Void, SaveError>) -> Void) {
  if let error { completion(.failure(error)) }
  completion(.success(()))
}
