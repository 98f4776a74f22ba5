// CATransaction: groups layer changes. The engine keeps a stack of
// transactions per simulation; the outermost, implicit one commits at the
// end of each run-loop turn.

/// Core Animation's transaction: duration, timing function and whether
/// implicit animations run, plus a completion block for the animations
/// added while it was open.
open class CATransaction: NSObject {
  /// Opens a nested transaction.
  public class func begin() { Simulation.current.transactions.begin() }
  /// Closes the innermost transaction.
  public class func commit() { Simulation.current.transactions.commit() }
  /// Commits pending changes (no-op in the engine: changes apply at once).
  public class func flush() {}
  /// The duration for implicit animations (default 0.25 s).
  public class func animationDuration() -> CFTimeInterval { Simulation.current.transactions.animationDuration }
  public class func setAnimationDuration(_ dur: CFTimeInterval) {
    Simulation.current.transactions.top.duration = dur
  }
  /// The timing function for implicit animations (nil: the default curve).
  public class func animationTimingFunction() -> CAMediaTimingFunction? {
    Simulation.current.transactions.animationTimingFunction
  }
  public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    Simulation.current.transactions.top.timingFunction = function
  }
  /// Whether property changes skip their implicit animations.
  public class func disableActions() -> Bool { Simulation.current.transactions.disableActions }
  public class func setDisableActions(_ flag: Bool) { Simulation.current.transactions.top.disableActions = flag }
  /// A block to run once every animation added in this transaction has finished.
  public class func completionBlock() -> (() -> Void)? { Simulation.current.transactions.top.completion }
  public class func setCompletionBlock(_ block: (() -> Void)?) {
    Simulation.current.transactions.top.completion = block
  }
}

/// The simulation's stack of open transactions.
final class TransactionStack {
  final class Transaction {
    var duration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction?
    var disableActions: Bool?
    var completion: (() -> Void)?
    var pending = 0
    var committed = false
    weak var stack: TransactionStack?

    func animationStopped() {
      pending -= 1
      fireIfDone()
    }

    func fireIfDone() {
      guard committed, pending == 0, let completion else { return }
      self.completion = nil
      completion()
    }
  }

  private let simulation: Simulation
  private var stack: [Transaction] = []
  private var implicit: Transaction?

  init(simulation: Simulation) { self.simulation = simulation }

  /// The innermost transaction, opening the implicit one if none is open.
  var top: Transaction {
    if let last = stack.last { return last }
    if let implicit { return implicit }
    let t = Transaction()
    t.stack = self
    implicit = t
    simulation.enqueue { [weak self] in self?.commitImplicit() }
    return t
  }

  func begin() {
    let t = Transaction()
    t.stack = self
    stack.append(t)
  }

  func commit() {
    guard let t = stack.popLast() else { return }
    finish(t)
  }

  private func commitImplicit() {
    guard let t = implicit else { return }
    implicit = nil
    finish(t)
  }

  private func finish(_ t: Transaction) {
    t.committed = true
    if t.pending == 0, let completion = t.completion {
      t.completion = nil
      // Core Animation runs the block right after the commit when nothing animates.
      simulation.enqueue(completion)
    }
  }

  var animationDuration: CFTimeInterval {
    for t in stack.reversed() { if let d = t.duration { return d } }
    return implicit?.duration ?? 0.25
  }

  var animationTimingFunction: CAMediaTimingFunction? {
    for t in stack.reversed() { if let f = t.timingFunction { return f } }
    return implicit?.timingFunction
  }

  var disableActions: Bool {
    for t in stack.reversed() { if let d = t.disableActions { return d } }
    return implicit?.disableActions ?? false
  }

  /// Counts `animation` towards every open transaction's completion block.
  func track(_ animation: CAAnimation) {
    let open = stack + (implicit.map { [$0] } ?? [])
    let interested = open.filter { !$0.committed }
    guard !interested.isEmpty else { return }
    for t in interested { t.pending += 1 }
    animation.engineStopObservers.append { _ in
      for t in interested { t.animationStopped() }
    }
  }
}
