// UIImage: an image known by its name (the engine has no pixels); diagrams
// print an image's name.

/// An image, known by its name (the engine has no pixels).
open class UIImage: NSObject {
  /// The name the image was loaded with, if any.
  public let name: String?
  /// The image's size in points.
  open var size: CGSize

  /// An image by name; every name exists in the engine (100 × 100 pt).
  public init?(named name: String) {
    self.name = name
    size = CGSize(width: 100, height: 100)
    super.init()
  }

  /// An SF Symbol by name (24 × 24 pt).
  public init?(systemName name: String) {
    self.name = name
    size = CGSize(width: 24, height: 24)
    super.init()
  }

  /// An unnamed image of a size.
  public init(size: CGSize) {
    name = nil
    self.size = size
    super.init()
  }

  open override var description: String { name.map { "UIImage(\($0))" } ?? "UIImage" }
}
