// The literal finder: which literals of snippet code a program reads from
// its table (LiteralTable), and the skeleton that stays the same when only
// their values change. Literal kinds and positions follow The Swift
// Programming Language's "Lexical Structure" (literals; a negative number
// is the prefix operator `-` applied to a literal) and "Patterns"
// (expression patterns in `case`).
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct LiteralFinderTests {
  static func values(_ code: String) -> [String] {
    LiteralFinder.literals(in: code).map(\.value)
  }

  @Test func numbersBooleansAndStringsInExpressionsAreTabled() {
    let found = LiteralFinder.literals(in: """
      let a = 1
      let b = 0.5
      let c = true
      let d = "hello"
      let e = 0x1F + 1_000
      """)
    #expect(found.map(\.kind) == [.integer, .float, .boolean, .string, .integer, .integer])
    #expect(found.map(\.value) == ["1", "0.5", "true", "hello", "0x1F", "1_000"])
  }

  @Test func aNegativeNumberIsTheMinusAndTheLiteral() {
    #expect(Self.values("let x: Int8 = -128") == ["-128"])
    #expect(Self.values("let y = -0.25") == ["-0.25"])
    // A binary minus is an operator between two expressions.
    #expect(Self.values("let z = a - 1") == ["1"])
    #expect(Self.values("let w = -(2)") == ["2"])
  }

  @Test func patternsAndCaseLabelsStayCode() {
    #expect(Self.values("""
      switch x {
      case 0.5: break
      case 1...3: break
      default: break
      }
      """) == [])
    #expect(Self.values("if case 1 = y { }") == [])
  }

  @Test func attributesMacrosAndDirectivesStayCode() {
    #expect(Self.values("@available(iOS, introduced: 13.0, message: \"old\") func f() {}") == [])
    #expect(Self.values("#warning(\"to do\")") == [])
    #expect(Self.values("#sourceLocation(file: \"a.md\", line: 12)") == [])
    #expect(Self.values("""
      #if swift(>=5.9)
      let v = 2
      #endif
      """) == ["2"])
  }

  @Test func rawValuesGenericArgumentsAndKeyPathsStayCode() {
    #expect(Self.values("enum E: Int { case a = 1, b = 2 }") == [])
    #expect(Self.values("let k = \\Grid.rows[0]") == [])
    #expect(Self.values("let f: Vector<3, Int> = v") == [])
  }

  @Test func aLoopConditionStaysCode() {
    // `while true` tells the compiler the loop never ends by itself.
    #expect(Self.values("while true { break }") == [])
    #expect(Self.values("repeat { } while false") == [])
    #expect(Self.values("if true, x { }") == [])
    #expect(Self.values("let flag = x && true") == ["true"])
  }

  @Test func anInterpolatedStringIsCodeWithWhatIsInIt() {
    #expect(Self.values(#"print("width \(card.width + 1.5) points")"#) == [])
    #expect(Self.values(#"print("width", 1.5)"#) == ["width", "1.5"])
  }

  @Test func aOneCharacterStringStaysCode() {
    // It may be a Character or a Unicode.Scalar, which a string cannot give.
    #expect(Self.values(#"let c: Character = "a""#) == [])
    #expect(Self.values(#"let s = """#) == [""])
  }

  @Test func theSnippetMarkersIndexStaysCode() {
    #expect(Self.values(ProgramBuilder.markerCall(3) + "let x = 4\n") == ["4"])
  }

  @Test func defaultArgumentValuesAreTabled() {
    #expect(Self.values("func f(x: Double = 0.5) {}") == ["0.5"])
  }

  @Test func aMultilineStringsValueAndItsLines() {
    let code = "let s = \"\"\"\n  one\n    two\n  \"\"\"\nprint(s)\n"
    let (skeleton, table) = LiteralTable.tabling(code)
    // The closing delimiter's indentation is removed from every line.
    #expect(table.entries.map(\.value) == ["one\n  two"])
    // Every line stays on its line: the read keeps the literal's line breaks.
    #expect(skeleton.split(separator: "\n", omittingEmptySubsequences: false).count
              == code.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(skeleton.split(separator: "\n", omittingEmptySubsequences: false)[4] == "print(s)")
  }

  @Test func aRawStringsValueKeepsItsBackslashes() {
    #expect(Self.values(##"let r = #"a\nb"#"##) == [#"a\nb"#])
    #expect(Self.values(##"let r = #"a\#(x)b"#"##) == [])
  }

  @Test func theSkeletonIsTheSameWhenOnlyValuesChange() {
    let (one, oneTable) = LiteralTable.tabling("view.alpha = 0.4\nlet n = 3\nlet t = \"Fade\"\n")
    let (two, twoTable) = LiteralTable.tabling("view.alpha = 0.85\nlet n = 12\nlet t = \"Slide in\"\n")
    #expect(one == two)
    #expect(oneTable != twoTable)
    #expect(one == """
      view.alpha = WorkbookPrelude.__workbookFloat(0, 0.0)
      let n = WorkbookPrelude.__workbookInteger(1, 0)
      let t = WorkbookPrelude.__workbookString(2, "")

      """)
  }

  @Test func aChangedKindIsADifferentSkeleton() {
    #expect(LiteralTable.tabling("let x = 1").skeleton != LiteralTable.tabling("let x = 1.5").skeleton)
    #expect(LiteralTable.tabling("let x = 1").skeleton != LiteralTable.tabling("let x = x").skeleton)
  }

  @Test func theTableFileHoldsEachValuesLengthThenItsBytes() {
    let table = LiteralTable(entries: [.init(kind: .string, value: "a\nb"), .init(kind: .integer, value: "-3")])
    #expect(String(decoding: table.fileContents, as: UTF8.self) == "3\na\nb\n2\n-3\n")
  }
}
