// Isolation: how the engine declares UIKit's main-actor isolation
// (Guides/TransitionEngine.md, "Isolation").
//
// UIKit's views, controllers, gesture recognisers, presentation controllers
// and transitioning protocols are `@MainActor @preconcurrency` here, as the
// iOS SDK imports them (Objective-C declarations are always
// `@preconcurrency`). Core Animation, the geometry types and the run loop
// are not main-actor, as in the SDK. The engine itself is compiled in
// Swift 5 mode and runs on one thread; its nonisolated code (the
// simulation, layers, the run loop) calls into the main-actor types freely,
// which `@preconcurrency` allows there.

/// Runs `body`, a main-actor closure, synchronously on the current thread,
/// without the runtime check `MainActor.assumeIsolated` makes.
///
/// For the few members UIKit inherits from `NSObject`, which stay
/// nonisolated (`description`), that read main-actor state: the engine runs
/// every simulation on one thread, whichever thread that is (a test's
/// thread, a snippet program's main thread).
func mainActorState<T>(_ body: @MainActor () -> T) -> T {
  withoutActuallyEscaping(body) { body in
    unsafeBitCast(body, to: (() -> T).self)()
  }
}
