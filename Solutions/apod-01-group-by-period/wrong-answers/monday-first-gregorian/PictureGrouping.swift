import Foundation

/// One astronomy picture of the day.
struct Picture: Sendable, Equatable {
  /// The picture's day, as an instant at or after midnight UTC of that day.
  let date: Date
  let title: String
}

/// How the list is cut into sections.
enum Period: Sendable, CaseIterable {
  case day, week, month
}

/// A section of the list: its key and its pictures, newest first.
struct PictureSection: Sendable, Equatable {
  /// `2021-12-17` for a day, `2021-W50` for an ISO week (weeks start on Monday; the year is the
  /// week's year, which differs from the calendar year around New Year), `2021-12` for a month.
  let key: String
  let pictures: [Picture]
}

enum PictureGrouping {
  /// APOD days are UTC days, and weeks are ISO weeks: the same sections on every device, whatever
  /// its time zone, locale or calendar settings.
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    // The same on every device: a fixed locale, and weeks that start on Monday.
    calendar.locale = Locale(identifier: "en_US_POSIX")
    calendar.firstWeekday = 2
    return calendar
  }()

  /// The key of the section that `date` belongs to.
  static func key(for date: Date, by period: Period) -> String {
    switch period {
    case .day:
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    case .week:
      let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
      return String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0)
    case .month:
      let parts = calendar.dateComponents([.year, .month], from: date)
      return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }
  }

  /// The sections of `pictures` by `period`, newest first, each with its pictures newest first.
  static func sections(of pictures: [Picture], by period: Period) -> [PictureSection] {
    let grouped = Dictionary(grouping: pictures) { key(for: $0.date, by: period) }
    return grouped.keys.sorted(by: >).map { key in
      PictureSection(key: key, pictures: (grouped[key] ?? []).sorted { $0.date > $1.date })
    }
  }
}
