// UITextField: the text fields an alert controller holds.
//
// A stand-in with the properties alert code sets (text, placeholder,
// secure entry): no text is typed, laid out or drawn beyond the field's
// box. If the Controls folder declares its own `UITextField`, that one
// replaces this file.

/// A single-line text field (UIKit's `UITextField`): its text is a stored
/// string; typing, the keyboard and text layout are not modelled.
@MainActor @preconcurrency
open class UITextField: UIControl {
  /// The field's text.
  open var text: String?
  /// The text shown while `text` is empty.
  open var placeholder: String?
  /// Whether the text is hidden as it is typed (kept).
  open var isSecureTextEntry = false
  /// The font (kept).
  open var font: UIFont? = .systemFont(ofSize: 17)
  /// The text's alignment (kept).
  open var textAlignment: NSTextAlignment = .natural
}
