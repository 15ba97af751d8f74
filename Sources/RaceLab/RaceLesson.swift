/// What the lab book shows of a race beyond its description: the lines of code that race in each
/// variant, and the exercise whose solution removes the race.
public struct RaceLesson: Sendable {
  /// Where to find a racing line: a file under the package root and a piece of text on the line.
  public struct CodeLine: Sendable {
    public let file: String
    public let needle: String

    public init(file: String, needle: String) {
      self.file = file
      self.needle = needle
    }
  }

  public let before: CodeLine
  public let after: CodeLine
  /// The exercise whose checks replay or test this race.
  public let exerciseID: String

  public init(before: CodeLine, after: CodeLine, exerciseID: String) {
    self.before = before
    self.after = after
    self.exerciseID = exerciseID
  }
}
