// The engine of the operators that move from one upstream to the next:
// `append(_:)`/`prepend(_:)` with a signal, `catch`, `tryCatch`, `retry`.
//
// It holds the operator's per-subscription context (the downstream observer and
// the user's closures) and the subscription of the current upstream. Each
// upstream gets a *generation* number; its observer passes it back with every
// event, and events of a generation that is no longer current (the operator
// moved on, ended, or was cancelled) are dropped and answered with `.stop`.
//
// - Moving on (`switchTo`) is trampolined: a switch requested while a subscribe
//   is running (an upstream that fails synchronously during `subscribe`, as a
//   retried one may, 100,000 times) is queued and run by the loop already on
//   the stack, so the stack never grows with the number of switches.
// - Cancelling cancels whichever upstream is current; if it happens while a new
//   upstream is being subscribed, that subscription is cancelled as soon as its
//   `subscribe` returns, and nothing is delivered meanwhile.
// - Ending (a terminal event passed downstream) and cancelling release the
//   context, so the user's closures are freed even while the downstream keeps
//   its subscription object.
// No lock is held while an upstream is subscribed or an observer is called.
// The whole per-subscription state is one `Locked`, which is also what the operator's
// subscription cancels. Each upstream's observer keeps that upstream's subscription, if its generation is
// still current.
//
// An operator brings its context, and in it its rule: what an event of the upstream it starts with does
// (`UpstreamSwitchContext.receive`, through an `UpstreamSwitchObserver`). The upstreams it moves to are
// forwarded (`forward(to:)`, through an `UpstreamSwitchForwarder`: a type of its own, because an observer
// whose events subscribe an observer of its own type with a larger type stops the specializer, the Engines
// article, rule 10).

/// What an ``UpstreamSwitch`` keeps per subscription (at least the downstream observer), and the
/// operator's rule.
protocol UpstreamSwitchContext: Sendable {
  associatedtype Downstream: SignalObserver
  /// The failure type of the upstream the operator starts with.
  associatedtype UpstreamFailure: Error
  var downstream: Downstream { get }
  /// An event of the upstream the operator started with (for `retry`, subscribed again), of generation
  /// `generation`: the operator's rule. The switch's helpers check the generation.
  static func receive(
    _ event: Event<Downstream.Input, UpstreamFailure>, generation: UInt64, of upstreamSwitch: UpstreamSwitch<Self>
  ) -> SignalControl
}

/// The current upstream of a switching operator and its context; see the file comment.
struct UpstreamSwitch<Context: UpstreamSwitchContext>: SubscriptionCore {
  struct State: Sendable {
    /// `nil` once the operator ended or was cancelled.
    var context: Context?
    /// The generation of the current upstream.
    var generation: UInt64 = 0
    var current: SignalSubscriptionHandle?
    /// A subscription waiting for the loop (see `switchTo`).
    var next: (@Sendable (UInt64) -> Void)?
    /// Whether a `switchTo` loop is running.
    var isSubscribing = false

    init(context: Context) {
      self.context = context
    }

    /// Ends the operator: a new generation, and the context, the current upstream and a waiting request
    /// moved into the caller's locals (the Engines article, rule 5), to release or cancel after unlocking.
    mutating func end(
      taking context: inout Context?, _ current: inout SignalSubscriptionHandle?,
      _ next: inout (@Sendable (UInt64) -> Void)?
    ) {
      generation &+= 1
      context = self.context.take()
      current = self.current.take()
      next = self.next.take()
    }
  }

  let state: Locked<State>

  init(context: Context) {
    state = Locked(State(context: context))
  }

  /// Keeps `subscription`, the upstream's of generation `generation`, if that upstream is still current;
  /// else cancels it.
  func keep(_ subscription: consuming SignalSubscriptionHandle, generation: UInt64) {
    state.keep(subscription) { state, handle in
      if state.context != nil, state.generation == generation { state.current = handle.take() }
    }
  }

  /// The context, if `generation` is the current upstream and the operator is live.
  func context(ifCurrent generation: UInt64) -> Context? {
    state.withLock { $0.generation == generation ? $0.context : nil }
  }

  /// Runs `body` (which must not call user code) on the live context, if `generation` is current.
  func withContext<Result>(ifCurrent generation: UInt64, _ body: (inout Context) -> Result) -> Result? {
    state.withLock { state in
      guard state.generation == generation, state.context != nil else { return nil }
      return body(&state.context!)
    }
  }

  /// Ends the operator if `generation` is current: returns the context (to deliver the terminal event)
  /// and releases the rest. `nil` if the operator already ended, was cancelled, or moved on.
  @discardableResult
  func end(ifCurrent generation: UInt64) -> Context? {
    var context: Context?
    var current: SignalSubscriptionHandle?
    var next: (@Sendable (UInt64) -> Void)?
    state.withLock { state in
      guard state.generation == generation, state.context != nil else { return }
      state.end(taking: &context, &current, &next)
    }
    // Let go, not cancelled: the current upstream sent the terminal event or was answered `stop`, and ends
    // by itself. Released here, outside the lock.
    _ = (current, next)
    return context
  }

  /// Moves to a new upstream: `subscribe` is called with its generation, and subscribes an observer that
  /// keeps the subscription with it (an `UpstreamSwitchObserver`). Events of the previous upstream are
  /// ignored from now on.
  func switchTo(_ subscribe: @escaping @Sendable (UInt64) -> Void) {
    let (shouldRun, previous): (Bool, SignalSubscriptionHandle?) = state.withLock { state in
      guard state.context != nil else { return (false, nil) }
      state.generation &+= 1
      state.next = subscribe
      defer { state.current = nil }
      if state.isSubscribing { return (false, state.current) }
      state.isSubscribing = true
      return (true, state.current)
    }
    _ = previous  // released outside the lock (the previous upstream has ended)
    guard shouldRun else { return }  // the loop already on the stack takes it
    while true {
      // Into locals (the Engines article, rule 5).
      var next: (@Sendable (UInt64) -> Void)?
      var generation: UInt64 = 0
      let live = state.withLock { state -> Bool in
        next = state.next.take()
        guard state.context != nil, next != nil else {
          state.isSubscribing = false
          return false
        }
        generation = state.generation
        return true
      }
      guard live, let subscribe = next.take() else { return }  // a request left after an end is released here
      subscribe(generation)
    }
  }

  /// Cancels the current upstream and releases the context. Idempotent.
  static func cancel(_ state: Locked<State>) {
    var context: Context?
    var current: SignalSubscriptionHandle?
    var next: (@Sendable (UInt64) -> Void)?
    state.withLock { state in state.end(taking: &context, &current, &next) }
    current.take()?.cancel()
    _ = (context, next)  // released here, outside the lock
  }
}

/// The observer of the upstream a switching operator starts with: its events go to the operator's rule,
/// and it keeps that upstream's subscription while its generation is current.
struct UpstreamSwitchObserver<Context: UpstreamSwitchContext>: UpstreamKeeper {
  let upstreamSwitch: UpstreamSwitch<Context>
  let generation: UInt64

  func receive(_ event: Event<Context.Downstream.Input, Context.UpstreamFailure>) -> SignalControl {
    Context.receive(event, generation: generation, of: upstreamSwitch)
  }

  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    upstreamSwitch.keep(upstream, generation: generation)
  }
}

/// The observer of an upstream a switching operator moved to: its events pass through while its
/// generation is current, and a terminal event (or a downstream `.stop`) ends the operator.
struct UpstreamSwitchForwarder<Context: UpstreamSwitchContext>: UpstreamKeeper {
  let upstreamSwitch: UpstreamSwitch<Context>
  let generation: UInt64

  func receive(_ event: Event<Context.Downstream.Input, Context.Downstream.Failure>) -> SignalControl {
    event.isTerminal
      ? upstreamSwitch.pass(event, generation: generation) : upstreamSwitch.forwardValue(event, generation: generation)
  }

  func keepUpstream(_ upstream: consuming SignalSubscriptionHandle) {
    upstreamSwitch.keep(upstream, generation: generation)
  }
}

extension UpstreamSwitch {
  /// Delivers a value event if `generation` is current; a downstream `.stop` ends the operator.
  func forwardValue(
    _ event: Event<Context.Downstream.Input, Context.Downstream.Failure>, generation: UInt64
  ) -> SignalControl {
    guard let context = context(ifCurrent: generation) else { return .stop }
    let answer = context.downstream.receive(event)
    if answer == .stop { end(ifCurrent: generation) }
    return answer
  }

  /// Ends the operator with `terminal` if `generation` is current, and delivers it.
  func pass(_ terminal: Event<Context.Downstream.Input, Context.Downstream.Failure>, generation: UInt64)
    -> SignalControl
  {
    guard let context = end(ifCurrent: generation) else { return .stop }
    _ = context.downstream.receive(terminal)
    return .stop
  }

  /// Moves to `next`, whose events are forwarded.
  ///
  /// Always inlined (the Engines article, rule 10).
  /// The subscription of an operator that starts with `first`, in `context`: its handle, handed to
  /// `observer`.
  static func subscribe<First: Signal, Observer: SignalObserver>(
    _ observer: Observer, to first: First, in context: Context
  ) -> SignalSubscription
  where First.Output == Context.Downstream.Input, First.Failure == Context.UpstreamFailure {
    let upstreamSwitch = UpstreamSwitch(context: context)
    upstreamSwitch.start(with: first)
    return .handing(upstreamSwitch.handle, to: observer)
  }

  /// Subscribes `first`, the upstream its operator starts with (or starts again with, `retry`): its events
  /// go to the context's rule (`UpstreamSwitchContext.receive`).
  func start<First: Signal>(with first: First)
  where First.Output == Context.Downstream.Input, First.Failure == Context.UpstreamFailure {
    switchTo { [self] generation in
      first.subscribe(keeping: UpstreamSwitchObserver(upstreamSwitch: self, generation: generation))
    }
  }

  func forward<Next: Signal>(to next: Next)
  where Next.Output == Context.Downstream.Input, Next.Failure == Context.Downstream.Failure {
    switchTo { [self] generation in
      next.subscribe(keeping: UpstreamSwitchForwarder(upstreamSwitch: self, generation: generation))
    }
  }
}

extension UpstreamSwitch.State: SubscriptionState {
  static func cancel(_ state: Locked<Self>, id: UInt64) {
    UpstreamSwitch.cancel(state)
  }
}
