// FillPalette: which ASCII character fills which background colour, and
// the key line that says so ("fills: # systemBlue, . white").

import TransitionEngine

/// Chooses the character that fills each background colour.
///
/// A colour's character is a function of the colour, not of the order in
/// which a figure draws it, so the expected and the actual diagram of a
/// failing snippet fill the same colour alike. ``pinned`` colours (the
/// book's: white `.`, systemBlue `#`, …) always get their character; any
/// other colour gets one from ``lightFills`` or ``darkFills`` (light or
/// not, so a white background stays quiet and a blue card stands out),
/// chosen by a hash of its name, the next free one when two colours of the
/// same figure hash alike (the colours taken in order of their names).
///
/// ```swift
/// let fills = FillPalette.standard.assignment(for: [capture])
/// fills.keyLine   // "fills: . white, # systemBlue"
///
/// (A frame's key lists only the fills that can be seen, in reading order.)
/// ```
public struct FillPalette: Equatable, Sendable {
  /// A fixed character for a colour, by its display name.
  public struct Entry: Equatable, Sendable {
    /// ``CapturedColor/displayName``: the UIKit name or `#RRGGBB`.
    public var colorName: String
    /// The fill character (ASCII, not a letter or digit).
    public var character: Character

    /// Fixes `character` for the colour named `colorName`.
    public init(colorName: String, character: Character) {
      self.colorName = colorName
      self.character = character
    }
  }

  /// Colours with a fixed character.
  public var pinned: [Entry]
  /// Characters for light colours, in the order they are handed out.
  public var lightFills: [Character]
  /// Characters for the other colours, in the order they are handed out.
  public var darkFills: [Character]
  /// The relative luminance (0…1) from which a colour counts as light.
  public var lightFrom: Double

  /// Creates a palette.
  ///
  /// - Parameters:
  ///   - pinned: Colours with a fixed character; their characters are not handed out to others.
  ///   - lightFills: Characters for light colours, in order (then again from the start).
  ///   - darkFills: Characters for the other colours, in order (then again from the start).
  ///   - lightFrom: The relative luminance from which a colour counts as light.
  public init(pinned: [Entry] = [], lightFills: [Character], darkFills: [Character], lightFrom: Double = 0.8) {
    precondition(!lightFills.isEmpty && !darkFills.isEmpty, "A palette needs at least one light and one dark fill")
    for c in lightFills + darkFills + pinned.map(\.character) {
      precondition(c.isASCII && !c.isLetter && !c.isNumber && c != " ",
                   "Fill '\(c)' must be an ASCII mark that is not a letter, a digit or a space")
    }
    self.pinned = pinned
    self.lightFills = lightFills
    self.darkFills = darkFills
    self.lightFrom = lightFrom
  }

  /// `. : '`, a backquote and `_` for light colours; `# = % @ & $ ~ ^ " ;` for the others.
  /// The colours the book uses keep one character in every figure, so
  /// frames printed apart, and an expected and an actual frame, read alike:
  /// white `.`, systemGray6 `:`, secondarySystemBackground `'`,
  /// systemBackground a backquote; black `=`, systemBlue `#`, systemRed `%`,
  /// systemGreen `@`, systemTeal `&`, systemIndigo `$`, systemYellow `~`,
  /// systemOrange `^`. Other colours get `_` (light) or `"` and `;`
  /// (dark), by a hash of their names.
  public static let standard = FillPalette(
    pinned: [Entry(colorName: "white", character: "."), Entry(colorName: "systemGray6", character: ":"),
             Entry(colorName: "secondarySystemBackground", character: "'"),
             Entry(colorName: "systemBackground", character: "`"),
             Entry(colorName: "black", character: "="), Entry(colorName: "systemBlue", character: "#"),
             Entry(colorName: "systemRed", character: "%"), Entry(colorName: "systemGreen", character: "@"),
             Entry(colorName: "systemTeal", character: "&"), Entry(colorName: "systemIndigo", character: "$"),
             Entry(colorName: "systemYellow", character: "~"), Entry(colorName: "systemOrange", character: "^")],
    lightFills: [".", ":", "'", "`", "_"], darkFills: ["#", "=", "%", "@", "&", "$", "~", "^", "\"", ";"])

  /// Assigns characters to the fills of `captures`: pinned colours their
  /// own, the others by a hash of their names (see ``FillPalette``). The
  /// entries are in order of first appearance (back to front, frame by frame).
  ///
  /// - Complexity: O(*n*·*k*) for *n* layers and *k* distinct colours.
  public func assignment(for captures: [ScreenCapture]) -> FillAssignment {
    // The colours, in order of first appearance.
    var colors: [CapturedColor] = []
    for capture in captures {
      for layer in capture.layers {
        guard let color = layer.fill, !colors.contains(where: { $0.displayName == color.displayName }) else { continue }
        colors.append(color)
      }
    }
    let pinnedCharacters = pinned.map(\.character)
    var characters: [String: Character] = [:]
    for color in colors {
      if let pin = pinned.first(where: { $0.colorName == color.displayName }) { characters[color.displayName] = pin.character }
    }
    // The others, in order of their names: the character their hash picks,
    // or the next one that no other colour of these captures has.
    var taken = Set(characters.values)
    let others = colors.filter { characters[$0.displayName] == nil }.sorted { $0.displayName < $1.displayName }
    for color in others {
      let name = color.displayName
      let fills = Self.luminance(color) >= lightFrom ? lightFills : darkFills
      let free = fills.filter { !pinnedCharacters.contains($0) }
      let pool = free.isEmpty ? fills : free
      let start = Int(Self.stableHash(name) % UInt64(pool.count))
      let rotated = (0..<pool.count).map { pool[(start + $0) % pool.count] }
      let character = rotated.first { !taken.contains($0) } ?? rotated[0]
      characters[name] = character
      taken.insert(character)
    }
    return FillAssignment(entries: colors.map { Entry(colorName: $0.displayName, character: characters[$0.displayName]!) })
  }

  /// FNV-1a of the name's UTF-8 bytes: the same on every machine and run
  /// (Swift's `hashValue` is seeded per process).
  static func stableHash(_ name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// Relative luminance of the sRGB components (Rec. 709 weights, no gamma).
  static func luminance(_ c: CapturedColor) -> Double {
    0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
  }
}

/// The characters chosen for the colours of some captures.
public struct FillAssignment: Equatable, Sendable {
  /// Colour names and their characters, in order of first appearance.
  public var entries: [FillPalette.Entry]

  /// Creates an assignment from its entries.
  public init(entries: [FillPalette.Entry]) { self.entries = entries }

  /// The character that fills `color` (`?` for a colour not assigned).
  public func character(for color: CapturedColor) -> Character {
    let name = color.displayName
    return entries.first(where: { $0.colorName == name })?.character ?? "?"
  }

  /// "fills: # systemBlue, . white", or nil when nothing is filled.
  public var keyLine: String? {
    entries.isEmpty ? nil : "fills: " + entries.map { "\($0.character) \($0.colorName)" }.joined(separator: ", ")
  }
}
