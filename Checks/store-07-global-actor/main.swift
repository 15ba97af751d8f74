// The checks of kata store-07: a global actor for the image pipeline.
import CheckReporting
import Foundation
import KataSupport
import LabCheckKit

@testable import StoreKata07

let suite = CheckSuite()
let icon = URL(string: "https://is1.example/icon/9.png")!

/// The actor a function value is isolated to: the compiler records it in `@isolated(any)`
/// function values, so no code has to run to find out.
func isolation<A, R>(of function: @escaping @isolated(any) (A) async throws -> R) -> (any Actor)? {
  function.isolation
}

func describe(_ actor: (any Actor)?) -> String {
  guard let actor else { return "no actor (nonisolated)" }
  if actor === MainActor.shared { return "the main actor" }
  if actor === ImagePipeline.shared { return "ImagePipeline" }
  return "\(type(of: actor))"
}

// The types are built with `await`: their initializers are isolated to the pipeline in a right
// answer (the compiler warns about the `await` while they are not).

suite.check("ImagePipeline is a global actor") {
  .expect(
    (ImagePipeline.self as Any.Type) is any GlobalActor.Type,
    "ImagePipeline is a plain actor: mark it @globalActor (it already has its `shared` instance)")
}

suite.check("the thumbnail cache is isolated to ImagePipeline") {
  let cache = await ThumbnailCache()
  let reading = isolation(of: cache.thumbnail(for:))
  return .expect(
    reading === ImagePipeline.shared,
    "ThumbnailCache.thumbnail(for:) is isolated to \(describe(reading)), expected ImagePipeline: "
      + "mark the class @ImagePipeline")
}

suite.check("the renderer is isolated to ImagePipeline") {
  let renderer = await IconRenderer(transport: SimulatedTransport(), cache: await ThumbnailCache())
  let rendering = isolation(of: renderer.thumbnail(for:))
  return .expect(
    rendering === ImagePipeline.shared,
    "IconRenderer.thumbnail(for:) is isolated to \(describe(rendering)), expected ImagePipeline, "
      + "the same actor as the cache, so that it uses the cache without an await")
}

suite.check("an icon asked for again comes from the cache") {
  let transport = SimulatedTransport()
  transport.route(icon, .image(named: "icon 9"))
  let renderer = await IconRenderer(transport: transport, cache: await ThumbnailCache())
  let first = try await renderer.thumbnail(for: icon)
  let second = try await renderer.thumbnail(for: icon)
  let renders = await renderer.renderCount
  return .expect(
    first == second && renders == 1 && transport.statistics.requests == 1,
    "two requests for the same icon: \(Wording.count(transport.statistics.requests, "download")), "
      + Wording.count(renders, "render")
  )
}

suite.check("no escape hatch silences the compiler") {
  try EscapeHatchChecks.outcome(
    of: ["ImagePipeline.swift"],
    leavesUnfixed: "anything: with the classes on the global actor, the compiler checks their "
      + "state itself; drop the locks and @unchecked Sendable and let it")
}

await suite.run()
