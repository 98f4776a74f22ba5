import Foundation
import Gallery
import Testing
import TransitionTesting
import UIKit

/// 50 transition tests for timing (`GALLERY_BENCHMARK=1 swift test --filter
/// BenchmarkTests`, debug or `-c release`): five of the gallery's
/// transitions in turn, each recorded at 60 fps, drawn as a film and
/// checked for flicker. Skipped unless asked for.
@MainActor @Suite(.enabled(if: ProcessInfo.processInfo.environment["GALLERY_BENCHMARK"] != nil))
struct BenchmarkTests {
  @Test(arguments: 0..<50)
  func transition(_ index: Int) {
    let recorder = TransitionRecorder()
    let recording: TransitionRecording
    switch index % 5 {
    case 0:
      recording = recorder.record({ UINavigationController(rootViewController: PhotoGridViewController()) }) { scene in
        (scene.root.topViewController as! PhotoGridViewController).showPhoto(index % 9 + 1)
      }
    case 1:
      recording = recorder.record({ PhotoViewController(photoID: 1) }) { scene in scene.root.showInfo() }
    case 2:
      recording = recorder.record({ PhotoViewController(photoID: 1) }, setUp: { $0.root.showInfo() }) { scene in
        scene.drag(from: CGPoint(x: 160, y: 320), to: CGPoint(x: 160, y: 360 + CGFloat(index)), duration: 0.25)
      }
    case 3:
      recording = recorder.record({ PhotoViewController(photoID: 1) }) { scene in scene.root.showSettings() }
    default:
      recording = recorder.record(TabsController.init) { scene in scene.root.selectedIndex = 1 }
    }
    #expect(!recording.film().text.isEmpty)
    #expect(recording.flickerViolations(.sheet()).isEmpty)
  }
}
