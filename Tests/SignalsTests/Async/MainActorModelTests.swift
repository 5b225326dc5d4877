import Signals
import Testing

// App code, as an app writes it: a @MainActor model that consumes signals,
// updates its state and awaits results. It compiles in Swift 6 mode with no
// `nonisolated(unsafe)`, `@preconcurrency` or `@unchecked Sendable`.

/// The file an intro loads, for the test.
private struct AnimationFile: Sendable, Equatable {
  let name: String
}

private enum LoadError: Error, Equatable {
  case missing(String)
}

/// A model of the intro screen, isolated to the main actor like any view model.
@MainActor
private final class IntroScreenModel {
  enum Phase: Equatable {
    case loading
    case playing(AnimationFile)
    case finished
    case failed(LoadError)
  }

  private(set) var phase = Phase.loading
  private(set) var progress: [Int] = []
  private var subscriptions = Set<SignalSubscription>()

  /// Loads the file (async work as a signal), then plays until the end trigger fires.
  func run(load: TaskSignal<AnimationFile, LoadError>, endTrigger: some Signal<Void, Never>) async {
    do {
      phase = .playing(try await load.firstValue())
    } catch .failed(let error) {
      phase = .failed(error)
      return
    } catch {
      return  // cancelled: leave the state as it is
    }
    for await _ in endTrigger.values {
      phase = .finished
      break
    }
  }

  /// Follows progress values until the signal ends.
  func follow(_ progressSignal: some Signal<Int, Never>) async {
    for await value in progressSignal.values {
      progress.append(value)
    }
  }

  /// Binds with a sink whose callback hops to the main actor.
  func bind(_ progressSignal: some Signal<Int, Never>, done: AsyncFlag) {
    progressSignal.sink { value in
      Task { @MainActor in
        self.progress.append(value)
        done.set()
      }
    }.store(in: &subscriptions)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct MainActorModelTests {
  @Test func theModelLoadsPlaysAndFinishesOnTheEndTrigger() async {
    let model = IntroScreenModel()
    let trigger = PassthroughSignal<Void, Never>()
    let subscribed = AsyncFlag()
    let load = TaskSignal { () async throws(LoadError) -> AnimationFile in AnimationFile(name: "intro") }
    let run = Task { await model.run(load: load, endTrigger: trigger.announcingSubscription(to: subscribed)) }
    await subscribed.wait()
    #expect(model.phase == .playing(AnimationFile(name: "intro")))
    trigger.send()
    await run.value
    #expect(model.phase == .finished)
    #expect(!trigger.hasObservers)
  }

  @Test func aLoadFailureReachesTheModelTyped() async {
    let model = IntroScreenModel()
    let load = TaskSignal { () async throws(LoadError) -> AnimationFile in throw .missing("intro.riv") }
    await model.run(load: load, endTrigger: PassthroughSignal<Void, Never>())
    #expect(model.phase == .failed(.missing("intro.riv")))
  }

  @Test func workThatRunsOnTheMainActorIsASignalToo() async throws {
    let model = IntroScreenModel()
    let phaseName = TaskSignal { @MainActor () -> String in "\(model.phase)" }
    #expect(try await phaseName.firstValue() == "loading")
  }

  @Test func theModelFollowsAnAsyncStreamThroughASignal() async {
    let model = IntroScreenModel()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in [10, 50, 100] { continuation.yield(value) }
    continuation.finish()
    await model.follow(stream.signal)
    #expect(model.progress == [10, 50, 100])
  }

  @Test func cancellingTheModelsTaskCancelsItsSubscription() async {
    let model = IntroScreenModel()
    let progress = PassthroughSignal<Int, Never>()
    let subscribed = AsyncFlag()
    let follow = Task { await model.follow(progress.announcingSubscription(to: subscribed)) }
    await subscribed.wait()
    #expect(progress.hasObservers)
    follow.cancel()
    await follow.value
    #expect(!progress.hasObservers)
  }

  @Test func aSinkCanHopToTheMainActor() async {
    let model = IntroScreenModel()
    let progress = PassthroughSignal<Int, Never>()
    let done = AsyncFlag()
    model.bind(progress, done: done)
    progress.send(42)
    await done.wait()
    #expect(model.progress == [42])
  }
}
