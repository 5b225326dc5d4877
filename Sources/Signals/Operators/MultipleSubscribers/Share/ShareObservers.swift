/// Receives the upstream's events for one connection of a share and multicasts them.
struct ShareUpstreamObserver<Upstream: Signal>: SignalObserver {
  let share: ShareSignal<Upstream>
  let connection: ShareConnection<Upstream.Output, Upstream.Failure>

  func receive(_ event: Event<Upstream.Output, Upstream.Failure>) -> SignalControl {
    share.upstreamEvent(event, on: connection)
  }
}
