/// Small helpers to write HTML by hand: escaping, and the page every book page shares.
enum HTML {
  /// `text` with the characters HTML gives meaning to escaped.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// A whole page: the style sheet inline, no script, no link outside the book.
  static func page(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escape(title)) · Swift Concurrency Lab</title>
    <style>\(styleSheet)</style>
    </head>
    <body>
    <nav><a href="index.html">Swift Concurrency Lab · the lab book</a></nav>
    <main>
    \(body)
    </main>
    </body>
    </html>

    """
  }

  static let styleSheet = """
    body { font: 17px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0;
      color: #1d1d1f; background: #fff; }
    nav { background: #1d1d1f; padding: .6em 1.5em; }
    nav a { color: #fff; text-decoration: none; font-weight: 600; }
    main { max-width: 72em; margin: 0 auto; padding: 1em 1.5em 3em; }
    h1 { font-size: 1.8em; margin-bottom: .2em; }
    h2 { margin-top: 1.6em; border-bottom: 1px solid #ddd; }
    code, pre { font: 14px/1.4 Menlo, Consolas, "DejaVu Sans Mono", monospace; }
    pre { background: #f5f5f7; padding: .8em 1em; overflow-x: auto; border-radius: 6px; }
    /* Code excerpts wrap rather than clip: on paper there is no scrolling. */
    pre.excerpt { white-space: pre-wrap; overflow-wrap: anywhere; }
    pre .hit { background: #ffe0e0; display: inline-block; min-width: 100%; }
    .after-code pre .hit { background: #e3f5e8; }
    .symptom { color: #b00020; font-weight: 600; font-size: 1.1em; }
    .tool-detail { color: #6e6e73; font-size: .9em; }
    .fixed { color: #1b7f3b; font-weight: 600; }
    .key { background: #f5f5f7; border-radius: 6px; padding: .6em 1em; margin: 1em 0; }
    .race-word { color: #c4001a; font-weight: 600; }
    .safe-word { color: #1b7f3b; font-weight: 600; }
    .pager { display: flex; justify-content: space-between; gap: 1em; }
    .pager a[href="index.html"] { white-space: nowrap; }
    figure { margin: 1em 0; }
    figcaption { font-weight: 600; margin-bottom: .3em; }
    /* A diagram scales down to the page, never up: its labels stay written out. */
    svg.lanes { background: #fbfbfd; border: 1px solid #e5e5ea; border-radius: 6px;
      max-width: 100%; height: auto; }
    @media print { nav { display: none; } main { max-width: none; padding: 0; }
      svg.lanes, pre, .key { break-inside: avoid; } }
    table { border-collapse: collapse; }
    td, th { padding: .2em .8em .2em 0; text-align: left; vertical-align: top; }
    .dim { color: #6e6e73; }
    """
}
