// A tiny stand-in for TransitionEngine, so that the verify tests do not
// depend on the real engine's API while it is being written.
@_exported import Foundation

public let transitionEngineVersion = "fixture"

open class UIView {
  public var frame: CGRect
  public var alpha: Double = 1
  public var subviews: [UIView] = []
  public init(frame: CGRect = .zero) { self.frame = frame }
  open func addSubview(_ view: UIView) { subviews.append(view) }
}

public enum UIViewPropertyAnimatorState { case inactive, active }

/// Traps inside the engine (for crash-location tests).
public func engineRequire(_ condition: Bool, _ message: String) {
  precondition(condition, message)
}

/// The published-diagram channel, as the real engine has it.
public struct PublishedDiagram: Codable {
  public var kind: String
  public var text: String
  public var framesJSON: String?
  public init(kind: String, text: String, framesJSON: String? = nil) {
    self.kind = kind
    self.text = text
    self.framesJSON = framesJSON
  }
}

public final class Simulation {
  public static let main = Simulation()
  private var published: [PublishedDiagram] = []
  public func publish(_ diagram: PublishedDiagram) { published.append(diagram) }
  public func takePublishedDiagrams() -> [PublishedDiagram] {
    defer { published = [] }
    return published
  }
}
