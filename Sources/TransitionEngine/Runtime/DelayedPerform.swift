// `perform(_:with:afterDelay:)` and `cancelPreviousPerformRequests`: a
// selector performed by the run loop after a delay, as a one-shot timer.

/// A pending `perform(_:with:afterDelay:)`.
private final class PerformRequest {
  let target: NSObject
  let selector: Selector
  let argument: Any?
  var work: ScheduledWork?

  init(target: NSObject, selector: Selector, argument: Any?) {
    self.target = target
    self.selector = selector
    self.argument = argument
  }
}

/// The pending requests of each simulation, kept with the simulation.
private final class PerformRequests {
  var pending: [PerformRequest] = []
}

extension Simulation {
  fileprivate var performRequests: PerformRequests {
    let key = ObjectIdentifier(PerformRequests.self)
    if let existing = companions[key] as? PerformRequests { return existing }
    let requests = PerformRequests()
    companions[key] = requests
    return requests
  }
}

extension NSObject {
  /// Calls `aSelector` on the receiver with `anArgument` after `delay`
  /// seconds of virtual time, from the run loop (as a timer: a delay of 0
  /// still waits for the run loop). The receiver and argument are kept
  /// until then.
  public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
    let simulation = Simulation.current
    let requests = simulation.performRequests
    let request = PerformRequest(target: self, selector: aSelector, argument: anArgument)
    request.work = simulation.runLoop.schedule(at: simulation.now + max(delay, 0)) { [unowned requests] in
      requests.pending.removeAll { $0 === request }
      request.selector.perform(on: request.target, sender: request.argument)
    }
    requests.pending.append(request)
  }

  /// The same, in the given run-loop modes (accepted; the engine has one mode).
  public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval,
                      inModes modes: [RunLoop.Mode]) {
    perform(aSelector, with: anArgument, afterDelay: delay)
  }

  /// Cancels every pending `perform(_:with:afterDelay:)` of `aTarget`.
  public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
    cancel { $0.target === (aTarget as AnyObject) }
  }

  /// Cancels the pending requests of `aTarget` with this selector and an
  /// equal argument (the same object, equal values, or both nil).
  ///
  /// The engine's `Selector` cannot tell two methods apart unless they were
  /// given names (`Selector(Type.method, name: "method")`): selectors
  /// without names match any selector of the same target type.
  public class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector,
                                                  object anArgument: Any?) {
    cancel {
      $0.target === (aTarget as AnyObject) && $0.selector.name == aSelector.name
        && sameArgument($0.argument, anArgument)
    }
  }

  private class func cancel(where matches: (PerformRequest) -> Bool) {
    let requests = Simulation.current.performRequests
    for request in requests.pending where matches(request) { request.work?.cancel() }
    requests.pending.removeAll(where: matches)
  }
}

private func sameArgument(_ a: Any?, _ b: Any?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case let (a?, b?):
    if type(of: a) is AnyClass, type(of: b) is AnyClass { return (a as AnyObject) === (b as AnyObject) || (a as? NSObject)?.isEqual(b) == true }
    if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
    return false
  default: return false
  }
}
