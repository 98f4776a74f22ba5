// BookScaffold: `workbook init` as a library call. Writes a new book that
// verifies and builds at once: a first chapter (prose, a snippet with its
// output, a film of a small transition, an exercise with a hint and a
// solution), the site's settings, a .gitignore and a README.
import Foundation
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

extension Book {
  public enum Scaffold {
    /// Files of a new book, by path relative to the book's folder.
    public static let files: [(path: String, text: String)] = [
      ("Chapters/01-a-first-transition.md", firstChapter),
      ("Chapters/site.json", siteSettings),
      (".gitignore", gitignore),
      ("README.md", readme),
    ]

    /// Files a folder may already have (a repository's README, its
    /// `.gitignore`): kept as they are, the rest of the book is added.
    public static let keptWhenPresent: Set<String> = ["README.md", ".gitignore"]

    /// A file the scaffold will not write over.
    public enum Error: Swift.Error, Hashable, Sendable {
      /// These files (relative to the folder) already exist: the folder
      /// already holds a book.
      case wouldOverwrite(folder: String, files: [String])
      case cannotWrite(path: String, reason: String)
      /// The folder exists and another user owns it, or its group or
      /// others may write it (`Files.privacyProblem`): they could replace
      /// the book's chapters before it is verified.
      case folderNotPrivate(folder: String, owner: UInt32, mode: UInt32)
    }

    /// What `create` did.
    public struct Outcome: Hashable, Sendable {
      /// The paths written (absolute).
      public var written: [String]
      /// Files that were there already and were kept (relative to the folder).
      public var kept: [String]
    }

    /// Writes a new book into `folder` (created if missing), like `mdbook
    /// init` in an existing repository: a README or `.gitignore` already
    /// there is kept, the rest is added. Never replaces a file: when the
    /// book's own files (its chapter, `site.json`) exist, nothing is written.
    /// An existing folder must be private to this user, as the caches must
    /// (`Files.privacyProblem`): a folder another user owns or may write is
    /// refused, since they could put their own chapters (code `verify`
    /// runs as you) in place of the book's.
    @discardableResult
    public static func create(in folder: String) throws(Error) -> Outcome {
      let root = Files.absolute(folder)
      if let problem = Files.privacyProblem(root), [.link, .otherOwner, .writableByOthers].contains(problem.kind) {
        throw .folderNotPrivate(folder: root, owner: problem.owner, mode: problem.mode)
      }
      let existing = files.map(\.path).filter { Files.exists(root + "/" + $0) || isSymlink(root + "/" + $0) }
      let blocking = existing.filter { !keptWhenPresent.contains($0) }
      guard blocking.isEmpty else { throw .wouldOverwrite(folder: root, files: blocking) }
      var written: [String] = []
      for file in files where !existing.contains(file.path) {
        let path = root + "/" + file.path
        do {
          try Files.createDirectory((path as NSString).deletingLastPathComponent)
        } catch {
          throw .cannotWrite(path: path, reason: Files.reason(error))
        }
        try createNew(Array(file.text.utf8), at: path)
        written.append(path)
      }
      return Outcome(written: written, kept: existing)
    }

    /// The lines a kept `.gitignore` should have for the book.
    public static let ignoredFolders = ["Exercises/", ".workbook/"]

    /// The guides that ship with the tool (`WritingChapters.md`, `Stage.md`,
    /// …), beside the engine it finds: `share/transition-workbook/Guides`
    /// of an installed tool, or `Guides` of the checkout it was built in;
    /// nil when there are none.
    public static var guidesFolder: String? {
      guard let engine = EngineCache.shippedSources() else { return nil }
      for candidate in [engine + "/../Guides", engine + "/../../Guides"] {
        let folder = (candidate as NSString).standardizingPath
        if Files.exists(folder + "/WritingChapters.md") { return folder }
      }
      return nil
    }

    /// How a message names one of the guides that ship with the tool
    /// (`TransitionEngine.md`): its absolute path where the tool finds its
    /// guides, so that it can be opened from any folder; else its name as
    /// one of the guides installed with workbook.
    public static func guide(_ name: String) -> String {
      if let folder = guidesFolder, Files.exists(folder + "/" + name) { return folder + "/" + name }
      return "\(name) (one of the guides installed with workbook)"
    }

    private static func isSymlink(_ path: String) -> Bool {
      var st = stat()
      return lstat(path, &st) == 0
    }

    /// Writes a file that must not exist yet (`O_EXCL`: never through a
    /// symlink, never over a file that appeared meanwhile).
    private static func createNew(_ bytes: [UInt8], at path: String) throws(Error) {
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
      defer { close(fd) }
      var offset = 0
      while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        if n < 0 {
          if errno == EINTR { continue }
          throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        offset += n
      }
    }

    // MARK: - The book

    static let siteSettings = """
      {
        "title": "My Transition Book",
        "swiftLanguageMode": 6
      }

      """

    static let gitignore = """
      # The learner's exercise files and progress, and the verify cache.
      Exercises/
      .workbook/

      """

    static let readme = """
      # My Transition Book

      A book about UIKit view-controller transitions whose every snippet is
      compiled, run and checked by `workbook` against TransitionEngine, a
      headless model of UIKit. The chapters are the Markdown files in
      `Chapters/`; how to write one is in the Transition Workbook's
      `Guides/WritingChapters.md`, and the `Stage` harness the snippets film
      transitions with is in `Guides/Stage.md` (installed with `workbook`, in
      `share/transition-workbook/Guides/` beside its `bin/`; `workbook init`
      prints where).

      Two commands, run in this folder:

      ```sh
      workbook verify   # compile and run every snippet, check its recorded output
      workbook build    # verify, then write the book as a static site into Site/
      ```

      `workbook verify --record` writes what the snippets print now into their
      output blocks; `workbook step` works through the exercises, checking your
      file on every save. The engine the snippets compile against is built
      once per machine and engine version, in the per-user cache
      (`$XDG_CACHE_HOME/transition-workbook`, else `~/.cache/transition-workbook`).

      """

    static let firstChapter = #"""
      # A first transition

      Every `swift` block in this book is real UIKit code. `workbook verify`
      compiles and runs it against TransitionEngine, a headless model of UIKit,
      and checks that it prints exactly the `output` block under it;
      `workbook verify --record` writes what it prints now.

      ## Virtual time

      Nothing moves until the program advances the clock, so every number is
      the same on every run. A badge fading out over half a second, looked at
      half-way and at the end:

      ```swift
      import UIKit

      let simulation = Simulation.main  // the book's virtual clock
      let badge = UIView(frame: CGRect(x: 140, y: 264, width: 40, height: 40))
      UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: {
        badge.alpha = 0
      })
      print("model alpha at once:", badge.alpha)
      simulation.advance(to: 0.25)
      print("on screen half-way:", badge.layer.presentation()!.opacity)
      ```

      ```output
      model alpha at once: 0.0
      on screen half-way: 0.5
      ```

      The model value changes at once; what the screen shows is the
      *presentation* value, which follows the animation.

      ## A film of a transition

      A custom presentation: UIKit asks the presented controller's
      `transitioningDelegate` for an animator, and the animator moves the new
      screen into place inside the transition's container view. `Stage` is the
      book's harness: a window on an iPhone SE screen (320 × 568 points) that
      films the transition at the moments you ask for.

      ```swift
      final class SlideUp: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
          let screen = transitionContext.view(forKey: .to)!
          let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
          transitionContext.containerView.addSubview(screen)
          screen.frame = final.offsetBy(dx: 0, dy: final.height)   // just below the screen
          UIView.animate(withDuration: 0.4, animations: {
            screen.frame = final
          }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
          })
        }
      }

      final class Transitions: NSObject, UIViewControllerTransitioningDelegate {
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
          SlideUp()
        }
      }

      let home = UIViewController()
      home.title = "Home"
      home.view.backgroundColor = .white
      let details = UIViewController()
      details.title = "Details"
      details.view.backgroundColor = .systemBlue
      let transitions = Transitions()
      details.modalPresentationStyle = .fullScreen
      details.transitioningDelegate = transitions

      let stage = Stage(home)
      home.present(details, animated: true)
      print(stage.film(.progress([0, 0.5, 1])))
      ```

      ```output
      t=0s progress=0               t=0.2s progress=0.5           t=0.4s progress=1
      ┌─────────────────────────┐   ┌─────────────────────────┐   ┌─────────────────────────┐
      │Home.....................│   │Home.....................│   │Details##################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   │.........................│   │#########################│
      │.........................│   ├─────────────────────────┤   │#########################│
      │.........................│   │Details##################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      │.........................│   │#########################│   │#########################│
      └─────────────────────────┘   └─────────────────────────┘   └─────────────────────────┘
      fills: . white, # systemBlue
      ```

      ## Exercise: from the top

      Make the details screen come down from above the screen instead of up
      from below it. `workbook step` opens this exercise in
      `Exercises/01-a-first-transition/from-the-top.swift` and checks your file
      every time you save it.

      ```swift exercise=from-the-top
      import UIKit

      final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
          let screen = transitionContext.view(forKey: .to)!
          let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
          transitionContext.containerView.addSubview(screen)
          screen.frame = final.offsetBy(dx: 0, dy: final.height)   // TODO: above the screen instead
          UIView.animate(withDuration: 0.4, animations: {
            screen.frame = final
          }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
          })
        }
      }

      final class Transitions: NSObject, UIViewControllerTransitioningDelegate {
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
          Slide()
        }
      }

      let home = UIViewController()
      let details = UIViewController()
      let transitions = Transitions()
      details.modalPresentationStyle = .fullScreen
      details.transitioningDelegate = transitions

      let stage = Stage(home)
      home.present(details, animated: true)
      Simulation.main.advance(by: 0.2)
      let top = details.view.layer.presentation()!.frame.minY
      print("half-way, the details screen's top edge is at y =", Int(top.rounded()))
      ```

      Hints:

      - The screen starts at `final` moved by a whole screen height; which way
        is up?

      ```swift solution=from-the-top
      import UIKit

      final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
          let screen = transitionContext.view(forKey: .to)!
          let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
          transitionContext.containerView.addSubview(screen)
          screen.frame = final.offsetBy(dx: 0, dy: -final.height)
          UIView.animate(withDuration: 0.4, animations: {
            screen.frame = final
          }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
          })
        }
      }

      final class Transitions: NSObject, UIViewControllerTransitioningDelegate {
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
          Slide()
        }
      }

      let home = UIViewController()
      let details = UIViewController()
      let transitions = Transitions()
      details.modalPresentationStyle = .fullScreen
      details.transitioningDelegate = transitions

      let stage = Stage(home)
      home.present(details, animated: true)
      Simulation.main.advance(by: 0.2)
      let top = details.view.layer.presentation()!.frame.minY
      print("half-way, the details screen's top edge is at y =", Int(top.rounded()))
      ```

      ```output
      half-way, the details screen's top edge is at y = -284
      ```

      """#
  }
}
