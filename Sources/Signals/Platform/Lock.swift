#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

// The lock seam: every lock in Signals is a `Locked`.
//
// It wraps `os_unfair_lock` on Apple platforms and `pthread_mutex_t` elsewhere,
// stored in the same heap object as the state it guards. Not
// `Synchronization.Mutex`: Thread Sanitizer reports false races on the state
// inside a contended `Mutex` on Linux, and `Mutex` needs iOS 18 / macOS 15.
//
// The only way in is `withLock`, also for fields that never change: Thread Sanitizer instruments the
// state as one Swift variable, so an unlocked read of any field races with the locked writes of others.
// No manual lock/unlock pairs either, and the lock is
// not recursive, so a closure passed to `withLock` must never call out to user
// code or to an observer.

#if canImport(Darwin)
  @usableFromInline package typealias PlatformLock = os_unfair_lock_s
#else
  @usableFromInline package typealias PlatformLock = pthread_mutex_t
#endif

/// Heap storage for a `Locked`: the state in the header, the lock as the one element.
@usableFromInline
package final class LockStorage<State>: ManagedBuffer<State, PlatformLock> {
  @inlinable
  package static func make(_ initial: consuming State) -> LockStorage<State> {
    var moving = Optional(initial)
    let buffer = Self.create(minimumCapacity: 1) { _ in moving.take()! }
    let storage = buffer as! LockStorage<State>
    storage.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock_s())
      #elseif canImport(Glibc) || canImport(Musl)
        // All zero bytes is `PTHREAD_MUTEX_INITIALIZER` on glibc and musl: a default mutex that needs
        // neither `pthread_mutex_init` nor `pthread_mutex_destroy` (two library calls per operator).
        lock.initialize(to: pthread_mutex_t())
      #else
        lock.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(lock, nil)
        precondition(result == 0, "Signals: pthread_mutex_init failed (\(result))")
      #endif
    }
    return storage
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
      #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }

  @inlinable
  deinit {
    withUnsafeMutablePointerToElements { lock in
      #if !canImport(Darwin) && !canImport(Glibc) && !canImport(Musl)
        pthread_mutex_destroy(lock)
      #endif
      _ = lock.deinitialize(count: 1)
    }
  }
}

/// State guarded by the project's one lock. A reference: copies share the state.
///
/// `package` access: `SignalsTesting` and `Intro` lock through this same seam.
@usableFromInline
package struct Locked<State>: @unchecked Sendable {  // state only reachable through withLock
  @usableFromInline
  package let storage: LockStorage<State>

  @inlinable
  package init(_ initial: consuming State) {
    storage = LockStorage.make(initial)
  }

  /// The state in `storage`, made by another `Locked`.
  @inlinable
  package init(storage: LockStorage<State>) {
    self.storage = storage
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try storage.withLock(body)
  }
}
