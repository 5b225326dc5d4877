import Signals
import Testing

@Suite struct CollectTests {
  @Test func collectsAllValuesOnFinish() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<[Int], TestError>()
    let token = subject.collect().subscribe(log)
    subject.send(1)
    subject.send(2)
    #expect(log.events.isEmpty)
    subject.send(completion: .finished)
    #expect(log.events == [.value([1, 2]), .finished])
    withExtendedLifetime(token) {}
  }

  @Test func emptyUpstreamYieldsAnEmptyArray() {
    let log = EventLog<[Int], Never>()
    _ = EmptySignal<Int, Never>().collect().subscribe(log)
    #expect(log.events == [.value([]), .finished])
  }

  @Test func failureReplacesTheArray() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<[Int], TestError>()
    let token = subject.collect().subscribe(log)
    subject.send(1)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  @Test func byCountEmitsFullChunksThenThePartialOne() {
    let log = EventLog<[Int], Never>()
    _ = [1, 2, 3, 4, 5].signal.collect(2).subscribe(log)
    #expect(log.events == [.value([1, 2]), .value([3, 4]), .value([5]), .finished])
  }

  @Test func byCountEmitsNoEmptyChunk() {
    let exact = EventLog<[Int], Never>()
    _ = [1, 2, 3, 4].signal.collect(2).subscribe(exact)
    #expect(exact.events == [.value([1, 2]), .value([3, 4]), .finished])
    let empty = EventLog<[Int], Never>()
    _ = EmptySignal<Int, Never>().collect(3).subscribe(empty)
    #expect(empty.events == [.finished])
  }

  @Test func byCountEmitsAChunkAsSoonAsItIsFull() {
    let subject = PassthroughSignal<Int, TestError>()
    let log = EventLog<[Int], TestError>()
    let token = subject.collect(2).subscribe(log)
    subject.send(1)
    #expect(log.events.isEmpty)
    subject.send(2)
    #expect(log.events == [.value([1, 2])])
    subject.send(3)
    subject.send(completion: .failed(TestError(1)))
    #expect(log.events == [.value([1, 2]), .failed(TestError(1))])
    withExtendedLifetime(token) {}
  }

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS or visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test func zeroCountIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).collect(0)
      }
    }

    @Test func negativeCountIsAPreconditionFailure() async {
      await #expect(processExitsWith: .failure) {
        _ = JustSignal(1).collect(-2)
      }
    }
  #endif

  @Test func cancellation() {
    expectCancellationContract { subject, witness in
      subject.map { [witness] value in
        _ = witness
        return value
      }.collect(2)
    }
  }

  @Test func downstreamStopPropagates() {
    expectStopReleasesUpstream { $0.collect(1) }
  }
}
