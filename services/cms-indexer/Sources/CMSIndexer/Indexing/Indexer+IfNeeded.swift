import ESModels

/// What `index --if-needed` did: the path each index took, the passes that wrote documents
/// again, and the full run's report when some index needed one.
public struct IfNeededReport: Sendable {
    /// How one index was brought to its definition.
    public enum Path: Sendable, Equatable {
        /// It matched its definition: left as it is.
        case upToDate
        /// Its differences were all additive: applied in place to these concrete indices.
        case inPlace(changes: Int, concrete: [String])
        /// A breaking change (the fields named) or no index: rebuilt by a full run.
        case rebuilt(reason: String)
    }

    /// One index's path.
    public struct Decision: Sendable, Equatable {
        /// The index.
        public var index: IndexName
        /// What was done.
        public var path: Path
    }

    /// A pass writing again the documents that carry values for new fields.
    public struct Pass: Sendable, Equatable {
        /// The index.
        public var index: IndexName
        /// The live concrete index written to.
        public var concrete: String
        /// The `_source` paths whose carriers were written.
        public var carrying: [String]
        /// Documents written again.
        public var written: Int
        /// Documents built from the database (written, skipped, or failed).
        public var built: Int
        /// Documents that could not be built or were refused.
        public var errors: [DocumentError]
        /// Its wall time, in seconds.
        public var seconds: Double

        public static func == (lhs: Pass, rhs: Pass) -> Bool {
            (lhs.index, lhs.concrete, lhs.carrying, lhs.written, lhs.built)
                == (rhs.index, rhs.concrete, rhs.carrying, rhs.written, rhs.built)
                && lhs.errors.map(\.description) == rhs.errors.map(\.description)
        }
    }

    /// Per index, in build order.
    public var decisions: [Decision] = []
    /// The passes, in build order.
    public var passes: [Pass] = []
    /// The full run, when some index needed one.
    public var rebuild: IndexingReport?
    /// The wall time of the comparison and the in-place requests, in seconds.
    public var applySeconds: Double = 0

    /// Whether every document was written and, after a full run, the aliases moved.
    public var succeeded: Bool {
        passes.allSatisfy(\.errors.isEmpty) && (rebuild?.succeeded ?? true)
    }

    /// One line per index and per pass, then the full run's report.
    public var text: String {
        var lines: [String] = []
        for decision in decisions {
            let alias = decision.index.rawValue
            switch decision.path {
            case .upToDate:
                lines.append("\(alias): in sync with its definition: left as it is")
            case .rebuilt(let reason):
                lines.append("\(alias): \(reason): full run")
            case .inPlace(let changes, let concrete):
                for name in concrete {
                    lines.append("\(alias): additive changes only: \(changes) applied in place to '\(name)'")
                }
                let passes = self.passes.filter { $0.index == decision.index }
                if passes.isEmpty {
                    lines.append(
                        "\(alias): no document needs writing again (no new field or indexed parameter)")
                }
                for pass in passes {
                    lines.append(
                        "\(alias): incremental pass: \(pass.written) of \(pass.built) documents carry "
                            + pass.carrying.joined(separator: ", ") + " and were written again"
                            + (pass.errors.isEmpty ? "" : ", \(pass.errors.count) failed"))
                    lines += pass.errors.map { "  \($0)" }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n" + (rebuild?.text ?? "")
    }
}

extension Indexer {
    /// Brings every configured index to its definition by the cheapest sound path: an index in
    /// sync is left as it is; one whose differences are all additive takes them in place
    /// (``LiveMappingApply``) and has the documents that carry values for the new fields
    /// written again (``rewrite(_:into:carrying:)``); one with a breaking change, or no index,
    /// is rebuilt by a full ``run()`` of those indices only.
    ///
    /// - Throws: ``IndexingError/storeFailed(step:reason:cleanedUp:)`` when an index cannot be
    ///   compared (nothing is changed then), and what ``run()`` and the store throw.
    public func runIfNeeded() async throws -> IfNeededReport {
        let started = ContinuousClock.now
        let definitions = configuration.indices.reduce(into: [IndexName: IndexDefinition]()) { all, index in
            all[index] = configuration.definitions[index] ?? CMSIndices.definition(for: index)
        }
        let comparison = await LiveMappingCheck(
            backend: backend, definitions: definitions, indices: configuration.indices
        ).run()
        var report = IfNeededReport()
        var rebuild: [IndexName] = []
        var inPlace: [LiveMappingReport.Entry] = []
        for entry in comparison.entries {
            switch entry.status {
            case .inSync:
                report.decisions.append(.init(index: entry.index, path: .upToDate))
            case .noIndex:
                report.decisions.append(.init(index: entry.index, path: .rebuilt(reason: "no index")))
                rebuild.append(entry.index)
            case .drift where entry.concrete.contains { !$0.breaking.isEmpty }:
                let fields = entry.concrete.flatMap(\.breaking).map(\.change.path)
                report.decisions.append(
                    .init(
                        index: entry.index,
                        path: .rebuilt(reason: "breaking changes (\(fields.joined(separator: ", ")))")))
                rebuild.append(entry.index)
            case .drift:
                report.decisions.append(
                    .init(
                        index: entry.index,
                        path: .inPlace(
                            changes: entry.concrete.map(\.additive.count).max() ?? 0,
                            concrete: entry.concrete.map(\.name))))
                inPlace.append(entry)
            case .unchecked, .unreadable:
                var reason = "it could not be read"
                if case .unreadable(let text) = entry.status { reason = text }
                throw IndexingError.storeFailed(
                    step: "comparing '\(entry.alias)' with its definition", reason: reason, cleanedUp: [])
            }
        }
        if !inPlace.isEmpty {
            let requests = try LiveMappingApply.plan(
                for: LiveMappingReport(entries: inPlace), definitions: definitions)
            if let lease { try await lease.confirmHeld() }
            try await step("applying the additive changes") {
                try await LiveMappingApply.send(requests, to: backend)
            }
            report.applySeconds = Self.seconds(since: started)
            let paths = LiveMappingApply.sourcePaths(of: requests, definitions: definitions)
            for entry in inPlace {
                guard let carrying = paths[entry.index], !carrying.isEmpty else { continue }
                for concrete in entry.concrete.map(\.name) {
                    let passStarted = ContinuousClock.now
                    let pass = try await rewrite(entry.index, into: concrete, carrying: carrying)
                    report.passes.append(
                        .init(
                            index: entry.index, concrete: concrete, carrying: carrying,
                            written: pass.result.documents,
                            built: pass.result.documents + pass.errors.count + pass.skipped,
                            errors: pass.errors, seconds: Self.seconds(since: passStarted)))
                }
            }
        }
        if !rebuild.isEmpty {
            var full = self
            full.configuration.indices = rebuild
            report.rebuild = try await full.run()
        }
        return report
    }
}
