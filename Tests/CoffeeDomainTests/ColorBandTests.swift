import CoffeeDomain
import Testing

/// Checks both `ColorBand` initializers at and around their boundaries: a dose under 200 mg is
/// green, under 400 mg yellow, else red; under 3 cups green, under 5 yellow, else red.
@Suite("Colour bands")
struct ColorBandTests {
  @Test(
    "Band for a caffeine dose",
    arguments: [
      (0, ColorBand.green),
      (199.9, .green),
      (200, .yellow),
      (399.9, .yellow),
      (400, .red),
      (1000, .red),
    ])
  func dose(mg: Double, expected: ColorBand) {
    #expect(ColorBand(mgCaffeine: mg) == expected)
  }

  @Test(
    "Band for a number of equivalent cups",
    arguments: [
      (0, ColorBand.green),
      (2.99, .green),
      (3, .yellow),
      (4.99, .yellow),
      (5, .red),
      (12, .red),
    ])
  func cups(cups: Double, expected: ColorBand) {
    #expect(ColorBand(equivalentCups: cups) == expected)
  }
}
