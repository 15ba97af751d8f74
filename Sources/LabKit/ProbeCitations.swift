extension String {
  /// The text without its citations of compiler probes: ` (probe: <id>)`, ` (probes: <id>,
  /// <id>)`, and the `; probe: <id>` of `(SE-0461; probe: <id>)`. They tie a claim to the probe that proves it
  /// (`Tests/CompilerClaimTests`), for maintainers; a learner reading a hint needs none of them.
  var withoutProbeCitations: String {
    replacing(#/;\s+probes?:\s+[a-z0-9-]+(?:,\s+[a-z0-9-]+)*\)/#, with: ")")
      .replacing(#/\s*\(probes?:\s+[a-z0-9-]+(?:,\s+[a-z0-9-]+)*\)/#, with: "")
  }
}
