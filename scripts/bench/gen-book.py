#!/usr/bin/env python3
"""Writes a benchmark book for scripts/bench/verify.sh.

Usage: gen-book.py OUT_DIR [CHAPTERS] [SNIPPETS_PER_CHAPTER] [BASELINE_DIR] [SALT]

With BASELINE_DIR it also writes the baselines' sources, translated the way
verify translates them (`import UIKit` -> `import TransitionEngine`):
BASELINE_DIR/all.swift (every snippet in one file),
BASELINE_DIR/each/CC_J/main.swift (each snippet as its own program) and
BASELINE_DIR/chapter/CC/main.swift (chapter CC's snippets as one program).

Chapter c gets snippets built from six templates of transition-flavoured
code (timing curves, keyframes, a state machine, protocols and extensions,
generics, frame geometry), 12 to 25 lines each, with names unique across the
book so that the single-file baseline can compile every snippet in one file.
SALT (letters and digits) goes into every name: each trial of a cold
benchmark gets code no cache or program store has seen.
Output blocks are left out: the script records them with `verify --record`.
"""
import os
import sys

TEMPLATES = [
    # 0: timing curves
    '''struct Curve{t} {{
  var p1: CGPoint
  var p2: CGPoint
  func value(at t: Double) -> Double {{
    let u = 1 - t
    let y = 3 * u * u * t * Double(p1.y) + 3 * u * t * t * Double(p2.y) + t * t * t
    return (y * 1000).rounded() / 1000
  }}
}}
let easeInOut{t} = Curve{t}(p1: CGPoint(x: 0.42, y: 0), p2: CGPoint(x: 0.58, y: 1))
for step in stride(from: 0.0, through: 1.0, by: 0.25) {{
  print("t=\\(step) y=\\(easeInOut{t}.value(at: step))")
}}''',
    # 1: keyframes
    '''struct Keyframe{t}: Comparable {{
  var time: Double
  var alpha: Double
  static func < (a: Keyframe{t}, b: Keyframe{t}) -> Bool {{ a.time < b.time }}
}}
let frames{t} = [Keyframe{t}(time: 0.6, alpha: 0.2), Keyframe{t}(time: 0, alpha: 1),
                 Keyframe{t}(time: 1, alpha: 0)].sorted()
func alpha{t}(at time: Double) -> Double {{
  guard let next = frames{t}.firstIndex(where: {{ $0.time >= time }}), next > 0 else {{
    return frames{t}.first?.alpha ?? 1
  }}
  let a = frames{t}[next - 1], b = frames{t}[next]
  let f = (time - a.time) / (b.time - a.time)
  return a.alpha + (b.alpha - a.alpha) * f
}}
print(frames{t}.map {{ String(format: "%.1f", $0.time) }}.joined(separator: " → "))
print(String(format: "%.2f", alpha{t}(at: 0.3)))''',
    # 2: state machine
    '''enum TransitionState{t}: String, CaseIterable {{
  case idle, presenting, interactive, cancelled, finished
  func next(progress: Double, cancelled: Bool) -> TransitionState{t} {{
    switch self {{
    case .idle: return .presenting
    case .presenting: return progress > 0.1 ? .interactive : .presenting
    case .interactive: return cancelled ? .cancelled : (progress >= 1 ? .finished : .interactive)
    case .cancelled, .finished: return self
    }}
  }}
}}
var state{t} = TransitionState{t}.idle
for (progress, cancel) in [(0.0, false), (0.2, false), (0.7, false), (1.0, false)] {{
  state{t} = state{t}.next(progress: progress, cancelled: cancel)
  print(state{t}.rawValue)
}}''',
    # 3: protocols and extensions
    '''protocol Animating{t} {{
  var duration: TimeInterval {{ get }}
  func describe() -> String
}}
extension Animating{t} {{
  func describe() -> String {{ "\\(type(of: self)) for \\(duration)s" }}
}}
struct Fade{t}: Animating{t} {{ var duration: TimeInterval = 0.3 }}
struct Slide{t}: Animating{t} {{
  var duration: TimeInterval = 0.45
  var edge = "left"
  func describe() -> String {{ "slide from \\(edge) for \\(duration)s" }}
}}
let animations{t}: [any Animating{t}] = [Fade{t}(), Slide{t}(), Fade{t}(duration: 1)]
for animation in animations{t} {{ print(animation.describe()) }}
print(animations{t}.reduce(0) {{ $0 + $1.duration }})''',
    # 4: generics
    '''struct Timeline{t}<Value> {{
  private(set) var entries: [(Double, Value)] = []
  mutating func add(_ value: Value, at time: Double) {{
    entries.append((time, value))
    entries.sort {{ $0.0 < $1.0 }}
  }}
  func values(until time: Double) -> [Value] {{
    entries.filter {{ $0.0 <= time }}.map(\\.1)
  }}
}}
var timeline{t} = Timeline{t}<String>()
timeline{t}.add("fade in", at: 0.2)
timeline{t}.add("start", at: 0)
timeline{t}.add("settle", at: 0.9)
print(timeline{t}.values(until: 0.5))
let durations{t} = Dictionary(grouping: [0.2, 0.3, 0.25, 0.5, 0.45] as [Double], by: {{ $0 < 0.3 ? "short" : "long" }})
print(durations{t}.keys.sorted(), durations{t}["long"]?.count ?? 0)''',
    # 5: geometry
    '''let container{t} = CGRect(x: 0, y: 0, width: 390, height: 844)
func cardFrame{t}(progress: CGFloat) -> CGRect {{
  let inset = 16 * (1 - progress)
  let height = container{t}.height * (0.5 + 0.5 * progress)
  return CGRect(x: inset, y: container{t}.maxY - height,
                width: container{t}.width - 2 * inset, height: height)
}}
for p in [CGFloat(0), 0.5, 1] {{
  let f = cardFrame{t}(progress: p)
  print("\\(p): x=\\(f.minX) y=\\(f.minY) w=\\(f.width) h=\\(f.height)")
}}
print(container{t}.insetBy(dx: 8, dy: 8).integral)''',
]


def main():
    out = sys.argv[1]
    chapters = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    per_chapter = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    baselines = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else None
    salt = sys.argv[5] if len(sys.argv) > 5 else ""
    os.makedirs(out, exist_ok=True)
    everything = ["import TransitionEngine\n"]
    for c in range(1, chapters + 1):
        parts = [f"# Chapter {c}: transitions, part {c}\n",
                 "Prose introduces each snippet.\n"]
        chapter = ["import TransitionEngine\n"]
        for j in range(per_chapter):
            tag = f"_{salt}{c}_{j}"
            code = TEMPLATES[(c + j) % len(TEMPLATES)].format(t=tag)
            if j == 0:
                code = "import UIKit\n\n" + code
            parts.append(f"Step {j + 1} of chapter {c}.\n")
            parts.append("```swift\n" + code + "\n```\n")
            translated = code.replace("import UIKit\n", "import TransitionEngine\n")
            body = translated.replace("import TransitionEngine\n", "")
            everything.append(body + "\n")
            chapter.append(body + "\n")
            if baselines:
                each = os.path.join(baselines, "each", f"{c:02d}_{j}")
                os.makedirs(each, exist_ok=True)
                with open(os.path.join(each, "main.swift"), "w") as f:
                    f.write("import TransitionEngine\n" + body + "\n")
        with open(os.path.join(out, f"{c:02d}-chapter.md"), "w") as f:
            f.write("\n".join(parts))
        if baselines:
            folder = os.path.join(baselines, "chapter", f"{c:02d}")
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, "main.swift"), "w") as f:
                f.write("\n".join(chapter))
    if baselines:
        with open(os.path.join(baselines, "all.swift"), "w") as f:
            f.write("\n".join(everything))


if __name__ == "__main__":
    main()
