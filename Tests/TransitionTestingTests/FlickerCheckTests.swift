import Foundation
import Testing
import TransitionTesting
import UIKit

/// The flicker check against seeded mutants of an app's transition code
/// (Animators.swift) and against correct code, the engine's own animators
/// included: every kind of fault is caught, and correct code raises no alarm.
@MainActor @Suite struct FlickerCheckTests {
  let recorder = TransitionRecorder()

  /// Presents a card whose animators carry `fault`.
  func present(_ fault: Fault) -> TransitionRecording {
    recorder.record(makeHome) { scene in
      scene.root.present(CardViewController(fault: fault), animated: true)
    }
  }

  /// Presents a card (unrecorded), then drags it down by `distance` and
  /// lifts: past half the screen the dismissal finishes, else it cancels.
  func dragToDismiss(_ fault: Fault, distance: CGFloat) -> TransitionRecording {
    recorder.record(makeHome, setUp: { scene in
      scene.root.present(CardViewController(fault: fault), animated: true)
    }) { scene in
      scene.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 100 + distance), duration: 0.3)
    }
  }

  nonisolated static let presentRules = FlickerRules(
    incoming: "Card", outgoing: "Home", monotonic: [MonotonicValue(.y, of: "Card", .decreasing)])
  nonisolated static let dismissRules = FlickerRules(incoming: "Home", outgoing: "Card")

  /// Each mutant, how it is run, and the invariant that must catch it.
  nonisolated static let mutants: [(Fault, FlickerViolation.Invariant)] = [
    (.missingCompleteTransition, .completion),
    (.completesTwice, .completion),
    (.incomingNeverAdded, .coverage),
    (.wrongZOrder, .pop),
    (.jumpingFrame, .jump),
    (.completesEarly, .coverage),
    (.bounces, .monotonic),
    (.wrongFinalFrame, .coverage),
    (.cancelDoesNotRestore, .cancel),
    (.leavesDimmingViewOnCancel, .cancel),
    (.declaresWrongDuration, .duration),
  ]

  func violations(_ fault: Fault) -> [FlickerViolation] {
    switch fault {
    case .cancelDoesNotRestore, .leavesDimmingViewOnCancel:
      dragToDismiss(fault, distance: 100).flickerViolations(Self.dismissRules)
    default:
      present(fault).flickerViolations(Self.presentRules)
    }
  }

  @Test(arguments: mutants.map(\.0))
  func mutantIsCaught(_ fault: Fault) {
    let expected = Self.mutants.first { $0.0 == fault }!.1
    let found = violations(fault)
    #expect(found.contains { $0.invariant == expected }, "\(fault): \(found)")
  }

  /// The score the issue asked for: at least 9 of the (first) 10 kinds
  /// caught; today all 11 are.
  @Test func atLeastNineOfTenKindsAreCaught() {
    let caught = Self.mutants.filter { !violations($0.0).isEmpty }
    #expect(Self.mutants.count == 11)
    #expect(caught.count >= 10)
  }

  @Test func correctPresentationHasNoViolation() {
    #expect(present(.none).flickerViolations(Self.presentRules) == [])
  }

  @Test func correctInteractiveDismissalThatCancelsHasNoViolation() {
    let recording = dragToDismiss(.none, distance: 100)
    #expect(recording.calls.contains("SlideAnimator: completeTransition(false)"))
    #expect(recording.flickerViolations(Self.dismissRules) == [])
  }

  @Test func correctInteractiveDismissalThatFinishesHasNoViolation() {
    let recording = dragToDismiss(.none, distance: 350)
    #expect(recording.calls.contains("SlideAnimator: completeTransition(true)"))
    #expect(recording.flickerViolations(Self.dismissRules) == [])
  }

  @Test func correctDismissalHasNoViolation() {
    let recording = recorder.record(makeHome, setUp: { scene in
      scene.root.present(CardViewController(), animated: true)
    }) { scene in
      scene.root.dismiss(animated: true)
    }
    #expect(recording.flickerViolations(Self.dismissRules) == [])
  }

  /// UIKit's own animators: a full-screen presentation, a sheet (the
  /// presenter stays), a push and a pop.
  @Test func theEnginesOwnTransitionsHaveNoViolation() {
    let fullScreen = recorder.record(makeHome) { scene in
      let details = UIViewController()
      details.title = "Details"
      details.view.backgroundColor = .systemBlue
      details.modalPresentationStyle = .fullScreen
      scene.root.present(details, animated: true)
    }
    #expect(fullScreen.flickerViolations(FlickerRules(incoming: "Details", outgoing: "Home")) == [])

    let sheet = recorder.record(makeHome) { scene in
      let details = UIViewController()
      details.title = "Sheet"
      details.view.backgroundColor = .systemBlue
      scene.root.present(details, animated: true)
    }
    #expect(sheet.flickerViolations(.sheet(incoming: "Sheet", outgoing: "Home")) == [])

    let push = recorder.record({ UINavigationController(rootViewController: makeHome()) }) { scene in
      let details = UIViewController()
      details.title = "Details"
      details.view.backgroundColor = .systemBlue
      scene.root.pushViewController(details, animated: true)
    }
    #expect(push.flickerViolations(FlickerRules(incoming: "Details", outgoing: "Home")) == [])

    let pop = recorder.record({ UINavigationController(rootViewController: makeHome()) }, setUp: { scene in
      let details = UIViewController()
      details.title = "Details"
      details.view.backgroundColor = .systemBlue
      scene.root.pushViewController(details, animated: false)
    }) { scene in
      scene.root.popViewController(animated: true)
    }
    #expect(pop.flickerViolations(FlickerRules(incoming: "Home", outgoing: "Details")) == [])
  }

  /// A violation names its time, its view and its invariant.
  @Test func violationsNameTimeViewAndInvariant() {
    let jump = violations(.jumpingFrame).first { $0.invariant == .jump }
    #expect(jump?.view == "Card")
    #expect(jump?.time == 0.15 || jump?.time == 0.167)
    #expect(jump?.description.hasPrefix("t=0.1") == true)
    #expect(jump?.description.contains("Card  [no jump] moved") == true)
  }

  /// An animator whose `transitionDuration(using:)` disagrees with its
  /// animation is named with both numbers; the rule can be turned off.
  @Test func aDurationThatLiesIsNamed() {
    let recording = present(.declaresWrongDuration)
    let found = recording.flickerViolations(Self.presentRules).filter { $0.invariant == .duration }
    #expect(found.map(\.description) == [
      "t=0.3s  SlideAnimator  [duration as declared] transitionDuration(using:) returned 0.15 s, but the "
        + "transition completed 0.3 s after animateTransition(using:) began: return the duration the animations use",
    ])
    var rules = Self.presentRules
    rules.checksDuration = false
    #expect(!recording.flickerViolations(rules).contains { $0.invariant == .duration })
  }

  /// A jump declared as intended is not a violation.
  @Test func declaredJumpsAreAllowed() {
    var rules = Self.presentRules
    rules.jumpsAllowed = ["Card"]
    rules.monotonic = []
    #expect(!present(.jumpingFrame).flickerViolations(rules).contains { $0.invariant == .jump })
  }
}
