#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// Stops the process in the debugger by raising `SIGTRAP`, as Combine's `breakpoint` does; the debugger can
/// continue from there. Without a debugger attached, `SIGTRAP` ends the process.
@usableFromInline
func raiseDebuggerTrap() {
  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Bionic)
    _ = raise(SIGTRAP)
  #else
    fatalError("Signals: breakpoint: this platform has no SIGTRAP")
  #endif
}
