import UIKit

/// A grid of photos laid out with Auto Layout. Tapping a photo pushes it
/// with iOS 18's zoom transition: no animator, only `preferredTransition`.
public final class PhotoGridViewController: UIViewController {
  private var tiles: [UIView] = []
  private let header = UILabel()

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Photos"
    view.backgroundColor = .systemBackground
    header.text = "Recents"
    header.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(header)
    NSLayoutConstraint.activate([
      header.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
      header.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 8),
    ])
    // Three columns of square tiles, 4 points apart.
    var above: NSLayoutYAxisAnchor = header.bottomAnchor
    for row in 0..<3 {
      var left: NSLayoutXAxisAnchor = view.leadingAnchor
      var rowTiles: [UIView] = []
      for column in 0..<3 {
        let tile = UIView()
        tile.translatesAutoresizingMaskIntoConstraints = false
        tile.backgroundColor = .systemTeal
        tile.accessibilityIdentifier = "tile \(row * 3 + column + 1)"
        view.addSubview(tile)
        NSLayoutConstraint.activate([
          tile.topAnchor.constraint(equalTo: above, constant: 4),
          tile.leadingAnchor.constraint(equalTo: left, constant: 4),
          tile.heightAnchor.constraint(equalTo: tile.widthAnchor),
        ])
        if let first = rowTiles.first {
          tile.widthAnchor.constraint(equalTo: first.widthAnchor).isActive = true
        }
        left = tile.trailingAnchor
        rowTiles.append(tile)
        tiles.append(tile)
      }
      rowTiles[2].trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -4).isActive = true
      above = rowTiles[0].bottomAnchor
    }
  }

  /// The tile showing `photoID` (1…9).
  public func tile(for photoID: Int) -> UIView? {
    tiles.first { $0.accessibilityIdentifier == "tile \(photoID)" }
  }

  /// Pushes the photo, zooming from its tile (looked up by identifier each
  /// time the transition asks, as Apple recommends).
  public func showPhoto(_ photoID: Int) {
    let photo = PhotoViewController(photoID: photoID)
    photo.preferredTransition = .zoom { [weak self] context in
      guard let photo = context.zoomedViewController as? PhotoViewController else { return nil }
      return self?.tile(for: photo.photoID)
    }
    navigationController?.pushViewController(photo, animated: true)
  }
}

/// One photo, full screen, with an info card and settings.
public final class PhotoViewController: UIViewController {
  public let photoID: Int
  private let picture = UIView()

  public init(photoID: Int) {
    self.photoID = photoID
    super.init(nibName: nil, bundle: nil)
    title = "Photo \(photoID)"
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  public override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .black
    picture.backgroundColor = .systemTeal
    picture.accessibilityIdentifier = "picture"
    picture.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(picture)
    NSLayoutConstraint.activate([
      picture.centerYAnchor.constraint(equalTo: view.centerYAnchor),
      picture.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      picture.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      picture.heightAnchor.constraint(equalTo: picture.widthAnchor),
    ])
  }

  /// Slides the info card up over the photo.
  public func showInfo() {
    present(InfoCardViewController(photoID: photoID), animated: true)
  }

  /// Opens the settings as a sheet at half height, growing to full.
  public func showSettings() {
    let settings = UIViewController()
    settings.title = "Settings"
    settings.view.backgroundColor = .systemGray6
    settings.sheetPresentationController?.detents = [.medium(), .large()]
    present(settings, animated: true)
  }
}
