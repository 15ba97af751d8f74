import RaceLab
import Testing

/// Deterministic replays of the race catalog: each forces its entry's interleaving through the
/// platform's checkpoints. The before side must show the symptom every time, and the after side
/// must stay correct under the very same schedule.
@Suite("Race replays", .timeLimit(.minutes(5)))
@MainActor
struct RaceReplayTests {
  @Test("The before side shows the symptom", arguments: Replay.replayable)
  func beforeShowsSymptom(of entry: RaceEntry) async throws {
    let result = try await Replay.run(entry, before: true)
    #expect(result.symptomShown, "\(entry.id) on before: \(result.detail)")
  }

  /// In a process of its own, as the behaviour suite's scenarios: a crash of the after variant
  /// fails this case, with the runtime's message, not the whole run.
  @Test("The after side stays correct", arguments: Replay.replayable)
  func afterStaysCorrect(under entry: RaceEntry) async throws {
    let entryID = entry.id
    let crashLog = CrashLog()
    await #expect(processExitsWith: .success) {
      [entryID = entryID as String, crashLogPath = crashLog.path as String] in
      CrashLog.sendStandardError(to: crashLogPath)
      let entry = try #require(Replay.replayable.first { $0.id == entryID })
      let result = try await Replay.run(entry, before: false)
      #expect(!result.symptomShown, "\(entryID) on after: \(result.detail)")
    }
    crashLog.reportCrash(running: "the replay of \(entryID) on the after variant")
  }

  /// In a process of its own, as the after side's replays.
  @Test("Overlapping loads: the before side duplicates, the after side chains", arguments: [2, 3])
  func overlappingLoads(count: Int) async {
    await #expect(processExitsWith: .success) { [count] in
      try await Self.overlappingLoadsInChild(count: count)
    }
  }

  /// In the child process.
  private static func overlappingLoadsInChild(count: Int) async throws {
    let before = try await Replay.runOverlappingLoads(count: count, on: .before)
    #expect(before.symptomShown, "\(count) loads on before: \(before.detail)")
    let after = try await Replay.runOverlappingLoads(count: count, on: .after)
    #expect(!after.symptomShown, "\(count) loads on after: \(after.detail)")
  }

  @Test("Every ThreadSanitizer schedule runs to its end on the before variant")
  func threadSanitizerSchedulesRun() async throws {
    // An empty list would pass the loop below unseen: the catalog has an entry with one.
    #expect(!Replay.threadSanitizerSchedules.isEmpty)
    for entry in Replay.threadSanitizerSchedules {
      // The verdict itself is `make race`'s, in a binary built with ThreadSanitizer; here, that
      // the schedule reached the interleaving it forces, without which that verdict means nothing.
      let result = try await Replay.runForThreadSanitizer(entry, on: .before)
      #expect(result.symptomShown, "\(entry.id): \(result.detail)")
    }
  }
}
