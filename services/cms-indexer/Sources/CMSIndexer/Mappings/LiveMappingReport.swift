import ESModels

/// What ``LiveMappingCheck`` found, index by index.
///
/// A comparison that could not be made is an error, never "in sync": ``exitCode`` is 0 only
/// when every alias was read and every index behind it matches its definition.
public struct LiveMappingReport: Sendable {
    /// How one index compares.
    public enum Status: Sendable, Equatable {
        /// Not read yet.
        case unchecked
        /// Every concrete index behind the alias matches the definition.
        case inSync
        /// Some concrete index differs.
        case drift
        /// The alias points to no index: nothing was indexed, or it was deleted.
        case noIndex
        /// The cluster could not be read (error).
        case unreadable(String)
    }

    /// One concrete index behind an alias.
    public struct ConcreteIndex: Sendable, Equatable {
        /// Its name (`assetflat-20260101000000000`).
        public var name: String
        /// The definition version its mapping's `_meta` records, if any.
        public var recordedVersion: String?
        /// What differs, read from the live index to the definition.
        public var changes: [LiveChange] = []
        /// Keys mapped under objects the definition maps `dynamic: true` (data, not drift).
        public var dataKeys: [String] = []

        /// The changes that need a new index.
        public var breaking: [LiveChange] { changes.filter { $0.change.impact == .breaking } }
        /// The changes `mappings apply` makes in place.
        public var additive: [LiveChange] { changes.filter { $0.change.impact == .additive } }
    }

    /// One index definition and what its alias points to.
    public struct Entry: Sendable, Equatable {
        /// The index.
        public var index: IndexName
        /// Its alias.
        public var alias: String
        /// The version of the definition compared with.
        public var definitionVersion: String
        /// How it compares.
        public var status: Status = .unchecked
        /// The concrete indices behind the alias, as compared.
        public var concrete: [ConcreteIndex] = []
    }

    /// Every index checked, in definition order.
    public var entries: [Entry]

    /// Creates a report.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entries whose index could not be read.
    public var failed: [Entry] {
        entries.filter {
            if case .unreadable = $0.status { return true }
            return $0.status == .unchecked
        }
    }

    /// The entries that differ from their definition or have no index.
    public var drifted: [Entry] { entries.filter { $0.status == .drift || $0.status == .noIndex } }

    /// Whether some difference needs a new index (or an index is missing).
    public var needsFullIndexing: Bool {
        drifted.contains { entry in
            entry.status == .noIndex || entry.concrete.contains { !$0.breaking.isEmpty }
        }
    }

    /// 0 in sync, 1 drift, 2 when some index could not be read.
    public var exitCode: Int32 {
        if !failed.isEmpty { return 2 }
        return drifted.isEmpty ? 0 : 1
    }

    /// The plain report; `store` names the cluster in the commands it suggests
    /// (`--es http://127.0.0.1:9200`).
    public func text(store: String) -> String {
        var lines: [String] = []
        let count = entries.count
        if !failed.isEmpty {
            lines.append(
                "cannot check the live mappings: \(failed.count) of \(count) \(count == 1 ? "index" : "indices") could not be read"
            )
        } else if drifted.isEmpty {
            lines.append(
                "live mappings in sync: \(count) \(count == 1 ? "index matches its definition" : "indices match their definitions")"
            )
            return lines.joined(separator: "\n") + "\n"
        } else {
            lines.append(
                "live mappings drift: \(drifted.count) of \(count) \(count == 1 ? "index differs" : "indices differ") from the definitions"
            )
        }
        for entry in entries where entry.status != .inSync {
            lines.append("")
            lines += entry.lines
        }
        if !drifted.isEmpty {
            lines.append("")
            if needsFullIndexing {
                lines.append(
                    "a breaking change or a missing index needs a full run, which builds new indices:")
                lines.append("  cms-indexer index --db <database> \(store)")
                if drifted.contains(where: {
                    $0.concrete.contains { !$0.additive.isEmpty && $0.breaking.isEmpty }
                }) {
                    lines.append("(the indices with additive changes only could take them in place)")
                }
            } else {
                lines.append("every difference is additive: to apply them in place, with no new index, run")
                lines.append("  cms-indexer mappings apply \(store)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// GitHub Actions workflow commands, one `::error` per index that differs or could not be
    /// read, then the plain report.
    public func githubAnnotations(store: String) -> String {
        var lines: [String] = []
        for entry in entries where entry.status != .inSync {
            let title: String
            if case .unreadable = entry.status {
                title = "live mapping check failed"
            } else {
                title = "live mapping drift"
            }
            lines.append(
                "::error title=\(MappingCheckResult.escapeProperty(title))::"
                    + MappingCheckResult.escapeData(entry.lines.joined(separator: "\n")))
        }
        return (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n") + text(store: store)
    }
}

extension LiveMappingReport.Entry {
    /// The report's lines for this index.
    var lines: [String] {
        switch status {
        case .unchecked: return ["\(alias): not checked"]
        case .noIndex: return ["\(alias): no index: the alias '\(alias)' points to no index"]
        case .unreadable(let reason): return ["\(alias): error: \(reason)"]
        case .inSync, .drift: break
        }
        var lines: [String] = []
        for index in concrete {
            var counts: [String] = []
            if !index.breaking.isEmpty { counts.append(Self.count(index.breaking.count, "breaking change")) }
            if !index.additive.isEmpty { counts.append(Self.count(index.additive.count, "additive change")) }
            let version =
                index.recordedVersion.map {
                    $0 == definitionVersion ? "records this definition" : "records definition \($0)"
                }
                ?? "records no definition version"
            lines.append(
                "\(alias) -> \(index.name): "
                    + (counts.isEmpty ? "in sync" : counts.joined(separator: ", "))
                    + " (\(version); the definition is \(definitionVersion))")
            lines += (index.breaking + index.additive).map { "  \($0.description)" }
        }
        return lines
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
