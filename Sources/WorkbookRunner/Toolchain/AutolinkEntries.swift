// AutolinkEntries: the libraries an object file asks to be linked with,
// read from its `.swift1_autolink_entries` section: what
// `swift-autolink-extract` prints, without starting it (one process less
// per chapter program).
import WorkbookModel
import WorkbookSupport

enum AutolinkEntries {
  /// The section the Swift compiler writes linker flags into (ELF).
  static let sectionName = Array(".swift1_autolink_entries".utf8)

  /// The Swift runtime's libraries, in the order `swift-autolink-extract`
  /// (Swift 6.3) puts them after every other flag.
  static let runtimeLibraries = [
    "-lswiftSwiftOnoneSupport", "-lswiftCore", "-lswift_Concurrency", "-lswift_StringProcessing",
    "-lswift_RegexParser", "-lswiftGlibc", "-lBlocksRuntime", "-ldispatch", "-lswiftDispatch", "-lFoundation",
    "-lFoundationEssentials", "-lFoundationInternationalization", "-lm", "-lpthread", "-lutil", "-ldl",
  ]

  /// The linker flags in `object` (a 64-bit little-endian ELF relocatable
  /// file) as `swift-autolink-extract` lists them: the other flags in
  /// their order, then the runtime's libraries that occur, in
  /// `runtimeLibraries` order, each once. Nil when it is not such a file or
  /// is malformed (then `swift-autolink-extract` does the job).
  static func flags(in object: [UInt8]) -> [String]? {
    guard let entries = read(object) else { return nil }
    let runtime = Set(runtimeLibraries)
    return entries.filter { !runtime.contains($0) } + runtimeLibraries.filter { entries.contains($0) }
  }

  /// The entries of every autolink section, in order, each once.
  static func read(_ object: [UInt8]) -> [String]? {
    // ELF header: magic, ELFCLASS64, ELFDATA2LSB.
    guard object.count >= 64, object[0] == 0x7f, object[1] == 0x45, object[2] == 0x4c, object[3] == 0x46,
      object[4] == 2, object[5] == 1
    else { return nil }
    guard let headersOffset = integer(object, at: 0x28, size: 8),
      let headerSize = integer(object, at: 0x3a, size: 2),
      let headerCount = integer(object, at: 0x3c, size: 2),
      let namesIndex = integer(object, at: 0x3e, size: 2),
      headerSize >= 64, namesIndex < headerCount
    else { return nil }

    /// (name offset, file offset, size) of section `index`.
    func section(_ index: Int) -> (name: Int, offset: Int, size: Int)? {
      let base = headersOffset + index * headerSize
      guard let name = integer(object, at: base, size: 4), let offset = integer(object, at: base + 24, size: 8),
        let size = integer(object, at: base + 32, size: 8), offset <= object.count, size <= object.count - offset
      else { return nil }
      return (name, offset, size)
    }

    guard let names = section(namesIndex) else { return nil }
    var entries: [String] = []
    for index in 0..<headerCount {
      guard let header = section(index) else { return nil }
      let nameStart = names.offset + header.name
      guard header.name < names.size, nameStart + sectionName.count < object.count,
        object[nameStart..<(nameStart + sectionName.count)].elementsEqual(sectionName),
        object[nameStart + sectionName.count] == 0
      else { continue }
      for entry in object[header.offset..<(header.offset + header.size)].split(separator: 0) {
        let flag = String(decoding: entry, as: UTF8.self)
        if !entries.contains(flag) { entries.append(flag) }
      }
    }
    return entries
  }

  /// A little-endian unsigned integer of `size` bytes at `offset`.
  private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
    guard offset >= 0, offset + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for i in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + i]) }
    return value < UInt64(Int.max / 2) ? Int(value) : nil
  }
}
