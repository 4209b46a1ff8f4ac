import ESModels
import Foundation

extension MappingCopy {
    /// Rewrites the copy: writes every file whose content differs (atomically), removes the
    /// `.json` files of indices that no longer exist, and reports what it changed.
    ///
    /// - Throws: ``MappingCopyError`` when the directory cannot be created or listed, or a
    ///   file cannot be written or removed.
    public func sync() throws -> MappingSyncReport {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw MappingCopyError.cannotWrite(path: displayDirectory, reason: error.localizedDescription)
        }
        let before = check()
        if let problem = before.directoryError {
            throw MappingCopyError.cannotList(directory: displayDirectory, reason: problem)
        }
        var entries: [MappingSyncReport.Entry] = []
        for entry in before.entries {
            let file = directory.appendingPathComponent(Self.fileName(for: entry.index))
            switch entry.status {
            case .inSync:
                entries.append(.init(path: entry.path, action: .unchanged))
            case .stale:
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw MappingCopyError.cannotRemove(path: entry.path, reason: error.localizedDescription)
                }
                entries.append(.init(path: entry.path, action: .removed))
            case .missing, .formattingDiffers, .differs, .unreadable, .invalid:
                guard let definition = definitions[entry.index] else { continue }
                try write(definition.canonicalJSON, to: file, displayPath: entry.path)
                var changes: String?
                switch entry.status {
                case .differs(let diff): changes = diff.report
                case .formattingDiffers: changes = "formatting only (now canonical)"
                case .unreadable, .invalid: changes = "replaced an unreadable or invalid file"
                default: changes = nil
                }
                entries.append(
                    .init(
                        path: entry.path, action: entry.status == .missing ? .created : .updated,
                        changes: changes))
            }
        }
        return MappingSyncReport(entries: entries)
    }

    private func write(_ contents: String, to file: URL, displayPath: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue
        {
            // A directory in the way (a broken copy): replace it with the file.
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw MappingCopyError.cannotWrite(path: displayPath, reason: error.localizedDescription)
            }
        }
        do {
            try Data(contents.utf8).write(to: file, options: .atomic)
        } catch {
            throw MappingCopyError.cannotWrite(path: displayPath, reason: error.localizedDescription)
        }
    }
}
