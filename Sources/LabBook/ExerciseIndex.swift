import Foundation

/// The exercises named in `Exercises/exercises.json`.
struct ExerciseIndex {
  struct Exercise {
    let id: String
    let title: String
    /// The track it belongs to: `coffee`, `apod`, `appstore`.
    let track: String
  }

  let all: [Exercise]

  func exercise(_ id: String) -> Exercise? { all.first { $0.id == id } }

  /// The exercises before and after `id` in its own track, in the order a learner meets them.
  func neighbours(of id: String) -> (previous: Exercise?, next: Exercise?) {
    guard let exercise = exercise(id) else { return (nil, nil) }
    let track = all.filter { $0.track == exercise.track }
    guard let index = track.firstIndex(where: { $0.id == id }) else { return (nil, nil) }
    return (
      index > 0 ? track[index - 1] : nil, index + 1 < track.count ? track[index + 1] : nil
    )
  }

  static func load(root: String) throws -> ExerciseIndex {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(root)/Exercises/exercises.json"))
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    var exercises: [Exercise] = []
    for track in (json?["tracks"] as? [[String: Any]]) ?? [] {
      let trackID = track["id"] as? String ?? ""
      for exercise in (track["exercises"] as? [[String: Any]]) ?? [] {
        guard let id = exercise["id"] as? String, let title = exercise["title"] as? String else {
          continue
        }
        exercises.append(Exercise(id: id, title: title, track: trackID))
      }
    }
    return ExerciseIndex(all: exercises)
  }
}
