import Testing
import TransitionEngine

@Test func engineReportsAVersion() {
  #expect(!transitionEngineVersion.isEmpty)
}
