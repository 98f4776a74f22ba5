// Trimming a line's spaces, tabs and carriage returns.

extension Substring {
  package func trimmingCharacters() -> String {
    var s = self
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return String(s)
  }
}
