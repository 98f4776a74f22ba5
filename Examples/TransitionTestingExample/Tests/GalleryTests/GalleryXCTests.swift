import Gallery
import TransitionTesting
import UIKit
import XCTest

/// The same assertions from an XCTest case that is not main-actor
/// isolated: Linux's XCTest runs every test on the main thread, and
/// `MainActor.assumeIsolated` says so to the compiler.
final class GalleryXCTests: XCTestCase {
  func testAboutFadesOutOnPop() {
    MainActor.assumeIsolated {
      let recording = recordAboutPop()
      assertCalls(recording, inOrder: ["FadeAnimator: animateTransition(using:)", "FadeAnimator: completeTransition(true)"])
      assertValue(recording, .alpha, of: "Photos", at: 0.25, equals: 1)
      assertNoFlicker(recording, FlickerRules(incoming: "Photos", outgoing: "About"))
      assertTrace(recording)
    }
  }
}

/// A `@MainActor` XCTest case, as an iOS project writes one. Linux's XCTest
/// (swift-corelibs-xctest, Swift 6.3) runs its plain and `async` methods,
/// `async throws` included; a synchronous `throws` method in such a class
/// aborts the whole test process ("Could not cast value of type
/// '(…) -> @MainActor () throws -> ()'"), so none is written here: drop the
/// `throws`, or make the method `async throws`.
@MainActor final class GalleryMainActorXCTests: XCTestCase {
  func testAboutFadesOutOnPop() {
    let recording = recordAboutPop()
    assertValue(recording, .alpha, of: "Photos", at: 0.25, equals: 1)
    assertNoFlicker(recording, FlickerRules(incoming: "Photos", outgoing: "About"))
  }

  func testAboutFadesOutOnPopAsync() async throws {
    let recording = recordAboutPop()
    assertCalls(recording, inOrder: ["FadeAnimator: animateTransition(using:)", "FadeAnimator: completeTransition(true)"])
  }
}

/// The About screen popped back to the grid through the fade.
@MainActor private func recordAboutPop() -> TransitionRecording {
  let navigationDelegate = FadeNavigationDelegate()
  return TransitionRecorder().record({ () -> UINavigationController in
    let navigation = UINavigationController(rootViewController: PhotoGridViewController())
    navigation.delegate = navigationDelegate
    navigation.pushViewController(AboutViewController(), animated: false)
    return navigation
  }) { scene in
    scene.root.popViewController(animated: true)
  }
}
