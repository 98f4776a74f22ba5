import Testing
@testable import TransitionEngine

/// A header view written the way app code writes one: old and new API side by side.
private final class HeaderView: UIView {
  let titleView = UIView()
  let badge = UIView()
  var didUpdateConstraints = 0
  private var badgeWidth: NSLayoutConstraint?

  override init(frame: CGRect) {
    super.init(frame: frame)
    titleView.translatesAutoresizingMaskIntoConstraints = false
    badge.translatesAutoresizingMaskIntoConstraints = false
    addSubview(titleView)
    addSubview(badge)
    addConstraints(NSLayoutConstraint.constraints(
      withVisualFormat: "H:|-(padding)-[titleView]-(>=8)-[badge]-(padding)-|",
      options: NSLayoutConstraint.FormatOptions(rawValue: 0), metrics: ["padding": 16], views: ["titleView": titleView, "badge": badge]))
    addConstraint(NSLayoutConstraint(item: titleView, attribute: .centerY, relatedBy: .equal, toItem: self,
                                     attribute: .centerY, multiplier: 1.0, constant: 0))
    let titleWidth = titleView.widthAnchor.constraint(equalToConstant: 500)
    titleWidth.priority = .defaultHigh - 1
    titleWidth.identifier = "title-wish"
    NSLayoutConstraint.activate([
      titleWidth,
      titleView.heightAnchor.constraint(equalToConstant: 20),
      badge.centerYAnchor.constraint(equalTo: titleView.centerYAnchor),
      badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 1),
    ])
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func updateConstraints() {
    didUpdateConstraints += 1
    if badgeWidth == nil {
      badgeWidth = badge.widthAnchor.constraint(equalToConstant: 24)
      badgeWidth?.isActive = true
    }
    super.updateConstraints()
  }
}

/// The shapes of Auto Layout code in transition and presentation files.
@Suite struct LayoutAPIShapeTests {
  @Test("VFL with metrics and inequalities, the item/attribute initialiser, addConstraints, updateConstraints")
  func headerView() {
    Simulation.run { sim in
      let window = UIWindow(frame: UIScreen.main.bounds)
      window.makeKeyAndVisible()
      let header = HeaderView(frame: CGRect(x: 0, y: 0, width: 320, height: 64))
      window.addSubview(header)
      header.setNeedsUpdateConstraints()
      header.layoutIfNeeded()
      #expect(header.didUpdateConstraints == 1)
      #expect(header.badge.frame == CGRect(x: 280, y: 20, width: 24, height: 24))
      // 320 − 16 − 8 − 24 − 16 = 256: the ≥ 8 gap holds, the 749 wish for 500 gives way
      #expect(header.titleView.frame == CGRect(x: 16, y: 22, width: 256, height: 20))
      #expect(header.constraints.contains { $0.identifier == "title-wish" } == false, "a size is installed on the view itself")
      #expect(header.titleView.constraints.first?.identifier == "title-wish")
      #expect(header.constraints.filter { $0.firstAttribute == .centerY }.count == 2)
      #expect(sim.diagnostics.isEmpty)
    }
  }

  @Test("Priorities, axes and fitting sizes compile and read back as in UIKit")
  func prioritiesAndAxes() {
    Simulation.run { _ in
      let view = UIView()
      #expect(view.contentHuggingPriority(for: .horizontal) == .defaultLow)
      #expect(view.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
      view.setContentHuggingPriority(.required, for: NSLayoutConstraint.Axis.vertical)
      #expect(view.contentHuggingPriority(for: .vertical).rawValue == 1000)
      #expect(UILayoutPriority(999) == UILayoutPriority.required - 1)
      #expect(UILayoutPriority(rawValue: 251) == .defaultLow + 1)
      let c = view.widthAnchor.constraint(equalToConstant: 10)
      c.isActive.toggle()
      #expect(c.isActive)
      #expect((c.firstItem as? UIView) === view)
      #expect(c.secondItem == nil && c.secondAttribute == .notAnAttribute)
      NSLayoutConstraint.deactivate(view.constraints)
      #expect(view.constraints.isEmpty && !c.isActive)
    }
  }
}
