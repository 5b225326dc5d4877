// Entry point only: every benchmark body lives in a function (top-level code is
// compiled as globals and runs much slower).
BenchCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
