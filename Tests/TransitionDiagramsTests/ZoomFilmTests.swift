import Testing
import TransitionDiagrams
import TransitionEngine

// Golden film of iOS 18's zoom transition: a detail screen zooms out of a
// thumbnail in a grid. The motion is the engine's model (Apple publishes no
// curve), and the film's key says so.

@Suite("The zoom transition on film")
struct ZoomFilmTests {
  /// A grid screen with one thumbnail, and a detail screen that zooms from it.
  private static func scene() -> (grid: UIViewController, detail: UIViewController) {
    let grid = UIViewController()
    grid.title = "Grid"
    grid.view.backgroundColor = .systemGray6
    let thumbnail = UIImageView(frame: CGRect(x: 24, y: 96, width: 96, height: 96))
    thumbnail.backgroundColor = .systemTeal
    thumbnail.accessibilityIdentifier = "thumb"
    grid.view.addSubview(thumbnail)
    let detail = UIViewController()
    detail.title = "Detail"
    detail.view.backgroundColor = .systemBlue
    detail.preferredTransition = .zoom { _ in thumbnail }
    return (grid, detail)
  }

  @Test("A detail screen zooms out of a thumbnail: key moments, with the engine-choice line in the key")
  func zoomFromThumbnail() {
    Simulation.run { _ in
      let (grid, detail) = Self.scene()
      let stage = Stage(grid)
      grid.present(detail, animated: true)
      let film = stage.film()
      #expect(film.text.contains("motion: the engine's model of the zoom"))
      #expect(film.captures.first?.engineChoice != nil)
      assertDiagramSnapshot(film.text, named: "zoom-from-thumbnail")
    }
  }

  @Test("Other films carry no engine-choice line")
  func otherFilmsUnmarked() {
    Simulation.run { _ in
      let (grid, detail) = Self.scene()
      detail.preferredTransition = nil
      detail.modalPresentationStyle = .fullScreen
      let stage = Stage(grid)
      grid.present(detail, animated: true)
      #expect(!stage.film().text.contains("motion:"))
    }
  }
}
