// The command line over the SplashCheck library: arguments in, report out, exit code.
import Foundation
import SplashCheck

let output = SplashCheck.run(
  arguments: Array(CommandLine.arguments.dropFirst()), currentDirectory: FileManager.default.currentDirectoryPath)
FileHandle.standardOutput.write(Data(output.standardOutput.utf8))
FileHandle.standardError.write(Data(output.standardError.utf8))
exit(output.exitCode)
