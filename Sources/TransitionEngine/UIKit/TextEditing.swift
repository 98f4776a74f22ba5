// Ending text editing. The engine has no text input and no keyboard: no
// view becomes first responder by itself, so `endEditing(_:)` only finds
// responders whose `isFirstResponder` an app subclass makes true.

extension UIView {
  /// Asks the first responder among the view and its subviews (depth first)
  /// to resign, or with `force` makes it resign whatever it answers.
  ///
  /// Apple: returns true "if the view resigned the first responder status or
  /// false if it did not"; with no first responder in the hierarchy nothing
  /// resigns, so the engine returns false. The call is traced.
  @discardableResult
  public func endEditing(_ force: Bool) -> Bool {
    let resigned: Bool
    if let responder = firstResponderInHierarchy() {
      let answer = responder.resignFirstResponder()
      resigned = force || answer
    } else {
      resigned = false
    }
    simulation.record(.appCall, diagramLabel, "endEditing(\(force))", result: "\(resigned) [no keyboard in the engine]")
    return resigned
  }

  private func firstResponderInHierarchy() -> UIView? {
    if isFirstResponder { return self }
    for view in subviews {
      if let found = view.firstResponderInHierarchy() { return found }
    }
    return nil
  }
}
