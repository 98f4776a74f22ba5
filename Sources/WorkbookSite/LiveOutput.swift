// LiveOutput: a program's output with its films, as the site shows an
// output block — for `workbook serve`, which runs a snippet edited in the
// page and shows what it printed in place. The same markup as a chapter
// page's (text escaped, frames made script-safe), without the page around it.
import WorkbookModel

/// An output and the diagrams printed in it, as the site's markup.
package enum LiveOutput {
  /// `output` cut into plain runs (`<pre class="out">`) and the diagrams
  /// printed in it (`<figure class="diagram">`, with the player's frames).
  package static func html(output: String, diagrams: [DiagramRecord]) -> String {
    ChapterRenderer.outputBody(output, diagrams: diagrams, engineChoices: { _ in [] }).markup
  }
}
