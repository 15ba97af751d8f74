import Foundation

/// The exercises named in `Exercises/exercises.json`.
struct ExerciseIndex {
  struct Exercise {
    let id: String
    let title: String
  }

  let all: [Exercise]

  func exercise(_ id: String) -> Exercise? { all.first { $0.id == id } }

  static func load(root: String) throws -> ExerciseIndex {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(root)/Exercises/exercises.json"))
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    var exercises: [Exercise] = []
    for track in (json?["tracks"] as? [[String: Any]]) ?? [] {
      for exercise in (track["exercises"] as? [[String: Any]]) ?? [] {
        guard let id = exercise["id"] as? String, let title = exercise["title"] as? String else {
          continue
        }
        exercises.append(Exercise(id: id, title: title))
      }
    }
    return ExerciseIndex(all: exercises)
  }
}
