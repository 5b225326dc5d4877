// Runnable pages, one per concept. CI builds and runs them all, so they stay true.
//
//   swift run signals-playgrounds          every page
//   swift run signals-playgrounds 5        page 5 (or several: 2 4)
//   swift run signals-playgrounds intro    the pages whose name contains "intro"
//   swift run signals-playgrounds --list   the pages' numbers and names

import Foundation

/// A page: a short name to pick it by, a title, and the code it runs.
struct Page {
  let name: String
  let title: String
  let run: @MainActor () -> Void
}

let pages = [
  Page(name: "signals", title: "Signals, operators and subscriptions", run: signalsPage),
  Page(name: "time", title: "Time and virtual time", run: timePage),
  Page(name: "marbles", title: "Marble diagrams", run: marblesPage),
  Page(name: "race", title: "Race and timeout: the intro's race", run: racePage),
  Page(name: "intro", title: "The intro coordinator", run: introPage),
  Page(name: "recipes", title: "Three intros: a fixed length, stages, a letter wave", run: recipesPage),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
  for (number, page) in pages.enumerated() { print("\(number + 1)  \(page.name)  \(page.title)") }
} else {
  let chosen = pages.enumerated().filter { number, page in
    arguments.isEmpty
      || arguments.contains { $0 == String(number + 1) || page.name.contains($0.lowercased()) }
  }
  if chosen.isEmpty {
    var standardError = FileHandleStandardError()
    let asked = arguments.joined(separator: " ")
    print("signals-playgrounds: no page matches \(asked); --list names them", to: &standardError)
    exit(2)
  }
  for (number, page) in chosen {
    print("── \(number + 1). \(page.title) ──")
    page.run()
    print()
  }
}

/// Standard error, for `print(_:to:)`.
struct FileHandleStandardError: TextOutputStream {
  mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}
