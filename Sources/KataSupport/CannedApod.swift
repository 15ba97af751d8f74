import Foundation

/// One astronomy picture of the day as NASA's APOD API sends it: snake-case keys, the date as a
/// `yyyy-MM-dd` string, `media_type` either `image` or `video`.
public struct CannedApod: Sendable, Equatable, Codable {
  /// The day, `yyyy-MM-dd`.
  public var date: String
  /// The title.
  public var title: String
  /// The explanation.
  public var explanation: String
  /// The picture's (or video's) URL.
  public var url: String
  /// `image` or `video`.
  public var mediaType: String

  /// A picture. `url` defaults to `https://apod.example/image/<date>.jpg`.
  public init(
    date: String, title: String, explanation: String = "", url: String? = nil,
    mediaType: String = "image"
  ) {
    self.date = date
    self.title = title
    self.explanation = explanation
    self.url = url ?? "https://apod.example/image/\(date).jpg"
    self.mediaType = mediaType
  }

  enum CodingKeys: String, CodingKey {
    case date, title, explanation, url
    case mediaType = "media_type"
  }

  /// The JSON array the API answers for a date range.
  public static func json(_ pictures: [CannedApod]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding plain strings cannot fail.
    return (try? encoder.encode(pictures)) ?? Data("[]".utf8)
  }
}
