import Gallery
import TransitionTesting
import UIKit
import XCTest

/// The same assertions from an XCTest case. Linux's XCTest cannot run a
/// `@MainActor` test method, but runs every test on the main thread:
/// `MainActor.assumeIsolated` says so to the compiler.
final class GalleryXCTests: XCTestCase {
  func testAboutFadesOutOnPop() {
    MainActor.assumeIsolated {
      let navigationDelegate = FadeNavigationDelegate()
      let recording = TransitionRecorder().record({ () -> UINavigationController in
        let navigation = UINavigationController(rootViewController: PhotoGridViewController())
        navigation.delegate = navigationDelegate
        navigation.pushViewController(AboutViewController(), animated: false)
        return navigation
      }) { scene in
        scene.root.popViewController(animated: true)
      }
      assertCalls(recording, inOrder: ["FadeAnimator: animateTransition(using:)", "FadeAnimator: completeTransition(true)"])
      assertValue(recording, .alpha, of: "Photos", at: 0.25, equals: 1)
      assertNoFlicker(recording, FlickerRules(incoming: "Photos", outgoing: "About"))
      assertTrace(recording)
    }
  }
}
