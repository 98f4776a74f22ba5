// error: capture of 'cache' with non-Sendable type 'SnapshotCache' in a '@Sendable' closure
import UIKit

final class SnapshotCache {
  var frames: [CGRect] = []
}

/// Records frames on a background queue: Dispatch's block is `@Sendable`,
/// and the cache is not Sendable.
func recordInBackground(_ frame: CGRect) {
  let cache = SnapshotCache()
  DispatchQueue.global().async {
    cache.frames.append(frame)
  }
}
