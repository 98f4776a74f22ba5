// SiteMetadata: the book's `site.json`, read with the book (`Book.load`) so
// that the site builder and serve read no file of their own.
import Foundation
import WorkbookSupport

extension Book {
  /// `<book>/site.json`: `{"title": "…", "rawHTML": false, "command": "workbook",
  /// "exerciseCommand": "… {chapter}/{id}", "swiftLanguageMode": 6,
  /// "device": "iPhone 15", "reduceMotion": false}`.
  /// Every key may be missing; a book without the file has the defaults.
  public struct SiteMetadata: Decodable, Hashable, Sendable {
    /// The book's title, on every page.
    public var title = "Transition Workbook"
    /// Pass raw HTML in chapters through (GFM's tag filter still applies).
    public var rawHTML = false
    /// How the book's readers run the tool, in the commands its pages show:
    /// the installed `workbook`, or `swift run workbook` in the tool's own
    /// repository.
    public var command = "workbook"
    /// The terminal command that opens an exercise; `{chapter}` is its
    /// chapter's file name without `.md`, `{id}` its ID. Default: `command`
    /// followed by ` step {chapter}/{id}`.
    public var exerciseCommand = "workbook step {chapter}/{id}"
    /// The Swift language mode every snippet program is compiled in
    /// (`"swiftLanguageMode"`: 5 or 6; default 5).
    public var swiftLanguageMode = SwiftLanguageMode.v5
    /// The device every snippet program's engine starts on (`"device"`, one
    /// of `DeviceCatalogue.names`); nil: the engine's default, the iPhone SE
    /// (1st generation).
    public var device: String?
    /// Whether Settings ▸ Accessibility ▸ Reduce Motion is on when every
    /// snippet program starts (`"reduceMotion"`; default false).
    public var reduceMotion = false

    public init() {}

    public init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      /// The value at `key`, if present. A value JSONDecoder cannot hold
      /// (6.5 for a whole number, a lone surrogate in a string) throws its
      /// own error here, which `decode` would turn into "not valid JSON" at
      /// no key: it is made a `DecodingError` at the key.
      func value<T: Decodable>(_ type: T.Type, _ key: CodingKeys) throws -> T? {
        do {
          return try c.decodeIfPresent(type, forKey: key)
        } catch let error as DecodingError {
          throw error
        } catch {
          throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "\(error)"))
        }
      }
      title = try value(String.self, .title) ?? title
      rawHTML = try value(Bool.self, .rawHTML) ?? rawHTML
      command = try value(String.self, .command) ?? command
      exerciseCommand = try value(String.self, .exerciseCommand) ?? command + " step {chapter}/{id}"
      do {
        if let mode = try value(Int.self, .swiftLanguageMode) {
          guard let known = SwiftLanguageMode(rawValue: mode) else { throw UnknownLanguageMode(value: "\(mode)") }
          swiftLanguageMode = known
        }
      } catch DecodingError.dataCorrupted {
        // A number, but not a whole one an Int holds (6.5, 1e30).
        throw UnknownLanguageMode(value: (try? c.decode(Double.self, forKey: .swiftLanguageMode)).map { "\($0)" })
      }
      if let name = try value(String.self, .device) {
        guard DeviceCatalogue.names.contains(name) else { throw UnknownDevice(name: name) }
        device = name
      }
      reduceMotion = try value(Bool.self, .reduceMotion) ?? reduceMotion
    }

    enum CodingKeys: String, CodingKey {
      case title, rawHTML, command, exerciseCommand, swiftLanguageMode, device, reduceMotion
    }

    /// A `device` the engine's catalogue does not have.
    struct UnknownDevice: Error {
      var name: String
      var sentence: String {
        let list = DeviceCatalogue.devices.map { "'\($0)'" }.joined(separator: ", ")
        return "'device' is '\(name)', which the engine does not have; its devices are \(list) "
          + "(and other names of the same screens)"
          + NameSuggestions.sentence(NameSuggestions.closest(to: name, among: DeviceCatalogue.names))
      }
    }

    /// A `swiftLanguageMode` number other than 5 or 6.
    struct UnknownLanguageMode: Error {
      /// The number as read; nil when no Double holds it either.
      var value: String?
      var sentence: String { (value.map { "'swiftLanguageMode' is \($0); it" } ?? "'swiftLanguageMode'") + " must be 5 or 6" }
    }

    /// The file's name in the book folder.
    public static let fileName = "site.json"

    /// `site.json` that could not be read: the site is not built from it
    /// (verify, which does not need it, carries on).
    public struct Problem: Error, Hashable, Sendable {
      /// The file (absolute).
      public var path: String
      /// Why, as a sentence.
      public var reason: String
    }

    /// Reads `<book>/site.json`; no file gives the defaults. A key given
    /// twice in one object is a problem: JSONDecoder would keep the first
    /// without a word, where most readers of the file take the last.
    package static func load(book: String) -> Result<SiteMetadata, Problem> {
      let path = book + "/" + fileName
      guard let data = FileManager.default.contents(atPath: path) else { return .success(SiteMetadata()) }
      let site: SiteMetadata
      do { site = try JSONDecoder().decode(SiteMetadata.self, from: data) } catch let error as UnknownLanguageMode {
        return .failure(Problem(path: path, reason: error.sentence))
      } catch let error as UnknownDevice {
        return .failure(Problem(path: path, reason: error.sentence))
      } catch {
        return .failure(Problem(path: path, reason: DecodingProblem.sentence(error)))
      }
      if let duplicate = JSONDuplicateKey.problem(in: Array(data)) { return .failure(Problem(path: path, reason: duplicate)) }
      return .success(site)
    }
  }
}

/// The Swift language mode snippet programs are compiled in (`-swift-version`).
/// In 6, the engine's UIKit is main-actor isolated as the iOS SDK declares
/// it, so code that iOS rejects for isolation is rejected here too
/// (Guides/TransitionEngine.md, "Isolation").
public enum SwiftLanguageMode: Int, Codable, Hashable, Sendable, CaseIterable {
  case v5 = 5
  case v6 = 6

  /// The compiler's flag: `-swift-version 5` or `-swift-version 6`.
  package var compilerFlags: [String] { ["-swift-version", String(rawValue)] }
}

/// The names of the devices the engine models (`Device.all` and
/// `Device.aliases` in Sources/TransitionEngine/UIKit/Device.swift; the
/// workbook does not link the engine, so the names are kept here too, and
/// `DeviceCatalogueTests` checks the two agree).
public enum DeviceCatalogue {
  /// The catalogue's devices, as the errors list them.
  public static let devices = [
    "iPhone SE (1st generation)", "iPhone 8", "iPhone 14", "iPhone 15", "iPhone 15 Plus",
  ]

  /// Every name a book may give: the devices, then other names of the same screens.
  public static let names = devices + [
    "iPhone SE", "iPhone 5s", "iPhone SE (2nd generation)", "iPhone SE (3rd generation)",
    "iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14 Pro", "iPhone 15 Pro",
    "iPhone 16", "iPhone 14 Pro Max", "iPhone 15 Pro Max",
  ]
}
