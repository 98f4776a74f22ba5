// Inside WorkbookCore, the public types nested in `Chapter` and `Finding`
// go by their short names; other modules write `Chapter.Snippet`,
// `Finding.Kind`, … (the public surface keeps few top-level names).

typealias Snippet = Chapter.Snippet
typealias SnippetKind = Chapter.Snippet.Kind
typealias OutputBlock = Chapter.OutputBlock
typealias Severity = Finding.Severity
typealias FindingKind = Finding.Kind
