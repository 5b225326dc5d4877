import Foundation
import Signals

extension NotificationCenter {
  /// A signal of the notifications named `name` (from `object` only, when given), each turned by
  /// `transform`, on the posting thread, into the value it sends.
  ///
  /// ```marble notifications
  /// posted (userInfo):        -a--b-c-
  /// signal(for:) { … }:       -a--b-c-
  /// ```
  ///
  /// (Each notification is sent as it is posted; the signal never finishes.)
  ///
  /// <!-- setup
  /// let themeChanged = Notification.Name("ThemeChanged")
  /// -->
  /// ```swift
  /// let themes = NotificationCenter.default.signal(for: themeChanged) { notification in
  ///   notification.userInfo?["theme"] as? String
  /// }
  /// ```
  ///
  /// A `Notification` is not `Sendable` (its `object` and `userInfo` can be anything), so the signal does
  /// not send it: `transform` reads what you need from it where it was posted, and the value it returns is
  /// what observers receive, on that thread. Combine's `publisher(for:object:)` sends the notification
  /// itself; Foundation's `notifications(named:object:)` is an async sequence: this signal has a name of
  /// its own, `signal(for:object:_:)`.
  ///
  /// Each subscription adds an observer to the center and removes it when it ends (cancelled, released,
  /// or answered ``SignalControl/stop``). Notifications posted on several threads at once are delivered
  /// one at a time, as every signal's events are; one posted by an observer from inside its handler is
  /// delivered after the current one. The signal never finishes.
  public func signal<Output: Sendable>(
    for name: Notification.Name, object: AnyObject? = nil,
    _ transform: @escaping @Sendable (Notification) -> Output
  ) -> NotificationSignal<Output> {
    NotificationSignal(center: self, name: name, object: object, transform: transform)
  }

  /// A signal that sends `()` for each notification named `name` (from `object` only, when given): a
  /// trigger.
  ///
  /// <!-- setup
  /// let sessionExpired = Notification.Name("SessionExpired")
  /// -->
  /// ```swift
  /// let expired = NotificationCenter.default.signal(for: sessionExpired)
  /// ```
  public func signal(for name: Notification.Name, object: AnyObject? = nil) -> NotificationSignal<Void> {
    NotificationSignal(center: self, name: name, object: object) { _ in () }
  }
}

/// A signal of a notification center's notifications, each turned into a value.
/// See `NotificationCenter.signal(for:object:_:)`.
public struct NotificationSignal<Output: Sendable>: Signal {
  /// A notification signal never fails.
  public typealias Failure = Never

  /// The name of the notifications observed.
  public let name: Notification.Name
  /// Turns each notification into the value sent, on the posting thread.
  public let transform: @Sendable (Notification) -> Output
  let source: NotificationSource

  /// Creates the signal; prefer `NotificationCenter.signal(for:object:_:)`.
  public init(
    center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil,
    transform: @escaping @Sendable (Notification) -> Output
  ) {
    self.name = name
    self.transform = transform
    self.source = NotificationSource(center: center, object: object)
  }

  /// The center observed.
  public var center: NotificationCenter { source.center }

  /// Adds an observer to the center for `observer`; ending the subscription removes it.
  public func subscribe<Observer: SignalObserver>(_ observer: Observer) -> SignalSubscription
  where Observer.Input == Output, Observer.Failure == Failure {
    // The subject delivers serially and queues reentrant posts.
    let subject = PassthroughSignal<Output, Never>()
    let registration = NotificationRegistration(source)
    let delivery = subject.subscribe(
      AnySignalObserver<Output, Never> { event in
        let answer = observer.receive(event)
        if answer == .stop { registration.end() }
        return answer
      })
    let transform = transform
    registration.start(name: name) { notification in subject.send(transform(notification)) }
    return SignalSubscription {
      registration.end()
      delivery.cancel()
    }
  }
}

/// The center and the object a notification signal observes.
struct NotificationSource: @unchecked Sendable {  // immutable; the center is thread-safe, `object` only compared
  let center: NotificationCenter
  /// Handed to the center, which compares it by identity with each notification's object.
  let object: AnyObject?
}

/// One subscription's observer in the center, removed once.
final class NotificationRegistration: Sendable {
  let source: NotificationSource
  let token = Locked<NotificationToken>(.waiting)

  init(_ source: NotificationSource) {
    self.source = source
  }

  /// Adds the observer, unless the subscription already ended.
  func start(name: Notification.Name, _ block: @escaping @Sendable (Notification) -> Void) {
    guard token.withLock({ $0.isWaiting }) else { return }
    let added = source.center.addObserver(forName: name, object: source.object, queue: nil, using: block)
    let isKept = token.withLock { token -> Bool in
      guard token.isWaiting else { return false }
      token = .added(added)
      return true
    }
    if !isKept { source.center.removeObserver(added) }
  }

  /// Removes the observer. Idempotent.
  func end() {
    let ended = token.withLock { token -> (any NSObjectProtocol)? in
      defer { token = .ended }
      if case .added(let added) = token { return added }
      return nil
    }
    if let ended { source.center.removeObserver(ended) }
  }
}

/// Where a registration is: before the center has its observer, with it, or ended.
enum NotificationToken {
  case waiting
  case added(any NSObjectProtocol)
  case ended

  var isWaiting: Bool {
    if case .waiting = self { return true }
    return false
  }
}
