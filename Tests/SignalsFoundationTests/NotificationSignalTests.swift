import Dispatch
import Foundation
import Signals
import SignalsFoundation
import Testing

private let themeChanged = Notification.Name("ThemeChanged")

/// A thread-safe list, for what observers received.
private final class Received<Value: Sendable>: Sendable {
  let values = Locked<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

@Suite struct NotificationSignalTests {
  @Test func sendsWhatTheClosureMakesOfEachNotification() {
    let center = NotificationCenter()
    let received = Received<String>()
    let token = center.signal(for: themeChanged) { $0.userInfo?["theme"] as? String ?? "?" }.sink {
      received.append($0)
    }
    center.post(name: themeChanged, object: nil, userInfo: ["theme": "dark"])
    center.post(name: Notification.Name("Other"), object: nil, userInfo: ["theme": "other"])
    center.post(name: themeChanged, object: nil, userInfo: ["theme": "light"])
    #expect(received.all == ["dark", "light"])
    withExtendedLifetime(token) {}
  }

  @Test func theClosureRunsOnThePostingThread() async {
    let center = NotificationCenter()
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "poster")
    queue.setSpecific(key: key, value: "poster")
    let received = Received<String?>()
    let token = center.signal(for: themeChanged) { _ in DispatchQueue.getSpecific(key: key) }.sink {
      received.append($0)
    }
    await withCheckedContinuation { continuation in
      queue.async {
        center.post(name: themeChanged, object: nil)
        continuation.resume()
      }
    }
    #expect(received.all == ["poster"])
    withExtendedLifetime(token) {}
  }

  @Test func anObjectFiltersBySender() {
    final class Sender: Sendable {}
    let center = NotificationCenter()
    let mine = Sender()
    let other = Sender()
    let received = Received<Void>()
    let token = center.signal(for: themeChanged, object: mine).sink { received.append(()) }
    center.post(name: themeChanged, object: other)
    center.post(name: themeChanged, object: mine)
    #expect(received.all.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func cancellingRemovesTheObserverFromTheCenter() {
    let center = NotificationCenter()
    let transforms = Locked(0)
    let token = center.signal(for: themeChanged) { _ in transforms.withLock { $0 += 1 } }.sink { _ in }
    center.post(name: themeChanged, object: nil)
    token.cancel()
    center.post(name: themeChanged, object: nil)
    #expect(transforms.withLock { $0 } == 1, "the closure no longer runs: the center let go of it")
  }

  @Test func answeringStopRemovesTheObserver() {
    let center = NotificationCenter()
    let transforms = Locked(0)
    let signal = center.signal(for: themeChanged) { _ in transforms.withLock { $0 += 1 } }
    let received = Received<Void>()
    let token = signal.subscribe(
      AnySignalObserver<Void, Never> { _ in
        received.append(())
        return .stop
      })
    center.post(name: themeChanged, object: nil)
    center.post(name: themeChanged, object: nil)
    #expect(received.all.count == 1)
    #expect(transforms.withLock { $0 } == 1)
    withExtendedLifetime(token) {}
  }

  @Test func aPostFromInsideAnObserverIsDeliveredAfterTheCurrentOne() {
    let center = NotificationCenter()
    let order = Received<String>()
    let token = center.signal(for: themeChanged) { $0.userInfo?["step"] as? Int ?? 0 }.sink { step in
      order.append("begin \(step)")
      if step < 3 { center.post(name: themeChanged, object: nil, userInfo: ["step": step + 1]) }
      order.append("end \(step)")
    }
    center.post(name: themeChanged, object: nil, userInfo: ["step": 1])
    #expect(order.all == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
    withExtendedLifetime(token) {}
  }

  @Test func postsFromSeveralThreadsAreDeliveredOneAtATime() {
    let center = NotificationCenter()
    let inside = Locked(0)
    let overlaps = Locked(0)
    let count = Locked(0)
    let token = center.signal(for: themeChanged).sink {
      if inside.withLock({
        $0 += 1
        return $0
      }) > 1 {
        overlaps.withLock { $0 += 1 }
      }
      count.withLock { $0 += 1 }
      inside.withLock { $0 -= 1 }
    }
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<250 { center.post(name: themeChanged, object: nil) }
    }
    #expect(count.withLock { $0 } == 1_000)
    #expect(overlaps.withLock { $0 } == 0)
    withExtendedLifetime(token) {}
  }

  @Test func theSignalKeepsWhatItWasGiven() {
    let center = NotificationCenter()
    let signal = center.signal(for: themeChanged)
    #expect(signal.name == themeChanged)
    #expect(signal.center === center)
  }
}
