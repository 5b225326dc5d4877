import Signals

// A subject, `map`, `filter` and `sink`: the smallest pipeline an app writes. Only this thread sends.
nonisolated(unsafe) var total = 0
let subject = PassthroughSignal<Int, Never>()
let subscription = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.sink { total += $0 }
for value in 0..<CommandLine.arguments.count * 10 {
  subject.send(value)
}
subscription.cancel()
print(total)
