import UIKit

// Presents the drawer and lets it settle, then dismisses it with a pan
// most of the way across.
let home = UIViewController()
let stage = Stage(home)
let drawer = DrawerViewController()
home.present(drawer, animated: true)
stage.settle()
print("presented at x =", drawer.view.frame.minX)
print("events:", drawer.events.joined(separator: ", "))
stage.drag(from: CGPoint(x: 150, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.3)
stage.settle()
print("dismissed:", home.presentedViewController == nil)
