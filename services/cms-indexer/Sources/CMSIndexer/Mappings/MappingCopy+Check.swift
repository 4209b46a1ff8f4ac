import ESModels
import Foundation

extension MappingCopy {
    /// Compares every file with its definition, and looks for stale files.
    ///
    /// Never throws: a file or directory that cannot be read is recorded as an error in the
    /// result (exit code 2), so a failed comparison is never mistaken for a clean one.
    public func check() -> MappingCheckResult {
        let present: [String]
        do {
            present = try presentFiles()
        } catch {
            return MappingCheckResult(entries: [], directoryError: "\(error)")
        }
        var entries: [MappingCheckResult.Entry] = []
        for (index, definition) in definitions {
            let fileName = Self.fileName(for: index)
            let status =
                present.contains(fileName)
                ? compare(directory.appendingPathComponent(fileName), with: definition) : .missing
            entries.append(.init(index: index, path: displayPath(of: fileName), status: status))
        }
        let expected = Set(definitions.keys.map(Self.fileName(for:)))
        for fileName in present where !expected.contains(fileName) {
            entries.append(
                .init(
                    index: String(fileName.dropLast(".json".count)), path: displayPath(of: fileName),
                    status: .stale))
        }
        entries.sort { $0.index < $1.index }
        return MappingCheckResult(entries: entries, directoryError: nil)
    }

    private func compare(_ file: URL, with definition: IndexDefinition) -> MappingCheckResult.Status {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .unreadable(Self.reason(error))
        }
        if data == Data(definition.canonicalJSON.utf8) { return .inSync }
        let copy: IndexDefinition
        do {
            copy = try IndexDefinition(json: JSONValue(parsing: data))
        } catch {
            return .invalid("\(error)")
        }
        let diff = MappingDiff(from: copy, to: definition)
        return diff.isEmpty ? .formattingDiffers : .differs(diff)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue)).lowercased()
        }
        return nsError.localizedDescription
    }
}
