// `workbook play` plays a film's motion (issue 40): every frame at 60 fps,
// drawn from the record on the key frames' grid, as the site's player
// plays it; the key frames' panels show when paused or stepping.
import Foundation
import Testing
@testable import WorkbookModel
@testable import WorkbookStepper

@Suite struct MotionRasterTests {
  /// A film of chapter 3 as verify reported it (Tests/Fixtures/films/README.md).
  static func chapterFilm() throws -> DiagramRecord {
    let path = TestPackage.fixtures + "/films/03-pop-snippet-4.json"
    return try DiagramRecord.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  /// A hand-made film on a 120 × 120 point screen drawn 10 × 5 cells
  /// (12 × 24 points a cell): a white back, a blue card that moves right
  /// under a clip and then goes, a black shade that comes in front in
  /// frame 1, half (translucent) then a fifth (faint) shown, and a badge
  /// of a colour the key does not name in frame 2.
  static let handMadeFilm = """
    {"v": 1, "kind": "filmstrip", "text": "(as printed)\\n", "frames": {
      "screen": {"width": 120, "height": 120},
      "frames": [
        {"time": 0, "progress": 0, "caption": "t=0s progress=0", "text": "┌────────┐\\n│back####│\\n│...#card│\\n│...####.│\\n└────────┘"},
        {"time": 0.033, "progress": 1, "caption": "t=0.033s progress=1", "text": "┌────────┐\\n│back=..=│\\n│...=...=│\\n│.=...=.?│\\n└────────┘"}],
      "key": ["fills: . white, # systemBlue,", "       = black"],
      "motion": {"fps": 60, "times": [0, 0.017, 0.033], "progress": [0, 0.5, 1], "keys": [0, 2],
        "layers": [
          {"parent": null, "depth": 0, "label": "UIWindow", "view": true, "quad": [[0, 0], [120, 0], [120, 120], [0, 120]], "shows": 1},
          {"parent": 0, "depth": 1, "label": "back", "view": true, "quad": [[0, 0], [120, 0], [120, 120], [0, 120]], "shows": 1,
           "fill": {"name": "white", "hex": "#FFFFFF", "alpha": 1}},
          {"parent": 1, "depth": 2, "label": "card", "view": true, "shows": 1, "fill": {"name": "systemBlue", "hex": "#007AFF", "alpha": 1},
           "vary": {"quad": [[[12, 24], [48, 24], [48, 96], [12, 96]], [[36, 24], [72, 24], [72, 96], [36, 96]], null],
                    "clips": [[], [[[0, 0], [60, 0], [60, 120], [0, 120]]], []]}},
          {"parent": 0, "depth": 1, "label": "shade", "view": true, "quad": [[0, 0], [120, 0], [120, 120], [0, 120]],
           "fill": {"name": "black", "hex": "#000000", "alpha": 1}, "dimmed": true, "vary": {"shows": [null, 0.5, 0.2]}},
          {"parent": 1, "depth": 2, "label": "badge", "view": true, "shows": 1, "fill": {"name": "systemPink", "hex": "#FF2D55", "alpha": 1},
           "vary": {"quad": [null, null, [[96, 72], [108, 72], [108, 96], [96, 96]]]}}
        ],
        "order": [[0, [0, 1, 2]], [1, [0, 1, 2, 3]], [2, [0, 1, 3, 4]]]}}}
    """

  static func handMade() throws -> DiagramRecord {
    try DiagramRecord.decode(Array(handMadeFilm.utf8))
  }

  @Test func aHandMadeMotionIsDrawnByTheTopmostFillAtEachCellsCentre() throws {
    let motion = try #require(FrameSequence(try Self.handMade()).motion)
    #expect(motion.count == 3 && motion.keys == [0, 2])
    #expect(motion.raster.pointsPerColumn == 12 && motion.raster.pointsPerRow == 24)
    // The card over the white back, the screen's edge round them.
    #expect(motion.lines(0) == ["┌────────┐",
                                "│###.....│",
                                "│###.....│",
                                "│###.....│",
                                "└────────┘"])
    // Moved right, cut by its clip at x = 60; the shade at half: every other cell.
    #expect(motion.lines(1) == ["┌────────┐",
                                "│=.=#=.=.│",
                                "│.=#=.=.=│",
                                "│=.=#=.=.│",
                                "└────────┘"])
    // The card gone; the shade faint (one cell in four); the badge's colour
    // is not in the key: `?`, as the text renderer draws such a fill.
    #expect(motion.lines(2) == ["┌────────┐",
                                "│.=...=..│",
                                "│...=...=│",
                                "│.=...=.?│",
                                "└────────┘"])
    #expect(motion.time(1) == 0.017 && motion.progress(1) == 0.5)
    #expect(motion.keyFrame(atOrBefore: 1) == 0 && motion.keyFrame(atOrBefore: 2) == 1)
  }

  @Test func eachMotionFrameResolvesItsLayersFromThePaintOrderAndVary() throws {
    let motion = try #require(try Self.handMade().frames?.motion)
    #expect(motion.layers(at: 0).map(\.label) == ["UIWindow", "back", "card"])
    #expect(motion.layers(at: 1).map(\.label) == ["UIWindow", "back", "card", "shade"])
    #expect(motion.layers(at: 1)[3].shows == 0.5)
    #expect(motion.layers(at: 1)[2].clips == [[[0, 0], [60, 0], [60, 120], [0, 120]]])
    #expect(motion.layers(at: 1).allSatisfy { $0.vary == nil })
    // The card has no quad in frame 2: it does not show.
    #expect(motion.layers(at: 2).map(\.label) == ["UIWindow", "back", "shade", "badge"])
    // Past the motion's end: the last run, and no layer with a per-frame quad.
    #expect(motion.layers(at: 9).map(\.label) == ["UIWindow", "back", "shade"])
  }

  @Test func theKeyGivesEachFillItsCharacterAndTheGridItsScale() {
    #expect(MotionRaster.fillCharacters(key: ["fills: . white, # systemBlue,", "       = black", "looks: * dimmed"])
      == ["white": ".", "systemBlue": "#", "black": "="])
    // Letters, digits and control characters are no fill characters.
    #expect(MotionRaster.fillCharacters(key: ["fills: a black, 1 red, \u{1B} blue, ~ systemYellow"]) == ["systemYellow": "~"])
    // The styles' scales: 320 × 568 points as 27 × 24 cells (12 × 24 a
    // cell) or, at half height, 20 × 12 cells (16 × 48).
    #expect(MotionRaster.pointsPerCell(screen: 320, cells: 27) == 12)
    #expect(MotionRaster.pointsPerCell(screen: 568, cells: 24) == 24)
    #expect(MotionRaster.pointsPerCell(screen: 320, cells: 20) == 16)
    #expect(MotionRaster.pointsPerCell(screen: 568, cells: 12) == 48)
  }

  /// The motion frame at each key moment of a chapter's film, drawn from
  /// the record, against the panel the engine drew for that moment: every
  /// cell the panel fills is filled alike, and the screen's edge is the
  /// same. What differs is what the motion does not draw: the layers'
  /// edges (`┌─┐│`, `├` where they meet the screen's edge) and labels.
  @Test func theMotionFrameAtEachKeyMomentIsItsPanelsFills() throws {
    let film = try Self.chapterFilm()
    let sequence = FrameSequence(film)
    let motion = try #require(sequence.motion)
    #expect(motion.count == 61 && motion.keys == [0, 15, 30, 45, 60])
    let fills = Set(MotionRaster.fillCharacters(key: sequence.key).values)
    #expect(fills == [".", ":", "^", "%"])
    var equal = 0, cells = 0
    for (k, m) in motion.keys.enumerated() {
      let panel = try #require(film.panels).frames[k].text.split(separator: "\n").map { Array(String($0)) }
      let drawn = motion.lines(m).map { Array($0) }
      #expect(drawn.count == panel.count && zip(drawn, panel).allSatisfy { $0.count == $1.count }, "key frame \(k + 1)")
      for (r, row) in panel.enumerated() {
        for (c, character) in row.enumerated() {
          cells += 1
          if drawn[r][c] == character { equal += 1; continue }
          #expect(!fills.contains(character), "key frame \(k + 1), row \(r), column \(c): \(drawn[r][c]) for \(character)")
          let edgeOfScreen = r == 0 || c == 0 || r == panel.count - 1 || c == row.count - 1
          #expect(!edgeOfScreen || "├┤┬┴".contains(character), "key frame \(k + 1), row \(r), column \(c)")
        }
      }
    }
    // 5 panels of 27 × 24 cells. The first (the screen cut in three, the
    // grid of thumbnails with their edges and labels) differs most; the
    // other four (the red screen, popped) in its label `Recipe` and, at
    // 0.5 s, in the row of its bottom edge (`├───┤`). Measured: 3,058 of
    // 3,240 cells equal.
    #expect(cells == 3240)
    #expect(Double(equal) / Double(cells) >= 0.94, "\(equal) of \(cells) cells equal")
  }
}

@Suite struct MotionPlayerTests {
  static func player() throws -> FilmstripPlayer {
    FilmstripPlayer(sequence: FrameSequence(try MotionRasterTests.handMade()), title: "02-film.md · snippet 1",
                    terminal: Terminal(), style: .plain)
  }

  /// Playing, the screen shows a motion frame and says its time and
  /// progress; paused or stepped, a key frame's panel as the engine drew
  /// it; the fields after the position do not move between the two.
  @Test func playingShowsMotionFramesAndPausedShowsTheKeyFramesPanels() throws {
    let player = try Self.player()
    let playing = player.screen(.motion(1), state: .playing, width: 100, height: 20)
    #expect(playing[1] == "frame 2 of 3 · t=0.017s progress=0.5   · playing   · space pause · ←/→ step · q quit")
    #expect(Array(playing[3...8]) == ["t=0.017s progress=0.5", "┌────────┐", "│=.=#=.=.│", "│.=#=.=.=│",
                                      "│=.=#=.=.│", "└────────┘"])
    #expect(Array(playing[9...10]) == ["fills: . white, # systemBlue,", "       = black"])
    let paused = player.screen(.key(1), state: .paused, width: 100, height: 20)
    #expect(paused[1] == "key frame 2 of 2 · t=0.033s progress=1 · paused    · space play  · ←/→ step · q quit")
    #expect(Array(paused[3...5]) == ["t=0.033s progress=1", "┌────────┐", "│back=..=│"])
    // Each motion frame shows for its recorded time, scaled by --speed.
    let slow = FilmstripPlayer(sequence: FrameSequence(try MotionRasterTests.handMade()), title: "t",
                               terminal: Terminal(), style: .plain, speed: 0.5)
    #expect(abs(slow.delay(after: 0) - 0.034) < 1e-9 && abs(slow.delay(after: 1) - 0.032) < 1e-9)
  }

  /// Without a terminal (or with --no-animate) the key frames are printed,
  /// as before: the motion is for playing.
  @Test func printingShowsTheKeyFramesOnly() throws {
    let player = try Self.player()
    #expect(player.render(1, status: nil).prefix(4) == ["02-film.md · snippet 1 · frame 2 of 2 · t=0.033s",
                                                        "t=0.033s progress=1", "┌────────┐", "│back=..=│"])
  }
}
