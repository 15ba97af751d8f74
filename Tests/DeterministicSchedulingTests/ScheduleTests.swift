import DeterministicScheduling
import Testing

@Suite("Schedules and clocks")
struct ScheduleTests {
  @Test(
    "A schedule prints as it parses, deviations in step order",
    arguments: ["default", "4:1", "2:3,9:1"])
  func roundTrip(_ text: String) throws {
    let schedule = try #require(Schedule(parsing: text))
    #expect(schedule.description == text)
  }

  @Test("Malformed schedules are refused", arguments: ["4", "4:0", "a:1", "4:1,4:2", "-1:1"])
  func malformed(_ text: String) {
    #expect(Schedule(parsing: text) == nil)
  }

  @Test("The default choice is 0 wherever the schedule does not deviate")
  func choices() throws {
    let schedule = try #require(Schedule(parsing: "3:2"))
    #expect(schedule.choice(at: 3) == 2)
    #expect(schedule.choice(at: 2) == 0)
    #expect(schedule.adding(step: 5, choice: 1).description == "3:2,5:1")
    #expect(schedule.lastStep == 3)
  }

  @Test("Vector clocks: a join orders, concurrent points are ordered neither way")
  func clocks() {
    var a = VectorClock()
    a.tick(1)
    var b = VectorClock()
    b.tick(2)
    #expect(!a.happensBefore(b) && !b.happensBefore(a))
    var c = b
    c.join(a)
    c.tick(2)
    #expect(a.happensBefore(c) && b.happensBefore(c) && !c.happensBefore(a))
  }
}
