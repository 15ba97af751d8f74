/// Numbers as a message says them to a person: a count with its noun in the right number, a
/// duration in the unit a person would use, caffeine with its unit.
public enum Wording {
  /// `1 write`, `2 writes`, `0 writes`; `plural` when it is not the noun with an `s`
  /// (`count(2, "published change")` needs none; `count(3, "query", plural: "queries")` does).
  public static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
  }

  /// A span of minutes as a person says it: `45 min`, `1 h`, `20 h`, `1 h 30 min`. A fraction
  /// of a minute stays (`0.5 min`), so that no value is shown as another.
  public static func duration(minutes: Double) -> String {
    let whole = minutes.rounded()
    guard whole == minutes, abs(minutes) >= 60 else {
      return (whole == minutes ? "\(Int(minutes))" : "\(minutes)") + " min"
    }
    let total = Int(abs(minutes))
    let sign = minutes < 0 ? "-" : ""
    let (hours, rest) = total.quotientAndRemainder(dividingBy: 60)
    return sign + "\(hours) h" + (rest == 0 ? "" : " \(rest) min")
  }

  /// Caffeine in milligrams, whole when it is whole: `96 mg`, `12.5 mg`.
  public static func caffeine(_ mg: Double) -> String {
    (mg.rounded() == mg ? "\(Int(mg))" : "\(mg)") + " mg"
  }

  /// Drinks by their caffeine: `2 drinks (96 mg, 128 mg)`, `1 drink (96 mg)`, `no drinks`.
  public static func drinks(_ amounts: [Double]) -> String {
    amounts.isEmpty
      ? "no drinks"
      : count(amounts.count, "drink") + " (" + amounts.map { caffeine($0) }.joined(separator: ", ")
        + ")"
  }
}
