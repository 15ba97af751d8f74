/// What the platform's simulated services that do slow work share: the event log (with its
/// tracer), the monitor that tells when the platform is still, the checkpoints where replays
/// hold threads, and the latencies' generator. One value, so that each service takes them alike.
struct PlatformServices: Sendable {
  let log: PlatformEventLog
  let activity: ActivityMonitor
  let checkpoints: Checkpoints
  let delays: DelayGenerator
}
