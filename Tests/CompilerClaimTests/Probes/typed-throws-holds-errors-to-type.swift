// Claim: with typed throws, `async throws(ApodNetworkingError)`, the compiler makes every error
//   that escapes be an `ApodNetworkingError`: an untyped `try` must be caught and converted.
// Stated in: Exercises/apod-02-actor-client/README.md, Exercises/exercises.json
// Flags: -swift-version 6

enum ApodNetworkingError: Error { case transportFailed }

func data() async throws -> [UInt8] { [] }

func leaks() async throws(ApodNetworkingError) -> [UInt8] {
  try await data()  // expect-error: cannot_convert_thrown_type
}

func converts() async throws(ApodNetworkingError) -> [UInt8] {
  do { return try await data() } catch { throw .transportFailed }
}
