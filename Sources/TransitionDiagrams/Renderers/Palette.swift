// FillPalette: which ASCII character fills which background colour, and
// the key line that says so ("fills: # systemBlue, . white").

import TransitionEngine

/// Chooses the character that fills each background colour.
///
/// Colours get characters in the order they first appear (back to front,
/// frame by frame), light colours from ``lightFills`` and the others from
/// ``darkFills``, so a white background stays quiet (`.`) and a blue card
/// stands out (`#`). ``pinned`` entries fix a colour's character, e.g. to
/// keep one colour's fill the same across a chapter's diagrams.
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

  /// `. : '` for light colours; `# = % @ & $ ~ ^ " ;` for the others. The
  /// book's most common colours keep one character in every figure (white
  /// `.`, black `=`, systemBlue `#`, systemRed `%`, systemGreen `@`), so
  /// frames printed apart read alike.
  public static let standard = FillPalette(
    pinned: [Entry(colorName: "white", character: "."), Entry(colorName: "black", character: "="),
             Entry(colorName: "systemBlue", character: "#"), Entry(colorName: "systemRed", character: "%"),
             Entry(colorName: "systemGreen", character: "@")],
    lightFills: [".", ":", "'"], darkFills: ["#", "=", "%", "@", "&", "$", "~", "^", "\"", ";"])

  /// Assigns characters to the fills of `captures`, in order of first appearance.
  ///
  /// - Complexity: O(*n*·*k*) for *n* layers and *k* distinct colours.
  public func assignment(for captures: [ScreenCapture]) -> FillAssignment {
    var assignment = FillAssignment(entries: [])
    var nextLight = 0, nextDark = 0
    let pinnedCharacters = pinned.map(\.character)
    let light = lightFills.filter { !pinnedCharacters.contains($0) }
    let dark = darkFills.filter { !pinnedCharacters.contains($0) }
    for capture in captures {
      for layer in capture.layers {
        guard let color = layer.fill else { continue }
        let name = color.displayName
        if assignment.entries.contains(where: { $0.colorName == name }) { continue }
        let character: Character
        if let pin = pinned.first(where: { $0.colorName == name }) {
          character = pin.character
        } else if Self.luminance(color) >= lightFrom {
          let pool = light.isEmpty ? lightFills : light
          character = pool[nextLight % pool.count]
          nextLight += 1
        } else {
          let pool = dark.isEmpty ? darkFills : dark
          character = pool[nextDark % pool.count]
          nextDark += 1
        }
        assignment.entries.append(Entry(colorName: name, character: character))
      }
    }
    return assignment
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
