import Dispatch
import Intro

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The README's configuration, and the calls its app makes; the outcome ends the program.
let intro = IntroCoordinator(
  IntroConfiguration<Never>(
    animation: .endTrigger(fallbackLength: .milliseconds(2600)), asset: .reported, content: .reported,
    timeout: .seconds(3), gate: .firstLaunch, historyStore: InMemoryIntroHistoryStore()))
intro.start(reduceMotion: false) { outcome in
  print(outcome.reason)
  exit(0)
}
intro.animationLoaded()
intro.animationEnded()
intro.contentReady()
dispatchMain()
