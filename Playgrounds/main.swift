// Runnable pages, one per concept: `swift run Playgrounds` (all) or `swift run Playgrounds <number>`.
// CI compiles and runs them, so they stay true.
import Signals
import SignalsTesting

/// A page: a title and the code it runs.
struct Page {
  let title: String
  let run: () -> Void
}

let pages = [
  Page(title: "Subjects, operators and subscriptions", run: basicsPage),
  Page(title: "The intro race in virtual time", run: introRacePage),
  Page(title: "Marble diagrams", run: marblesPage),
]

let selected = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for (number, page) in pages.enumerated() where selected.isEmpty || selected.contains(number + 1) {
  print("── \(number + 1). \(page.title) ──")
  page.run()
  print()
}
