import Foundation

/// Writes `contents` to `path` as an executable script, from a child process.
///
/// A script this process wrote itself could fail to start with "text file busy" (`ETXTBSY`): while
/// its descriptor is open for writing, a test running beside this one may spawn a child, which holds
/// a copy of every descriptor until it executes its program, and Linux refuses to execute a file
/// that anyone has open for writing. Written by `/bin/sh` instead, the only descriptor open for
/// writing is that shell's, gone when it exits, before this returns.
///
/// ```swift
/// try writeExecutable("#!/bin/sh\necho 'Swift version 6.3'\n", to: directory + "/swift")
/// ```
public func writeExecutable(_ contents: String, to path: String) throws {
    let shell = Process()
    shell.executableURL = URL(filePath: "/bin/sh")
    shell.arguments = ["-c", "cat > \"$1\" && chmod 755 \"$1\"", "sh", path]
    let input = Pipe()
    shell.standardInput = input
    try shell.run()
    input.fileHandleForWriting.write(Data(contents.utf8))
    try input.fileHandleForWriting.close()
    // A short child on real time (it only copies its input), so waiting for it is bounded.
    shell.waitUntilExit()
    guard shell.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
}
