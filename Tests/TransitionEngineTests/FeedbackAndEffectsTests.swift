import Testing
import TransitionEngine

// Haptic feedback generators, visual and motion effects, and endEditing:
// what UIKit documents that the engine can honour, and the trace entries
// that say what it cannot do.

@Suite("Feedback, effects and editing")
struct FeedbackAndEffectsTests {
  @Test func feedbackGeneratorsAreTracedAndDoNothingElse() {
    Simulation.run { simulation in
      let impact = UIImpactFeedbackGenerator(style: .heavy)
      impact.prepare()
      impact.impactOccurred()
      impact.impactOccurred(intensity: 0.5)
      let selection = UISelectionFeedbackGenerator()
      selection.selectionChanged()
      let notification = UINotificationFeedbackGenerator()
      notification.notificationOccurred(.success)
      let calls = simulation.trace.filter { $0.kind == .appCall }.map { "\($0.receiver) \($0.message)" }
      #expect(calls == [
        "UIImpactFeedbackGenerator(.heavy) prepare() [no haptics in the engine]",
        "UIImpactFeedbackGenerator(.heavy) impactOccurred() [no haptics in the engine]",
        "UIImpactFeedbackGenerator(.heavy) impactOccurred(intensity: 0.5) [no haptics in the engine]",
        "UISelectionFeedbackGenerator selectionChanged() [no haptics in the engine]",
        "UINotificationFeedbackGenerator notificationOccurred(.success) [no haptics in the engine]",
      ])
      #expect(simulation.isIdle, "nothing is scheduled")
    }
  }

  /// "Verified means modelled": a call whose effect the engine does not
  /// model is noted once per API, in the order first used, so that verify
  /// can say so at the snippet that made it.
  @Test func unmodelledCallsAreNotedOncePerAPI() {
    Simulation.run { simulation in
      var published: [String] = []
      simulation.onNotModelledUse = { published.append($0.symbol) }
      let impact = UIImpactFeedbackGenerator(style: .light)
      impact.impactOccurred()
      impact.impactOccurred()
      let view = UIView()
      view.accessibilityViewIsModal = false
      view.layer.setNeedsDisplay()
      UISelectionFeedbackGenerator().selectionChanged()
      let blur = UIVisualEffectView(effect: nil)
      blur.effect = UIBlurEffect(style: .regular)
      #expect(simulation.notModelledUses.map(\.symbol) == [
        "UIImpactFeedbackGenerator", "CALayer.setNeedsDisplay()", "UISelectionFeedbackGenerator", "UIVisualEffectView",
      ])
      #expect(published == simulation.notModelledUses.map(\.symbol))
      #expect(simulation.notModelledUses[0].instead.contains("no Taptic Engine"))
    }
  }

  @Test func feedbackStylesHaveUIKitsRawValues() {
    #expect(UIImpactFeedbackGenerator.FeedbackStyle.light.rawValue == 0)
    #expect(UIImpactFeedbackGenerator.FeedbackStyle.heavy.rawValue == 2)
    #expect(UIImpactFeedbackGenerator.FeedbackStyle.rigid.rawValue == 4)
    #expect(UINotificationFeedbackGenerator.FeedbackType.error.rawValue == 2)
  }

  @Test func visualEffectViewsKeepTheirContentViewFilled() {
    Simulation.run { _ in
      let plain = UIVisualEffectView()
      #expect(plain.effect == nil)
      let blur = UIBlurEffect(style: .systemThinMaterial)
      let dimming = UIVisualEffectView(effect: blur)
      #expect(dimming.effect === blur)
      dimming.frame = CGRect(x: 0, y: 0, width: 320, height: 568)
      #expect(dimming.contentView.superview === dimming)
      #expect(dimming.contentView.frame == dimming.bounds)
      let vibrancy = UIVibrancyEffect(blurEffect: blur)
      let label = UIVisualEffectView(effect: vibrancy)
      dimming.contentView.addSubview(label)
      #expect(vibrancy.blurEffect === blur)
      #expect(UIVibrancyEffect(blurEffect: blur, style: .secondaryLabel).style == .secondaryLabel)
      // UIBlurEffect.Style raw values.
      #expect(UIBlurEffect.Style.regular.rawValue == 4)
      #expect(UIBlurEffect.Style.systemChromeMaterialDark.rawValue == 20)
    }
  }

  @Test func interpolatingMotionEffectsMapTheOffsetOntoTheirRange() {
    let horizontal = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
    horizontal.minimumRelativeValue = -20
    horizontal.maximumRelativeValue = 20
    // Apple: the minimum is "the value returned when the viewer offset value along the given axis is -1",
    // the maximum when it is 1.
    #expect(horizontal.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: -1, vertical: 0))?["center.x"] as? CGFloat == -20)
    #expect(horizontal.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: 0.5))?["center.x"] as? CGFloat == 20)
    #expect(horizontal.keyPathsAndRelativeValues(forViewerOffset: .zero)?["center.x"] as? CGFloat == 0)
    let vertical = UIInterpolatingMotionEffect(keyPath: "center.y", type: .tiltAlongVerticalAxis)
    vertical.minimumRelativeValue = NSNumber(value: -10)
    vertical.maximumRelativeValue = NSNumber(value: 10)
    let group = UIMotionEffectGroup()
    group.motionEffects = [horizontal, vertical]
    let values = group.keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: -1))
    #expect(values?["center.x"] as? CGFloat == 20)
    #expect(values?["center.y"] as? CGFloat == -10)
  }

  @Test func motionEffectsAreKeptButNeverApplied() {
    Simulation.run { simulation in
      let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let effect = UIInterpolatingMotionEffect(keyPath: "center.x", type: .tiltAlongHorizontalAxis)
      effect.minimumRelativeValue = 0
      effect.maximumRelativeValue = 40
      view.addMotionEffect(effect)
      view.addMotionEffect(effect)
      #expect(view.motionEffects.count == 1)
      simulation.advance(by: 1)
      #expect(view.center == CGPoint(x: 50, y: 50))
      #expect(simulation.trace.contains { $0.message.contains("addMotionEffect") && $0.message.contains("no device motion") })
      view.removeMotionEffect(effect)
      #expect(view.motionEffects.isEmpty)
    }
  }

  @Test func endEditingResignsTheFirstResponderInTheHierarchy() {
    final class Field: UIView {
      var editing = true
      var refuses = false
      override var isFirstResponder: Bool { editing }
      override func resignFirstResponder() -> Bool {
        guard !refuses else { return false }
        editing = false
        return true
      }
    }
    Simulation.run { _ in
      let form = UIView()
      let field = Field()
      form.addSubview(UIView())
      form.subviews[0].addSubview(field)
      #expect(form.endEditing(false))
      #expect(!field.editing)
      // Apple: false "if it did not" resign; with no first responder nothing resigns.
      #expect(!form.endEditing(true))
      field.editing = true
      field.refuses = true
      #expect(!form.endEditing(false), "asked, it refused")
      #expect(form.endEditing(true), "forced: it is not asked whether it wants to")
    }
  }
}
