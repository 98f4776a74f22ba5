// A book's device and Reduce Motion (`Chapters/site.json`: "device",
// "reduceMotion"): every snippet program's engine starts with them, the
// stage and `UIScreen.main` follow, the result cache and the JSON report
// state them, and an unknown device is refused, naming the file.
//
// Figures from Apple's Human Interface Guidelines, "Layout", device screen
// sizes: iPhone 15 393 × 852 pt @3x; iPhone SE (1st generation) 320 × 568 pt
// @2x (https://developer.apple.com/design/human-interface-guidelines/layout).
// `UIAccessibility.isReduceMotionEnabled`: "A Boolean value that indicates
// whether the Reduce Motion setting is in an enabled state"
// (https://developer.apple.com/documentation/uikit/uiaccessibility/isreducemotionenabled).
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct BookDeviceTests {
  static let chapter = """
    # Device

    ```swift
    import UIKit

    print(UIScreen.main.bounds.size, UIScreen.main.scale)
    let stage = Stage(UIViewController())
    print(stage.window.bounds.size)
    print("Reduce Motion:", UIAccessibility.isReduceMotionEnabled)
    ```

    ```output
    OUTPUT
    ```

    """

  /// On the package's own engine (the stand-in has no devices).
  static func options(_ book: String) -> Workspace.Configuration {
    Fixtures.packageEngineOptions(book: book)
  }

  /// A book with one chapter whose expected output is `output`.
  static func book(site: String?, output: String) throws -> String {
    let book = try Fixtures.temporaryDirectory() + "/Chapters"
    try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
    if let site { try site.write(toFile: book + "/site.json", atomically: true, encoding: .utf8) }
    try chapter.replacingOccurrences(of: "OUTPUT", with: output)
      .write(toFile: book + "/01-device.md", atomically: true, encoding: .utf8)
    return book
  }

  @Test func theBooksDeviceAndReduceMotionApplyToEverySnippetProgram() throws {
    let book = try Self.book(site: #"{"device": "iPhone 15", "reduceMotion": true}"#,
                             output: "(393.0, 852.0) 3.0\n(393.0, 852.0)\nReduce Motion: true")
    let report = try Fixtures.verify(book, configure: { $0 = Self.options($0.book) })
    #expect(report.findings == [], "\(report.findings.map(\.message))")
    #expect(report.chapters.first?.snippets.map(\.status) == [.passed])
  }

  @Test func withoutSettingsTheDeviceIsTheIPhoneSEAndReduceMotionIsOff() throws {
    let book = try Self.book(site: nil, output: "(320.0, 568.0) 2.0\n(320.0, 568.0)\nReduce Motion: false")
    let report = try Fixtures.verify(book, configure: { $0 = Self.options($0.book) })
    #expect(report.findings == [], "\(report.findings.map(\.message))")
  }

  @Test func anotherNameOfTheSameScreenIsAccepted() throws {
    let site = try JSONDecoder().decode(Book.SiteMetadata.self, from: Data(#"{"device": "iPhone 15 Pro"}"#.utf8))
    #expect(site.device == "iPhone 15 Pro")
    #expect(site.reduceMotion == false)
  }

  @Test func anUnknownDeviceIsRefusedNamingTheFileTheCatalogueAndTheNearestNames() throws {
    let book = try Self.book(site: #"{"device": "iPhone 15 Plsu"}"#, output: "")
    do {
      _ = try Fixtures.verify(book, configure: { $0 = Self.options($0.book) })
      Issue.record("verified a book whose device is unknown")
    } catch let error as VerifyError {
      guard case .siteSettingsUnreadable(let path, let reason) = error else {
        Issue.record("wrong error: \(error)")
        return
      }
      #expect(path == book + "/site.json")
      #expect(reason.contains("'device' is 'iPhone 15 Plsu'"), "\(reason)")
      #expect(reason.contains("'iPhone SE (1st generation)', 'iPhone 8', 'iPhone 14', 'iPhone 15', 'iPhone 15 Plus'"),
              "\(reason)")
      #expect(reason.contains("did you mean 'iPhone 15 Plus'"), "\(reason)")
    }
  }

  /// The workbook keeps the engine's device names (it does not link the
  /// engine): each is a name in the engine's catalogue.
  @Test func theCatalogueNamesAreTheEnginesNames() throws {
    let source = Fixtures.read(Fixtures.packageRoot + "/Sources/TransitionEngine/UIKit/Device.swift")
    for name in DeviceCatalogue.names {
      #expect(source.contains("\"\(name)\""), "\(name) is not in Device.swift")
    }
    let engineNames = source.matches(of: /name: "([^"]+)"/).map { String($0.output.1) }
    #expect(engineNames == DeviceCatalogue.devices)
  }

  @Test func theDeviceAndReduceMotionAreInTheResultCacheKey() {
    let base = ResultCacheKeyTests.key(ResultCacheKeyTests.base)
    var device = ResultCacheKeyTests.settings()
    device.device = "iPhone 15"
    #expect(ResultCacheKeyTests.key(ResultCacheKeyTests.base, settings: device) != base)
    var reduceMotion = ResultCacheKeyTests.settings()
    reduceMotion.reduceMotion = true
    #expect(ResultCacheKeyTests.key(ResultCacheKeyTests.base, settings: reduceMotion) != base)
  }

  // RELIABILITY-REVIEW-4 M1: `verify --shard` rebuilt the book from the
  // shard's chapters and dropped site.json: a shard ran on the iPhone SE,
  // passed a block that `verify` fails, failed one it passes, and
  // `--record` wrote the iPhone SE's width into a right block.
  @Test func aShardRunsOnTheBooksDeviceAsTheWholeBookDoes() throws {
    let iPhone15 = "(393.0, 852.0) 3.0\n(393.0, 852.0)\nReduce Motion: false"
    let book = try Self.book(site: #"{"device": "iPhone 15"}"#, output: iPhone15)
    let workspace = Workspace(Self.options(book))
    let loaded = try workspace.loadBook()
    let plan = try ShardPlan.make(book: loaded, shard: ShardPlan.Spec(index: 1, count: 1))
    // `verify --shard 1/1 --record`, as VerifyCommand runs it.
    var record = Verifier.Options()
    record.record = true
    let shard = try Verifier(options: record).verify(plan.select(loaded), in: workspace)
    #expect(shard.report.findings == [], "\(shard.report.findings.map(\.message))")
    #expect(ReportDocument(shard, plan: plan).device == "iPhone 15")
    #expect(Fixtures.read(book + "/01-device.md").contains(iPhone15), "the right block is left as it is")
    // The same verdict as the whole book's, both ways.
    #expect(try Verifier().verify(in: workspace).report.findings == [])
    try Self.chapter.replacingOccurrences(of: "OUTPUT", with: iPhone15.replacingOccurrences(of: "393.0", with: "320.0"))
      .write(toFile: book + "/01-device.md", atomically: true, encoding: .utf8)
    let wrong = try workspace.loadBook()
    #expect(try Verifier().verify(wrong, in: workspace).report.failed)
    #expect(try Verifier().verify(plan.select(wrong), in: workspace).report.failed)
  }

  // RELIABILITY-REVIEW-4 L7, L8: a valid number that is not 5 or 6 was "not
  // valid JSON", and a key given twice was read as its first value.
  @Test func siteJSONNamesAWrongNumberAndAKeyGivenTwice() throws {
    func reason(_ site: String) throws -> String? {
      try Book.load(try Self.book(site: site, output: "")).siteProblem?.reason
    }
    #expect(try reason(#"{"swiftLanguageMode": 6.5}"#) == "'swiftLanguageMode' is 6.5; it must be 5 or 6")
    #expect(try reason(#"{"swiftLanguageMode": 1e400}"#) == "'swiftLanguageMode' must be 5 or 6")
    #expect(try reason(#"{"swiftLanguageMode": 7}"#) == "'swiftLanguageMode' is 7; it must be 5 or 6")
    #expect(try reason(#"{"swiftLanguageMode": 6.0}"#) == nil)
    #expect(try reason(#"{"title": "\ud800"}"#) == "'title' has a value that is not allowed")
    #expect(try reason(#"{"swiftLanguageMode": 6"#) == "it is not valid JSON")
    #expect(try reason(#"{"swiftLanguageMode": 6, "swiftLanguageMode": 5}"#)
      == "the key 'swiftLanguageMode' appears twice in one object")
    #expect(try reason(#"{"device": "iPhone 8", "d\u0065vice": "iPhone 15"}"#) == "the key 'device' appears twice in one object")
    let book = try Self.book(site: #"{"reduceMotion": false, "reduceMotion": true}"#, output: "")
    #expect(throws: VerifyError.siteSettingsUnreadable(path: book + "/site.json",
                                                      reason: "the key 'reduceMotion' appears twice in one object")) {
      try Verifier().verify(in: Workspace(Self.options(book)))
    }
  }

  @Test func theJSONReportStatesTheDeviceAndReduceMotion() throws {
    let book = try Self.book(site: #"{"device": "iPhone 15", "reduceMotion": true}"#,
                             output: "(393.0, 852.0) 3.0\n(393.0, 852.0)\nReduce Motion: true")
    let verified = try Verifier().verify(in: Workspace(Self.options(book)))
    let document = ReportDocument(verified)
    #expect(document.device == "iPhone 15")
    #expect(document.reduceMotion == true)
    let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
    #expect(json.contains(#""device":"iPhone 15""#) && json.contains(#""reduceMotion":true"#), "\(json)")
  }
}
