import Foundation
import Testing
@testable import TransitionDiagrams
@testable import TransitionEngine

// The motion: every frame of a film at 60 fps, for the site's player, with
// the values that change as series to graph.

@Suite("Motion JSON")
struct MotionJSONTests {
  /// A fade-in of a card over 0.4 s, presented on a stage.
  func fading(_ sim: Simulation) -> (Stage, StageTests.Fade) {
    let home = UIViewController()
    home.title = "Home"
    home.view.backgroundColor = .white
    let card = UIViewController()
    card.title = "Card"
    card.view.backgroundColor = .systemBlue
    let fade = StageTests.Fade()
    card.modalPresentationStyle = .custom
    card.transitioningDelegate = fade
    let stage = Stage(home)
    home.present(card, animated: true)
    return (stage, fade)
  }

  func motionObject(_ json: String?) throws -> [String: Any] {
    let text = try #require(json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    return try #require(object["motion"] as? [String: Any])
  }

  @Test("a film's motion is every 1/60 s from its first key moment to its last, the key moments among them")
  func everyFrame() throws {
    try Simulation.run { sim in
      let (stage, fade) = fading(sim)
      let film = stage.film(.progress([0, 0.25]))
      _ = fade
      #expect(film.captures.map(\.time) == [0, 0.1])
      #expect(film.motion.map(\.time) == (0...6).map { Stage.snap(Double($0) / 60) })
      let published = DiagramChannel.take(from: sim)
      let text = try #require(published.first?.framesJSON)
      assertDiagramSnapshot(text, named: "fade-0-to-25-percent")
      let motion = try motionObject(text)
      #expect(motion["fps"] as? Int == 60)
      #expect((motion["times"] as? [Double])?.count == 7)
      #expect(motion["keys"] as? [Int] == [0, 6])
      // Only the card's alpha changes: one series.
      let series = try #require(motion["series"] as? [[String: Any]])
      #expect(series.map { "\($0["label"] ?? "") \($0["property"] ?? "")" } == ["Card alpha"])
      // At 0 the card is transparent, so not drawn: null.
      let values = try #require(series.first?["values"] as? [Any])
      #expect(values.first is NSNull)
      let alpha = values.compactMap { $0 as? Double }
      #expect(alpha.count == 6 && alpha.last == 0.25)
      #expect(zip(alpha, alpha.dropFirst()).allSatisfy { $0 < $1 })
    }
  }

  @Test("the old keys stay as they were: the motion is a key of its own, after them")
  func oldKeysUnchanged() throws {
    try Simulation.run { sim in
      let (stage, fade) = fading(sim)
      let film = stage.film(.progress([0, 0.5]))
      _ = fade
      let withMotion = FrameJSONEncoder().encode(film.captures, motion: film.motion)
      let without = FrameJSONEncoder().encode(film.captures)
      #expect(!without.contains("\"motion\""))
      #expect(withMotion.hasPrefix(String(without.dropLast(3))))
      _ = try motionObject(withMotion)
    }
  }

  @Test("the same film gives byte-identical JSON")
  func deterministic() {
    func run() -> String? {
      Simulation.run { sim in
        let (stage, fade) = fading(sim)
        _ = stage.film()
        _ = fade
        return DiagramChannel.take(from: sim).first?.framesJSON
      }
    }
    let first = run()
    #expect(first != nil)
    #expect(first == run())
  }

  @Test("a still frame has no motion")
  func stillFrame() {
    Simulation.run { sim in
      let (stage, fade) = fading(sim)
      let film = stage.film(.progress([0]))
      _ = fade
      #expect(film.motion.count <= 1)
      #expect(DiagramChannel.take(from: sim).first?.framesJSON?.contains("\"motion\"") == false)
    }
  }

  @Test("a film longer than 20 s keeps its key moments only")
  func longFilm() {
    Simulation.run { sim in
      let root = UIViewController()
      root.view.backgroundColor = .white
      let stage = Stage(root)
      let film = stage.film(.times([0, 30]))
      #expect(film.captures.count == 2)
      #expect(film.motion.isEmpty)
      #expect(DiagramChannel.take(from: sim).first?.framesJSON?.contains("\"motion\"") == false)
    }
  }

  @Test("a spring's overshoot is in the y series, frame by frame")
  func springOvershoot() throws {
    try Simulation.run { sim in
      let root = UIViewController()
      root.view.backgroundColor = .white
      let ball = UIView(frame: CGRect(x: 100, y: 400, width: 60, height: 60))
      ball.accessibilityIdentifier = "ball"
      ball.backgroundColor = .systemRed
      root.view.addSubview(ball)
      let stage = Stage(root)
      UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0,
                     options: [], animations: { ball.frame.origin.y = 100 })
      let film = stage.film(.times([0, 0.6]))
      #expect(film.motion.count == 37)
      let motion = try motionObject(DiagramChannel.take(from: sim).first?.framesJSON)
      let series = try #require(motion["series"] as? [[String: Any]])
      #expect(series.map { "\($0["label"] ?? "") \($0["property"] ?? "")" } == ["ball y"])
      let y = try #require(series.first?["values"] as? [Double])
      #expect(y.first == 400)
      #expect(try #require(y.min()) < 100, "the spring goes past its target")
      // The ball moves, the window does not: only the ball's quad varies.
      let layers = try #require(motion["layers"] as? [[String: Any]])
      let varying = layers.filter { $0["vary"] != nil }.map { $0["label"] as? String }
      #expect(varying == ["ball"])
    }
  }

  @Test("a filmed drag's motion is on the 1/60 s grid of its touches")
  func dragMotion() {
    Simulation.run { sim in
      let root = UIViewController()
      root.view.backgroundColor = .white
      let stage = Stage(root)
      let film = stage.drag(from: CGPoint(x: 10, y: 300), to: CGPoint(x: 200, y: 300), duration: 0.2,
                            filmingEvery: 0.1)
      #expect(film.captures.map(\.time) == [0, 0.1, 0.2])
      #expect(film.motion.map(\.time) == (0...12).map { Stage.snap(Double($0) / 60) })
    }
  }

  @Test("scale and rotation are read from affine transforms and from turns about one axis")
  func transformParts() throws {
    typealias Track = MotionJSONEncoder.Track
    func elements(_ t: CATransform3D) -> [Double] { t.elements.map { Double($0) } }
    let half = try #require(Track.parts(elements(CATransform3DMakeScale(0.5, 0.5, 1))))
    #expect(half.scaleX == 0.5 && half.scaleY == 0.5 && half.rotation == 0)
    let turned = try #require(Track.parts(elements(CATransform3DMakeRotation(.pi / 6, 0, 0, 1))))
    #expect(abs(turned.rotation! - 30) < 1e-9 && abs(turned.scaleX! - 1) < 1e-9)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    let flip = try #require(Track.parts(elements(CATransform3DRotate(perspective, .pi / 3, 0, 1, 0))))
    #expect(abs(flip.rotationY! - 60) < 1e-9 && flip.scaleX == nil)
    let tilt = try #require(Track.parts(elements(CATransform3DMakeRotation(.pi / 4, 1, 0, 0))))
    #expect(abs(tilt.rotationX! - 45) < 1e-9)
  }
}
