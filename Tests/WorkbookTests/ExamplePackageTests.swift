// The example app package (Examples/TransitionTestingExample), tested as an
// app's Linux CI would test it: its own `swift test`, in its own folder,
// against this package by path, with golden files compared and never
// recorded. Part of `swift test` so that the README's test command covers
// the TransitionTesting library as its users meet it.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct ExamplePackageTests {
  @Test func theExampleAppsTransitionTestsPass() throws {
    let example = Fixtures.packageRoot + "/Examples/TransitionTestingExample"
    let run = try InstalledToolTests.run(
      "/usr/bin/env", ["swift", "test"], in: example,
      environment: ["CI": "true", "TRANSITION_TESTING_RECORD": "never"])
    #expect(run.status == 0, "\(run.output.suffix(4000))")
    // Both libraries ran: Swift Testing's summary and XCTest's.
    #expect(run.output.contains("Test run with"), "\(run.output.suffix(2000))")
    #expect(!run.output.contains("failed"), "\(run.output.suffix(4000))")
  }
}
