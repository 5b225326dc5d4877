import Foundation

/// Short, one-line causes for file-system errors, as ``IntroHistoryDiagnostic`` states them.
enum FileSystemCause {
  /// Whether reading failed only because nothing is there yet: no file, or no directory on its path (not a
  /// regular file where a directory should be: that is a fault).
  static func isMissing(_ error: any Error) -> Bool {
    let error = error as NSError
    guard error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileReadNoSuchFile.rawValue else {
      return false
    }
    guard let code = posixCode(error) else { return true }
    return code == POSIXError.Code.ENOENT.rawValue
  }

  /// Why reading or writing `url` failed: the obstacle on its path when there is one, else the system's reason.
  static func describe(_ error: any Error, at url: URL) -> String {
    if let obstacle = fileOnPath(of: url) { return "\(obstacle) is a file, not a directory" }
    let error = error as NSError
    guard let code = posixCode(error) else { return error.localizedDescription }
    if code == POSIXError.Code.EISDIR.rawValue { return "it is a directory, not a file" }
    return String(cString: strerror(code)).lowercased()
  }

  /// The nearest existing ancestor of `url`'s parent, when it is not a directory: a path under a regular file.
  static func fileOnPath(of url: URL) -> String? {
    var ancestor = url.deletingLastPathComponent().standardizedFileURL
    while true {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
        return isDirectory.boolValue ? nil : ancestor.path
      }
      let parent = ancestor.deletingLastPathComponent().standardizedFileURL
      if parent.path == ancestor.path { return nil }
      ancestor = parent
    }
  }

  private static func posixCode(_ error: NSError) -> Int32? {
    if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
    guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
    return posixCode(underlying as NSError)
  }
}
