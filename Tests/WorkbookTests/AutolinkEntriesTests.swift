// Issue 16: the linker flags of a chapter program's object are read from
// the object itself (no swift-autolink-extract process); they must be the
// flags that tool prints.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct AutolinkEntriesTests {
  #if os(Linux)
  @Test func theFlagsAreTheOnesSwiftAutolinkExtractPrints() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let toolchain = try Toolchain.locate(cacheDirectory: folder + "/cache")
    let objectFile = try Fixtures.compileObject(
      "import Foundation\nprint(String(format: \"%.2f\", 1.5), Date.distantPast < Date())\n",
      in: folder, toolchain: toolchain)
    let extract = try ChildProcess.run(toolchain.autolinkExtract, [objectFile, "-o", folder + "/main.autolink"],
                                       timeout: 600)
    #expect(extract.termination == .exited(0))
    let expected = Fixtures.read(folder + "/main.autolink").split(separator: "\n").map(String.init)
    let object = try #require(Files.read(objectFile))
    let flags = try #require(AutolinkEntries.flags(in: object))
    #expect(flags.contains("-lFoundation"))
    #expect(flags == expected)
  }
  #endif

  @Test func whatIsNotAnELFObjectIsLeftToTheTool() {
    #expect(AutolinkEntries.flags(in: Array("#!/bin/sh\necho not an object\n".utf8)) == nil)
    #expect(AutolinkEntries.flags(in: []) == nil)
    // An ELF header whose section table lies beyond the file.
    var truncated = [UInt8](repeating: 0, count: 64)
    truncated[0...5] = [0x7f, 0x45, 0x4c, 0x46, 2, 1]
    truncated[0x28] = 0xff
    truncated[0x3a] = 64
    truncated[0x3c] = 3
    #expect(AutolinkEntries.flags(in: truncated) == nil)
  }
}
