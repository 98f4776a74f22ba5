// An app's file, as written for iOS: Foundation and UIKit imported side by
// side, the main queue, a timer and a notification observer. It compiles
// here unchanged because this test target depends on the package's `UIKit`
// product.
import Foundation
import UIKit

/// Shows a toast, hides it after a delay, and counts down with a timer.
final class ToastController: UIViewController {
  let toast = UIView(frame: CGRect(x: 20, y: 40, width: 200, height: 44))
  private(set) var log: [String] = []
  private var countdown: Timer?
  private var keyboardObserver: NSObjectProtocol?

  override func viewDidLoad() {
    super.viewDidLoad()
    toast.alpha = 0
    view.addSubview(toast)
    keyboardObserver = NotificationCenter.default.addObserver(
      forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
    ) { [weak self] _ in
      self?.log.append("keyboard")
    }
  }

  func show(for duration: TimeInterval) {
    toast.alpha = 1
    log.append("shown at \(CACurrentMediaTime())")
    DispatchQueue.main.asyncAfter(deadline: .now() + duration) { [weak self] in
      guard let self else { return }
      self.toast.alpha = 0
      self.log.append("hidden at \(CACurrentMediaTime())")
    }
    var remaining = 3
    countdown = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] timer in
      remaining -= 1
      self?.log.append("tick \(remaining)")
      if remaining == 0 { timer.invalidate() }
    }
    DispatchQueue.main.async { [weak self] in
      self?.log.append("next turn")
    }
  }

  deinit {
    keyboardObserver.map(NotificationCenter.default.removeObserver)
  }
}
