// fidelity_lookup and engine_model on the package's ledger; verify_book and
// check_exercise on fixture books (the stand-in engine), which they must
// leave as they were; the resources.
import Foundation
import MCP
import Testing
import TestSupport
@testable import WorkbookMCP

@Suite struct LedgerToolTests {
  @Test func fidelityLookupGivesTheRowAUIKitNameTheEngineLacksAndTheNearestNames() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let row = try await connection.call("fidelity_lookup", ["symbol": "UIViewPropertyAnimator"])
    let answer = try #require(row.structuredContent?.objectValue)
    #expect(answer["match"] == "row")
    #expect(answer["row"]?.objectValue?["symbol"] == "UIViewPropertyAnimator")
    #expect(answer["row"]?.objectValue?["status"]?.stringValue?.isEmpty == false)
    #expect(Connection.text(row).hasPrefix("UIViewPropertyAnimator: "))

    let lacking = try await connection.call("fidelity_lookup", ["symbol": "UIDatePicker"])
    #expect(lacking.structuredContent?.objectValue?["match"] == "not-modelled")
    #expect(Connection.text(lacking).contains("does not model 'UIDatePicker'"))

    let typo = try await connection.call("fidelity_lookup", ["symbol": "UIViewPropertyAnimatr"])
    #expect(typo.structuredContent?.objectValue?["match"] == "unknown")
    #expect(typo.structuredContent?.objectValue?["suggestions"]?.arrayValue?.contains("UIViewPropertyAnimator") == true)
  }

  @Test func engineModelListsTopLevelRowsFilteredByStatusAndPrefix() async throws {
    let connection = try await Connection.open(try MCPFixtures.packageWorkspace())
    defer { Task { await connection.close() } }
    let all = try await connection.call("engine_model", [:])
    let rows = try #require(all.structuredContent?.objectValue?["rows"]?.arrayValue)
    #expect(rows.count > 20)
    #expect(rows.allSatisfy { !($0.objectValue?["symbol"]?.stringValue ?? ".").contains(".") })
    let chosen = try await connection.call("engine_model", ["status": "engine-choice", "prefix": "UIView", "members": true])
    let choices = try #require(chosen.structuredContent?.objectValue?["rows"]?.arrayValue)
    #expect(!choices.isEmpty)
    #expect(
      choices.allSatisfy {
        $0.objectValue?["status"] == "engine-choice" && $0.objectValue?["symbol"]?.stringValue?.hasPrefix("UIView") == true
      })
  }
}

@Suite struct BookToolTests {
  @Test func verifyBookReturnsTheVersionedReportAndNeverRecords() async throws {
    let (configuration, book) = try MCPFixtures.fixtureBook("mismatch")
    let chapter = book + "/01-diff.md"
    let before = TestPackage.read(chapter)
    let connection = try await Connection.open(configuration)
    defer { Task { await connection.close() } }
    let result = try await connection.call("verify_book", [:])
    let report = try #require(result.structuredContent?.objectValue)
    #expect(report["schemaVersion"] == 1)
    #expect(report["passed"] == false)
    #expect(report["chapters"]?.arrayValue?.count == 1)
    #expect(Connection.text(result).contains("01-diff.md"))
    #expect(TestPackage.read(chapter) == before)
  }

  @Test func checkExerciseChecksAnAttemptAndLeavesProgressAlone() async throws {
    let (configuration, book) = try MCPFixtures.fixtureBook("exercises")
    let connection = try await Connection.open(configuration)
    defer { Task { await connection.close() } }
    let wrong = try await connection.call(
      "check_exercise",
      [
        "exercise": "01/fade-out", "code": "import UIKit\nlet view = UIView()\nprint(view.alpha)\n",
      ])
    let answer = try #require(wrong.structuredContent?.objectValue)
    #expect(answer["outcome"] == "wrong-output", "\(Connection.text(wrong))")
    #expect(answer["showsStarterSymptom"] == true)
    let right = try await connection.call(
      "check_exercise",
      [
        "exercise": "01-exercise/fade-out", "code": "import UIKit\nlet view = UIView()\nview.alpha = 0\nprint(view.alpha)\n",
      ])
    #expect(right.structuredContent?.objectValue?["passed"] == true, "\(Connection.text(right))")
    let root = (book as NSString).deletingLastPathComponent
    #expect(!FileManager.default.fileExists(atPath: root + "/.workbook/progress.json"))
    #expect(!FileManager.default.fileExists(atPath: root + "/Exercises"))

    let unknown = try await connection.call("check_exercise", ["exercise": "01/fade-in", "code": ""])
    #expect(unknown.isError == true)
  }
}

@Suite struct ResourceTests {
  @Test func chaptersGuidesAndFilmsAreListedAndReadByNameOnly() async throws {
    let (configuration, _) = try MCPFixtures.fixtureBook("passing")
    let connection = try await Connection.open(configuration)
    defer { Task { await connection.close() } }
    let resources = try await connection.client.listResources().resources
    let uris = Set(resources.map(\.uri))
    #expect(uris.contains("workbook://guides/Stage.md"))
    #expect(uris.contains("workbook://guides/TransitionTesting.md"))
    #expect(uris.contains("workbook://guides/Fidelity.md"))
    let chapter = try #require(resources.first { $0.uri.hasPrefix("workbook://chapters/") })
    let text = try await connection.client.readResource(uri: chapter.uri)
    #expect(text.first?.text?.hasPrefix("# ") == true)
    let films = try await connection.client.readResource(uri: chapter.uri.replacingOccurrences(of: "chapters", with: "films"))
    let object = try JSONDecoder().decode([String: Value].self, from: Data((films.first?.text ?? "").utf8))
    #expect(object["films"]?.arrayValue != nil)
    let guide = try await connection.client.readResource(uri: "workbook://guides/Stage.md")
    #expect(guide.first?.text?.contains("Stage") == true)

    for uri in [
      "workbook://chapters/../../Package.swift", "workbook://guides/../Package.swift", "workbook://guides/Security.md",
      "file:///etc/passwd",
    ] {
      await #expect(throws: MCPError.self, "\(uri)") { try await connection.client.readResource(uri: uri) }
    }
  }
}
