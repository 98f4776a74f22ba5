// Visual effects: blur and vibrancy (motion effects are in
// UIMotionEffect.swift).
//
// The engine draws no blur and no vibrancy: a visual effect view is a plain
// view in diagrams, its `effect` a value it keeps. Fade the view's `alpha`
// for an animation the engine can show.

/// A visual effect (the base of blur and vibrancy).
@MainActor @preconcurrency
open class UIVisualEffect: NSObject {}

/// A blur. The engine draws no blur: diagrams show the view's frame only.
@MainActor @preconcurrency
open class UIBlurEffect: UIVisualEffect {
  /// The blur styles (UIKit's raw values; `extraDark` is tvOS-only in UIKit).
  public enum Style: Int, Sendable {
    case extraLight, light, dark, extraDark, regular, prominent
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight
    case systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark
    case systemChromeMaterialDark
  }

  /// The style this effect blurs with.
  public let style: Style

  public init(style: Style) {
    self.style = style
    super.init()
  }
}

/// The vibrancy of content over a blur (iOS 13's styles; UIKit's raw values).
public enum UIVibrancyEffectStyle: Int, Sendable {
  case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// Vibrancy for content placed over a blur. The engine draws none.
@MainActor @preconcurrency
open class UIVibrancyEffect: UIVisualEffect {
  /// The blur the vibrancy is made for.
  public let blurEffect: UIBlurEffect
  /// The vibrancy style, if one was given (iOS 13).
  public let style: UIVibrancyEffectStyle?

  /// Vibrancy for a blur.
  public init(blurEffect: UIBlurEffect) {
    self.blurEffect = blurEffect
    style = nil
    super.init()
  }

  /// Vibrancy of a style for a blur (iOS 13).
  public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
    self.blurEffect = blurEffect
    self.style = style
    super.init()
  }
}

/// A view that applies a visual effect to what is behind it.
///
/// `effect` is a plain property: setting it inside an animation block (the
/// classic way to fade a blur in) changes it at once, since the engine has
/// no blur to interpolate. Subviews belong in `contentView`, which always
/// fills the view.
@MainActor @preconcurrency
open class UIVisualEffectView: UIView {
  /// The effect, or `nil` for none.
  open var effect: UIVisualEffect? {
    didSet { noteEffect() }
  }
  /// Where subviews go; it fills the effect view.
  public let contentView = UIView()

  /// A view with an effect (or none).
  public init(effect: UIVisualEffect?) {
    self.effect = effect
    super.init(frame: .zero)
    installContentView()
    noteEffect()
  }

  private func noteEffect() {
    guard effect != nil else { return }
    Simulation.current.notModelled("UIVisualEffectView", instead: "no blur or vibrancy is drawn, and the effect does not animate")
  }

  /// A view with no effect: `UIVisualEffectView(frame:)`, and through it `UIVisualEffectView()`.
  public override init(frame: CGRect) {
    effect = nil
    super.init(frame: frame)
    installContentView()
  }

  public required init?(coder: NSCoder) { nil }

  private func installContentView() {
    contentView.frame = bounds
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(contentView)
  }

  open override var frame: CGRect {
    didSet { contentView.frame = bounds }
  }

  open override var bounds: CGRect {
    didSet { contentView.frame = bounds }
  }
}
