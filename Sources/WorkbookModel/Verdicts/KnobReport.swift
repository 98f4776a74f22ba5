// KnobReport: what a knob's snippet printed at each of its stops, for the
// site's slider (see Chapter.Knob). The written value's output is the
// snippet's verified one (its `SnippetReport`), so it is not repeated here.

/// A knob of a chapter and its snippet's output at each stop.
public struct KnobReport: Hashable, Sendable, Codable {
  /// The slider's label.
  public var name: String
  /// The snippet it drives (its index in the chapter).
  public var snippet: Int
  /// The Markdown line of the literal.
  public var line: Int
  /// The range's ends.
  public var low: Double
  public var high: Double
  /// The literal as written: the verified value.
  public var value: String
  /// Whether the literal is an integer literal (its values are whole numbers).
  public var wholeNumbers: Bool
  /// Where the literal is in the snippet's code, in UTF-16 code units (for
  /// `workbook serve`'s page, which runs the code with the exact value).
  public var start: Int
  public var length: Int
  /// The other values the program was run with, in increasing order.
  public var stops: [KnobReport.Stop]

  public init(name: String, snippet: Int, line: Int, low: Double, high: Double, value: String,
              wholeNumbers: Bool, start: Int, length: Int, stops: [KnobReport.Stop]) {
    self.name = name
    self.snippet = snippet
    self.line = line
    self.low = low
    self.high = high
    self.value = value
    self.wholeNumbers = wholeNumbers
    self.start = start
    self.length = length
    self.stops = stops
  }

  /// One run at a value other than the written one.
  public struct Stop: Hashable, Sendable, Codable {
    /// The literal the program ran with.
    public var value: String
    /// What the snippet printed.
    public var output: String
    /// The diagrams printed in it.
    public var diagrams: [DiagramRecord]

    public init(value: String, output: String, diagrams: [DiagramRecord]) {
      self.value = value
      self.output = output
      self.diagrams = diagrams
    }
  }
}
