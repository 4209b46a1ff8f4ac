import Foundation

/// Runs `body` with a fresh temporary directory, removed afterwards whatever happens.
///
/// ```swift
/// try withTemporaryDirectory { directory in
///     let db = try SQLiteDatabase(path: directory.appendingPathComponent("test.sqlite").path)
/// }
/// ```
@discardableResult
public func withTemporaryDirectory<Result>(
    prefix: String = "test", _ body: (URL) throws -> Result
) throws -> Result {
    let directory = try makeTemporaryDirectory(prefix: prefix)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// The async form of ``withTemporaryDirectory(prefix:_:)``.
@discardableResult
public func withTemporaryDirectory<Result>(
    prefix: String = "test", _ body: (URL) async throws -> Result
) async throws -> Result {
    let directory = try makeTemporaryDirectory(prefix: prefix)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

private func makeTemporaryDirectory(prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.resolvingSymlinksInPath()
}
