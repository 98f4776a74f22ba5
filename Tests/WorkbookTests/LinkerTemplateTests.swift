// Issue 16: programs are linked by the linker clang would run (read once
// per toolchain from `clang -###`), not through clang's driver; what clang
// must expand (a response file) still goes through clang.
import Foundation
import Testing
@testable import WorkbookCore
@testable import WorkbookModel
@testable import WorkbookRunner
@testable import WorkbookSupport

@Suite struct LinkerTemplateTests {
  static let template = ["/tc/ld.lld", "-pie", "-o", LinkerTemplate.output, LinkerTemplate.object,
                         LinkerTemplate.autolink, "-L" + LinkerTemplate.engine, "-rpath", LinkerTemplate.engine]

  @Test func fillingInPutsEachProgramsPathsAndLibrariesInPlace() throws {
    let command = try #require(LinkerTemplate.fill(
      Self.template, object: "/w/program.o", autolink: ["-lFoundation", "-lswiftCore"],
      engineDirectory: "/cache/engine/abc", output: "/w/program"))
    #expect(command.executable == "/tc/ld.lld")
    #expect(command.arguments == ["-pie", "-o", "/w/program", "/w/program.o", "-lFoundation", "-lswiftCore",
                                  "-L/cache/engine/abc", "-rpath", "/cache/engine/abc"])
  }

  @Test func aResponseFileOrAnOddFlagIsLeftToClang() {
    for autolink in [["@/w/program.autolink"], ["-lm", "-framework"], ["-l"], ["-lfoo bar"]] {
      #expect(LinkerTemplate.fill(Self.template, object: "/o", autolink: autolink, engineDirectory: "/e",
                                  output: "/p") == nil, "\(autolink)")
    }
  }

  @Test func aTemplateNamingAFileThatIsGoneIsProbedAgain() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data().write(to: URL(fileURLWithPath: folder + "/crtbeginS.o"))
    try Data().write(to: URL(fileURLWithPath: folder + "/ld.lld"))
    let template = [folder + "/ld.lld", folder + "/crtbeginS.o", LinkerTemplate.object, "-L/no/such/folder",
                    LinkerTemplate.autolink, "-o", LinkerTemplate.output]
    #expect(LinkerTemplate.filesExist(template))
    #expect(LinkerTemplate.filesExist(nil))
    try FileManager.default.removeItem(atPath: folder + "/crtbeginS.o")
    #expect(!LinkerTemplate.filesExist(template))
  }

  @Test func quotedWordsReadClangsEscapes() {
    #expect(LinkerTemplate.quotedWords(#" "/a b/ld.lld" "-o" "x\"y\\z""#) == ["/a b/ld.lld", "-o", #"x"y\z"#])
    #expect(LinkerTemplate.quotedWords(#" "unterminated"#) == nil)
    #expect(LinkerTemplate.quotedWords("clang version 17") == nil)
    #expect(LinkerTemplate.quotedWords("") == nil)
  }

  #if os(Linux)
  /// A program linked from the template runs like one linked by clang.
  @Test func theTemplateLinksWhatClangLinks() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let toolchain = try Toolchain.locate(cacheDirectory: folder + "/cache")
    let template = try #require(toolchain.linkerTemplate, "clang -### gave no linker command this code reads")
    #expect(!template[0].hasSuffix("clang"))
    let objectFile = try Fixtures.compileObject(
      "import Foundation\nprint(String(format: \"%.2f\", 1.5), [3, 1, 2].sorted())\n", in: folder, toolchain: toolchain)
    let object = try #require(Files.read(objectFile))
    let autolink = try #require(AutolinkEntries.flags(in: object))
    // No engine libraries in this program: an empty folder stands in.
    try FileManager.default.createDirectory(atPath: folder + "/engine", withIntermediateDirectories: true)
    for library in ["TransitionEngine", "TransitionDiagrams", ProgramBuilder.preludeModuleName] {
      _ = try ChildProcess.run(toolchain.clang, ["-shared", "-o", folder + "/engine/lib\(library).so", "-x", "c", "/dev/null"],
                           timeout: 60)
    }
    let engine = EngineBuild(directory: folder + "/engine", identity: "-", wasBuilt: false, moduleCache: folder + "/modules")
    var outputs: [String] = []
    let direct = toolchain.linkCommand(object: objectFile, autolink: autolink, engine: engine,
                                       output: folder + "/direct")
    let throughClang = toolchain.linkArguments(object: objectFile, autolink: autolink,
                                               engineDirectory: engine.directory, output: folder + "/clang")
    let commands: [(name: String, executable: String, arguments: [String])] = [
      ("direct", direct.executable, direct.arguments), ("clang", toolchain.clang, throughClang),
    ]
    for (name, executable, arguments) in commands {
      let link = try ChildProcess.run(executable, arguments, timeout: 600)
      #expect(link.termination == .exited(0), "\(name): \(String(decoding: link.stderr, as: UTF8.self))")
      let run = try ChildProcess.run(folder + "/" + name, [], timeout: 60)
      outputs.append(String(decoding: run.stdout, as: UTF8.self))
    }
    #expect(outputs == ["1.50 [1, 2, 3]\n", "1.50 [1, 2, 3]\n"])
  }
  #endif
}
