import Dispatch

/// Whether the caller runs on the main thread, in the main queue's context: what `receiveOnMainActor()`
/// checks before it delivers synchronously.
///
/// A Dispatch queue-specific value set on the main queue: `getSpecific` sees it on the main thread, at top
/// level and in main-queue work (where the main actor runs), and nowhere else. Code on the main thread
/// inside another queue's `sync` answers `false`, so its events take the queued path: later, never wrong.
/// One mechanism on every platform, no `pthread` calls.
@usableFromInline
enum MainThread {
  private static let key: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
  }()

  @usableFromInline
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}
