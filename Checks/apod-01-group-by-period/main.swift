// The checks of kata apod-01: grouping pictures by day, week or month.
import Foundation
import LabCheckKit

@testable import ApodKata01

// The device is in Honolulu (UTC-10): midnight UTC there is still the day before. The lab starts
// this check with TZ=Pacific/Honolulu (`checkEnvironment` in Exercises/exercises.json): set from
// here, the time zone could come too late for whatever read it first, since Foundation caches the
// system time zone once read (https://developer.apple.com/documentation/foundation/nstimezone/system).
guard ProcessInfo.processInfo.environment["TZ"] == "Pacific/Honolulu",
  TimeZone.current.identifier == "Pacific/Honolulu"
else {
  fatalError(
    "this check needs TZ=Pacific/Honolulu in its environment (found \(TimeZone.current.identifier)): "
      + "run it with `swift run lab check apod/1`, which sets it")
}

let suite = CheckSuite()

/// A picture at `time` (UTC) of `day` (`yyyy-MM-dd`).
func picture(_ day: String, at time: String = "12:00:00") -> Picture {
  let formatter = ISO8601DateFormatter()
  return Picture(date: formatter.date(from: "\(day)T\(time)Z")!, title: day)
}

func keys(_ days: [String], by period: Period, at time: String = "12:00:00") -> [String: [String]] {
  let sections = PictureGrouping.sections(of: days.map { picture($0, at: time) }, by: period)
  return Dictionary(uniqueKeysWithValues: sections.map { ($0.key, $0.pictures.map(\.title)) })
}

suite.check("pictures of the same day share a section, newest first") {
  let pictures = [
    picture("2021-12-16"), picture("2021-12-17", at: "11:00:00"), picture("2021-12-15"),
    picture("2021-12-17", at: "20:00:00"),
  ]
  let sections = PictureGrouping.sections(of: pictures, by: .day)
  let found = sections.map { "\($0.key): \($0.pictures.map(\.date.timeIntervalSince1970))" }
  let expected = [
    PictureSection(key: "2021-12-17", pictures: [pictures[3], pictures[1]]),
    PictureSection(key: "2021-12-16", pictures: [pictures[0]]),
    PictureSection(key: "2021-12-15", pictures: [pictures[2]]),
  ]
  return .expect(sections == expected, "expected three days, newest first; got \(found)")
}

suite.check("weeks start on Monday (ISO weeks)") {
  // Monday 13 to Sunday 19 December 2021 is ISO week 50; Monday 20 starts week 51.
  let found = keys(["2021-12-13", "2021-12-19", "2021-12-20", "2021-12-12"], by: .week)
  let expected = [
    "2021-W51": ["2021-12-20"], "2021-W50": ["2021-12-19", "2021-12-13"],
    "2021-W49": ["2021-12-12"],
  ]
  return .expect(found, equals: expected, "the sections are not ISO weeks starting on Monday")
}

suite.check("a week across New Year is one section") {
  // Thursday 31 December 2020 to Sunday 3 January 2021 belong to ISO week 53 of 2020.
  let found = keys(["2020-12-31", "2021-01-01", "2021-01-03", "2021-01-04"], by: .week)
  let expected = [
    "2020-W53": ["2021-01-03", "2021-01-01", "2020-12-31"], "2021-W01": ["2021-01-04"],
  ]
  return .expect(
    found, equals: expected,
    "a week's year is not always its days' calendar year: 31 December 2020 is in 2020-W53")
}

suite.check("days and months at the turn of the year keep their calendar year") {
  // 30 and 31 December 2019 are in ISO week 1 of 2020; 1 January 2021 is in week 53 of 2020.
  // Their days and months belong to their calendar year all the same.
  let days = ["2019-12-30", "2019-12-31", "2021-01-01"]
  var found: [String] = []
  for period in Period.allCases {
    found += PictureGrouping.sections(of: days.map { picture($0) }, by: period).map(\.key)
  }
  let expected = [
    "2021-01-01", "2019-12-31", "2019-12-30", "2020-W53", "2020-W01", "2021-01", "2019-12",
  ]
  return .expect(
    found == expected,
    "for 30 and 31 December 2019 and 1 January 2021, the day, week and month sections were "
      + "\(found), expected \(expected): only a week takes the week-based year "
      + "(yearForWeekOfYear, or YYYY in a date format); a day or a month takes the calendar year "
      + "(year, or yyyy)")
}

suite.check("months of different years are separate sections") {
  let found = keys(["2020-12-24", "2021-12-24", "2021-11-30"], by: .month)
  let expected = ["2021-12": ["2021-12-24"], "2021-11": ["2021-11-30"], "2020-12": ["2020-12-24"]]
  return .expect(found, equals: expected, "months of different years share a section")
}

suite.check("days are UTC days, whatever the device's time zone") {
  // Just after midnight UTC, it is still the day before in Honolulu.
  var found: [Period: [String: [String]]] = [:]
  for period in Period.allCases {
    found[period] = keys(["2021-01-01", "2021-12-20"], by: period, at: "00:30:00")
  }
  let expected: [Period: [String: [String]]] = [
    .day: ["2021-01-01": ["2021-01-01"], "2021-12-20": ["2021-12-20"]],
    .week: ["2020-W53": ["2021-01-01"], "2021-W51": ["2021-12-20"]],
    .month: ["2021-01": ["2021-01-01"], "2021-12": ["2021-12-20"]],
  ]
  return .expect(
    found == expected,
    "with the device in Honolulu, pictures of 1 January and 20 December 2021 (00:30 UTC) were "
      + "grouped as \(found.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.key): \($0.value.keys.sorted())" }): "
      + "use a calendar fixed to UTC")
}

await suite.run()
