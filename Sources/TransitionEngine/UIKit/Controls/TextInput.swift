// Text input: UITextField, UITextView, UISearchBar and UISearchController.
// They keep their text, placeholder and delegate, and become and resign
// first responder with the delegate calls UIKit documents. There is no
// keyboard, no typing and no text layout: a driver types with the
// engine-only `insertText(_:)` of a field (the change a keystroke makes,
// asking the delegate first), and the keyboard notifications are the
// driver's to post (UIKit/TextEditing.swift). Films show the text, or the
// placeholder when the text is empty.

extension UIView {
  /// The first responder in the view's window (the engine keeps none of
  /// its own: it searches for a view that says it is one).
  func currentFirstResponderInWindow() -> UIView? {
    func find(_ view: UIView) -> UIView? {
      if view.isFirstResponder { return view }
      for subview in view.subviews { if let found = find(subview) { return found } }
      return nil
    }
    return window.flatMap(find)
  }
}

// MARK: - UITextField

/// What a text field asks and tells its delegate. All optional.
@MainActor @preconcurrency
public protocol UITextFieldDelegate: AnyObject {
  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
  func textFieldDidBeginEditing(_ textField: UITextField)
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
  func textFieldDidEndEditing(_ textField: UITextField)
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                 replacementString string: String) -> Bool
  func textFieldDidChangeSelection(_ textField: UITextField)
  func textFieldShouldClear(_ textField: UITextField) -> Bool
  func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
  public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textFieldDidBeginEditing(_ textField: UITextField) { OptionalRequirement.markDefault() }
  public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textFieldDidEndEditing(_ textField: UITextField) { OptionalRequirement.markDefault() }
  /// Apple: when this is not implemented, `textFieldDidEndEditing(_:)` is called.
  public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    textFieldDidEndEditing(textField)
  }
  public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                        replacementString string: String) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textFieldDidChangeSelection(_ textField: UITextField) { OptionalRequirement.markDefault() }
  public func textFieldShouldClear(_ textField: UITextField) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textFieldShouldReturn(_ textField: UITextField) -> Bool { OptionalRequirement.markDefault(); return true }
}

/// A one-line text input.
@MainActor @preconcurrency
open class UITextField: UIControl, @preconcurrency DiagramContentProviding {
  /// Why editing ended.
  public enum DidEndEditingReason: Int, @unchecked Sendable { case committed = 0 }
  /// The frame around the text.
  public enum BorderStyle: Int, @unchecked Sendable { case none = 0, line, bezel, roundedRect }
  /// When an overlay view shows.
  public enum ViewMode: Int, @unchecked Sendable { case never = 0, whileEditing, unlessEditing, always }

  /// The text (Apple: "This string is @"" by default").
  open var text: String? {
    get { storedText }
    set { storedText = newValue ?? "" }
  }
  private var storedText = ""
  open var placeholder: String?
  open var font: UIFont? = .systemFont(ofSize: 17)
  open var textColor: UIColor? = .label
  open var textAlignment: NSTextAlignment = .natural
  open var borderStyle: BorderStyle = .none
  open var clearButtonMode: ViewMode = .never
  open var leftView: UIView?
  open var leftViewMode: ViewMode = .never
  open var rightView: UIView?
  open var rightViewMode: ViewMode = .never
  open var isSecureTextEntry = false
  open var keyboardType: UIKeyboardType = .default
  open var returnKeyType: UIReturnKeyType = .default
  open var autocapitalizationType: UITextAutocapitalizationType = .sentences
  open var autocorrectionType: UITextAutocorrectionType = .default
  open var clearsOnBeginEditing = false
  open var inputView: UIView?
  open var inputAccessoryView: UIView?
  open weak var delegate: UITextFieldDelegate?
  private var editing = false

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open var isEditing: Bool { editing }
  open override var canBecomeFirstResponder: Bool { isEnabled }
  open override var isFirstResponder: Bool { editing }

  /// Asks the delegate, resigns the window's first responder, begins
  /// editing: `.editingDidBegin`, `textFieldDidBeginEditing(_:)` and
  /// `textDidBeginEditingNotification`. Apple: fails outside a window.
  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    guard !editing else { return true }
    guard canBecomeFirstResponder, window != nil else { return false }
    if let delegate, !simulation.askDelegate(delegate, "textFieldShouldBeginEditing(_:)", answer: { "\($0)" }, {
      delegate.textFieldShouldBeginEditing(self)
    }) { return false }
    if let current = currentFirstResponderInWindow(), current !== self, !current.resignFirstResponder() { return false }
    editing = true
    simulation.record(.appCall, diagramLabel, "becomeFirstResponder()", result: "true [no keyboard in the engine]")
    if clearsOnBeginEditing { storedText = "" }
    sendActions(for: .editingDidBegin)
    if let delegate {
      simulation.askDelegate(delegate, "textFieldDidBeginEditing(_:)") { delegate.textFieldDidBeginEditing(self) }
    }
    NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
    return true
  }

  /// Asks the delegate, ends editing: `.editingDidEnd`,
  /// `textFieldDidEndEditing(_:reason:)` and `textDidEndEditingNotification`.
  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard editing else { return true }
    if let delegate, !simulation.askDelegate(delegate, "textFieldShouldEndEditing(_:)", answer: { "\($0)" }, {
      delegate.textFieldShouldEndEditing(self)
    }) { return false }
    editing = false
    sendActions(for: .editingDidEnd)
    if let delegate {
      simulation.askDelegate(delegate, "textFieldDidEndEditing(_:reason:)") {
        delegate.textFieldDidEndEditing(self, reason: .committed)
      }
    }
    NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
    return true
  }

  /// What a keystroke does (Engine-only: the harness's typing): asks
  /// `textField(_:shouldChangeCharactersIn:replacementString:)`, appends
  /// the text, sends `.editingChanged` and posts `textDidChangeNotification`.
  public func insertText(_ string: String) {
    let range = NSRange(location: storedText.utf16.count, length: 0)
    if let delegate, !simulation.askDelegate(
      delegate, "textField(_:shouldChangeCharactersIn:replacementString: \"\(string)\")", answer: { "\($0)" }, {
        delegate.textField(self, shouldChangeCharactersIn: range, replacementString: string)
      }) { return }
    storedText += string
    sendActions(for: .editingChanged)
    NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
  }

  /// What the return key does (Engine-only): asks `textFieldShouldReturn(_:)`
  /// and sends `.editingDidEndOnExit`.
  public func pressReturn() {
    if let delegate {
      _ = simulation.askDelegate(delegate, "textFieldShouldReturn(_:)", answer: { "\($0)" }) {
        delegate.textFieldShouldReturn(self)
      }
    }
    sendActions(for: .editingDidEndOnExit)
  }

  /// One line of the font's height plus 8 points (engine metrics); as wide as the text or placeholder.
  open override var intrinsicContentSize: CGSize {
    let pointSize = font?.pointSize ?? 17
    let shown = storedText.isEmpty ? (placeholder ?? "") : storedText
    return CGSize(width: (CGFloat(shown.count) * pointSize * 0.55).rounded(.up) + 8,
                  height: (pointSize * 1.2).rounded(.up) + 8)
  }

  var diagramContent: String? { storedText.isEmpty ? placeholder : (isSecureTextEntry ? "••••" : storedText) }

  public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
  public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
  public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
}

/// The keyboard a text input asks for (kept; there is no keyboard).
public enum UIKeyboardType: Int, @unchecked Sendable {
  case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
       decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// The return key's title (kept; there is no keyboard).
public enum UIReturnKeyType: Int, @unchecked Sendable {
  case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Automatic capitalisation (kept).
public enum UITextAutocapitalizationType: Int, @unchecked Sendable { case none = 0, words, sentences, allCharacters }

/// Autocorrection (kept).
public enum UITextAutocorrectionType: Int, @unchecked Sendable { case `default` = 0, no, yes }

// MARK: - UITextView

/// What a text view tells its delegate. All optional.
@MainActor @preconcurrency
public protocol UITextViewDelegate: AnyObject {
  func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
  func textViewDidBeginEditing(_ textView: UITextView)
  func textViewShouldEndEditing(_ textView: UITextView) -> Bool
  func textViewDidEndEditing(_ textView: UITextView)
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
  func textViewDidChange(_ textView: UITextView)
}

extension UITextViewDelegate {
  public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textViewDidBeginEditing(_ textView: UITextView) { OptionalRequirement.markDefault() }
  public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textViewDidEndEditing(_ textView: UITextView) { OptionalRequirement.markDefault() }
  public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange,
                       replacementText text: String) -> Bool { OptionalRequirement.markDefault(); return true }
  public func textViewDidChange(_ textView: UITextView) { OptionalRequirement.markDefault() }
}

/// Multi-line editable text (a scroll view in UIKit; here a plain view: no
/// scrolling, no text layout).
@MainActor @preconcurrency
open class UITextView: UIView, @preconcurrency DiagramContentProviding {
  /// The text (Apple: empty by default).
  open var text: String! {
    get { storedText }
    set { storedText = newValue ?? "" }
  }
  private var storedText = ""
  open var font: UIFont? = .systemFont(ofSize: 12)
  open var textColor: UIColor? = .label
  open var textAlignment: NSTextAlignment = .natural
  open var isEditable = true
  open var isSelectable = true
  open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
  open var keyboardType: UIKeyboardType = .default
  open var returnKeyType: UIReturnKeyType = .default
  open var isScrollEnabled = true
  open weak var delegate: UITextViewDelegate?
  private var editing = false

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open override var canBecomeFirstResponder: Bool { isEditable }
  open override var isFirstResponder: Bool { editing }

  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    guard !editing else { return true }
    guard canBecomeFirstResponder, window != nil else { return false }
    if let delegate, !simulation.askDelegate(delegate, "textViewShouldBeginEditing(_:)", answer: { "\($0)" }, {
      delegate.textViewShouldBeginEditing(self)
    }) { return false }
    if let current = currentFirstResponderInWindow(), current !== self, !current.resignFirstResponder() { return false }
    editing = true
    simulation.record(.appCall, diagramLabel, "becomeFirstResponder()", result: "true [no keyboard in the engine]")
    if let delegate {
      simulation.askDelegate(delegate, "textViewDidBeginEditing(_:)") { delegate.textViewDidBeginEditing(self) }
    }
    NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: self)
    return true
  }

  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard editing else { return true }
    if let delegate, !simulation.askDelegate(delegate, "textViewShouldEndEditing(_:)", answer: { "\($0)" }, {
      delegate.textViewShouldEndEditing(self)
    }) { return false }
    editing = false
    if let delegate {
      simulation.askDelegate(delegate, "textViewDidEndEditing(_:)") { delegate.textViewDidEndEditing(self) }
    }
    NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: self)
    return true
  }

  /// What typing does (Engine-only): asks `textView(_:shouldChangeTextIn:replacementText:)`,
  /// appends, calls `textViewDidChange(_:)` and posts `textDidChangeNotification`.
  public func insertText(_ string: String) {
    let range = NSRange(location: storedText.utf16.count, length: 0)
    if let delegate, !simulation.askDelegate(delegate, "textView(_:shouldChangeTextIn:replacementText:)",
                                             answer: { "\($0)" }, {
      delegate.textView(self, shouldChangeTextIn: range, replacementText: string)
    }) { return }
    storedText += string
    if let delegate {
      simulation.askDelegate(delegate, "textViewDidChange(_:)") { delegate.textViewDidChange(self) }
    }
    NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
  }

  var diagramContent: String? { storedText.isEmpty ? nil : storedText }

  public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
  public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")
  public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
}

// MARK: - UISearchBar

/// What a search bar tells its delegate. All optional.
@MainActor @preconcurrency
public protocol UISearchBarDelegate: AnyObject {
  func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
  func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
  func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
  func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
  func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
  func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
  func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
  public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { OptionalRequirement.markDefault(); return true }
  public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { OptionalRequirement.markDefault() }
  public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { OptionalRequirement.markDefault(); return true }
  public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { OptionalRequirement.markDefault() }
  public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { OptionalRequirement.markDefault() }
  public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange,
                        replacementText text: String) -> Bool { OptionalRequirement.markDefault(); return true }
  public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { OptionalRequirement.markDefault() }
  public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { OptionalRequirement.markDefault() }
  public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
    OptionalRequirement.markDefault()
  }
}

/// A search field with an optional cancel button.
@MainActor @preconcurrency
open class UISearchBar: UIView, @preconcurrency DiagramContentProviding {
  /// The look of the bar.
  public enum Style: UInt, @unchecked Sendable { case `default` = 0, prominent, minimal }

  /// The text (Apple: setting it does not call `searchBar(_:textDidChange:)`, typing does).
  open var text: String?
  open var placeholder: String?
  open var prompt: String?
  open var showsCancelButton = false
  open var showsBookmarkButton = false
  open var showsScopeBar = false
  open var scopeButtonTitles: [String]?
  open var selectedScopeButtonIndex = 0
  open var searchBarStyle: Style = .default
  open var barTintColor: UIColor?
  open weak var delegate: UISearchBarDelegate?
  /// The field inside the bar (iOS 13).
  public let searchTextField = UISearchTextField(frame: .zero)
  private var editing = false

  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
    self.showsCancelButton = showsCancelButton
  }

  open override var canBecomeFirstResponder: Bool { true }
  open override var isFirstResponder: Bool { editing }

  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    guard !editing else { return true }
    guard window != nil else { return false }
    if let delegate, !simulation.askDelegate(delegate, "searchBarShouldBeginEditing(_:)", answer: { "\($0)" }, {
      delegate.searchBarShouldBeginEditing(self)
    }) { return false }
    if let current = currentFirstResponderInWindow(), current !== self, !current.resignFirstResponder() { return false }
    editing = true
    simulation.record(.appCall, diagramLabel, "becomeFirstResponder()", result: "true [no keyboard in the engine]")
    if let delegate {
      simulation.askDelegate(delegate, "searchBarTextDidBeginEditing(_:)") { delegate.searchBarTextDidBeginEditing(self) }
    }
    return true
  }

  @discardableResult
  open override func resignFirstResponder() -> Bool {
    guard editing else { return true }
    if let delegate, !simulation.askDelegate(delegate, "searchBarShouldEndEditing(_:)", answer: { "\($0)" }, {
      delegate.searchBarShouldEndEditing(self)
    }) { return false }
    editing = false
    if let delegate {
      simulation.askDelegate(delegate, "searchBarTextDidEndEditing(_:)") { delegate.searchBarTextDidEndEditing(self) }
    }
    return true
  }

  /// What typing does (Engine-only): asks `searchBar(_:shouldChangeTextIn:replacementText:)`,
  /// appends and calls `searchBar(_:textDidChange:)`.
  public func insertText(_ string: String) {
    let current = text ?? ""
    let range = NSRange(location: current.utf16.count, length: 0)
    if let delegate, !simulation.askDelegate(delegate, "searchBar(_:shouldChangeTextIn:replacementText:)",
                                             answer: { "\($0)" }, {
      delegate.searchBar(self, shouldChangeTextIn: range, replacementText: string)
    }) { return }
    text = current + string
    notifyTextChange()
  }

  /// What the clear button does (Engine-only): empties the text and calls `searchBar(_:textDidChange:)`.
  public func clearText() {
    text = ""
    notifyTextChange()
  }

  /// What the search key does (Engine-only): `searchBarSearchButtonClicked(_:)`.
  public func tapSearchButton() {
    if let delegate {
      simulation.askDelegate(delegate, "searchBarSearchButtonClicked(_:)") { delegate.searchBarSearchButtonClicked(self) }
    }
  }

  /// What the cancel button does (Engine-only): `searchBarCancelButtonClicked(_:)`.
  public func tapCancelButton() {
    guard showsCancelButton else { return }
    if let delegate {
      simulation.askDelegate(delegate, "searchBarCancelButtonClicked(_:)") { delegate.searchBarCancelButtonClicked(self) }
    }
  }

  private func notifyTextChange() {
    let now = text ?? ""
    searchTextField.text = now
    if let delegate {
      simulation.askDelegate(delegate, "searchBar(_:textDidChange: \"\(now)\")") {
        delegate.searchBar(self, textDidChange: now)
      }
    }
    searchResultsUpdater?()
  }

  /// The search controller's update, when the bar is a controller's.
  var searchResultsUpdater: (() -> Void)?

  /// 56 points tall, as iOS's search bar (observed).
  open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 56) }
  open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 56) }

  var diagramContent: String? {
    let shown = (text ?? "").isEmpty ? placeholder : text
    return showsCancelButton ? (shown ?? "") + " | Cancel" : shown
  }
}

/// The text field of a search bar (iOS 13).
@MainActor @preconcurrency
open class UISearchTextField: UITextField {}

// MARK: - UISearchController

/// Told when the search bar's text changes.
@MainActor @preconcurrency
public protocol UISearchResultsUpdating: AnyObject {
  func updateSearchResults(for searchController: UISearchController)
}

/// Told when the search interface shows or hides. All optional.
@MainActor @preconcurrency
public protocol UISearchControllerDelegate: AnyObject {
  func willPresentSearchController(_ searchController: UISearchController)
  func didPresentSearchController(_ searchController: UISearchController)
  func willDismissSearchController(_ searchController: UISearchController)
  func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
  public func willPresentSearchController(_ searchController: UISearchController) { OptionalRequirement.markDefault() }
  public func didPresentSearchController(_ searchController: UISearchController) { OptionalRequirement.markDefault() }
  public func willDismissSearchController(_ searchController: UISearchController) { OptionalRequirement.markDefault() }
  public func didDismissSearchController(_ searchController: UISearchController) { OptionalRequirement.markDefault() }
}

/// A search bar and a results controller. Kept, with the updater called
/// when the bar's text changes; the search interface is never presented
/// (`isActive` is a stored flag) and a navigation item does not draw its bar.
@MainActor @preconcurrency
open class UISearchController: UIViewController {
  public let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 0, height: 56))
  public let searchResultsController: UIViewController?
  open weak var searchResultsUpdater: UISearchResultsUpdating? {
    didSet {
      searchBar.searchResultsUpdater = { [weak self] in
        guard let self, let updater = self.searchResultsUpdater else { return }
        updater.updateSearchResults(for: self)
      }
    }
  }
  open weak var delegate: UISearchControllerDelegate?
  open var isActive = false
  open var obscuresBackgroundDuringPresentation = true
  open var hidesNavigationBarDuringPresentation = true
  open var automaticallyShowsCancelButton = true

  public init(searchResultsController: UIViewController?) {
    self.searchResultsController = searchResultsController
    super.init(nibName: nil, bundle: nil)
  }

  public required init?(coder: NSCoder) {
    searchResultsController = nil
    super.init(coder: coder)
  }
}
