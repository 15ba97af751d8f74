import Testing

@testable import LabBook

/// The book renders the exercises' READMEs; the maintainers' probe citations in them are HTML
/// comments, which a learner must not see there either.
@Suite("The lab book's Markdown")
struct LabBookMarkdownTests {
  @Test("HTML comments are dropped, inline or alone on a line, and a paragraph stays one")
  func dropsComments() {
    let html = Markdown.html(
      """
      The compiler refuses it<!-- probe: some-probe -->. Then
      <!-- probes: one, two -->
      it goes on.

      ```
      code <!-- kept in code -->
      ```
      """)
    #expect(!html.contains("probe"))
    #expect(html.contains("<p>The compiler refuses it. Then it goes on.</p>"))
    #expect(html.contains("code &lt;!-- kept in code --&gt;"))
  }
}
