import Foundation

extension Git {
    /// The git object ids of these files of the working tree as they are on disk: the index's id for
    /// a file unchanged since it was staged, `git hash-object` of the file for one changed or untracked,
    /// `symlink:<destination>` for a symbolic link that changed; a file the disk lacks, or a directory,
    /// is absent. Two git processes, and one more per 256 files to hash.
    public func workingTreeBlobIDs(of paths: Set<String>) throws -> [String: String] {
        var ids: [String: String] = [:]
        for entry in Git.splitNul(try run(["ls-files", "-s", "-z"]).stdout) {
            // `<mode> <id> <stage>\t<path>`
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let path = String(entry[entry.index(after: tab)...])
            let fields = entry[..<tab].split(separator: " ")
            guard fields.count == 3, paths.contains(path) else { continue }
            ids[path] = String(fields[1])
        }
        let changed = Set(
            Git.splitNul(try run(["diff", "--name-only", "-z", "--no-ext-diff", "--no-textconv"]).stdout))
        var rehash: [String] = []
        for path in paths.sorted() where ids[path] == nil || changed.contains(path) {
            ids[path] = nil
            let full = root + "/" + path
            if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                ids[path] = "symlink:" + destination
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                rehash.append(path)
            }
        }
        // Paths as arguments (a path may hold a newline), a few hundred at a time.
        var start = 0
        while start < rehash.count {
            let batch = Array(rehash[start..<min(start + 256, rehash.count)])
            let hashes = try run(["hash-object", "--"] + batch).stdoutText.split(separator: "\n")
            for (path, id) in zip(batch, hashes) { ids[path] = String(id) }
            start += batch.count
        }
        return ids
    }
}
