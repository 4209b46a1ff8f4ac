import CLIKit
import ESModels

extension IndexCommand {
    /// `index --if-needed`: per index, nothing (in sync), an in-place update and a pass over the
    /// documents that carry the new fields (additive only), or a full rebuild (a breaking
    /// change, or no index); says which path each took.
    func indexIfNeeded(
        backend: any SearchBackend, configuration: IndexerConfiguration, progress: any IndexingProgress,
        lease: StoreLease, context: CommandContext
    ) async throws -> ExitCode {
        let definitions = configuration.indices.reduce(into: [IndexName: IndexDefinition]()) { all, index in
            all[index] = configuration.definitions[index] ?? CMSIndices.definition(for: index)
        }
        let report = await LiveMappingCheck(
            backend: backend, definitions: definitions, indices: configuration.indices
        ).run()
        if let failed = report.failed.first, case .unreadable(let reason) = failed.status {
            context.errors.write(
                "cms-indexer: error: cannot compare '\(failed.alias)' with its definition: \(reason)\n")
            return .failure
        }
        var rebuild: [IndexName] = []
        var inPlace: [LiveMappingReport.Entry] = []
        for entry in report.entries {
            switch entry.status {
            case .inSync:
                context.output.write("\(entry.alias): in sync with its definition: left as it is\n")
            case .noIndex:
                context.output.write("\(entry.alias): no index: full run\n")
                rebuild.append(entry.index)
            case .drift where entry.concrete.contains { !$0.breaking.isEmpty }:
                let fields = entry.concrete.flatMap(\.breaking).map(\.change.path)
                context.output.write(
                    "\(entry.alias): breaking changes (\(fields.joined(separator: ", "))): full run\n")
                rebuild.append(entry.index)
            case .drift:
                inPlace.append(entry)
            case .unchecked, .unreadable:
                rebuild.append(entry.index)
            }
        }
        var succeeded = true
        if !inPlace.isEmpty {
            let requests = try LiveMappingApply.plan(
                for: LiveMappingReport(entries: inPlace), definitions: definitions)
            try await lease.confirmHeld()
            try await LiveMappingApply.send(requests, to: backend)
            let paths = LiveMappingApply.sourcePaths(of: requests, definitions: definitions)
            let indexer = Indexer(
                backend: backend, configuration: configuration, progress: progress, lease: lease)
            for entry in inPlace {
                let changes = entry.concrete.flatMap(\.additive).count
                for concrete in entry.concrete.map(\.name) {
                    context.output.write(
                        "\(entry.alias): additive changes only: \(changes) applied in place to '\(concrete)'\n"
                    )
                    guard let carrying = paths[entry.index], !carrying.isEmpty else {
                        context.output.write(
                            "\(entry.alias): no document needs writing again (no new field or indexed parameter)\n"
                        )
                        continue
                    }
                    let pass = try await indexer.rewrite(entry.index, into: concrete, carrying: carrying)
                    let built = pass.result.documents + pass.errors.count + pass.skipped
                    context.output.write(
                        "\(entry.alias): incremental pass: \(pass.result.documents) of \(built) documents carry "
                            + carrying.joined(separator: ", ") + " and were written again"
                            + (pass.errors.isEmpty ? "" : ", \(pass.errors.count) failed") + "\n")
                    if !pass.errors.isEmpty {
                        succeeded = false
                        for error in pass.errors.prefix(20) {
                            context.errors.write("cms-indexer: \(error)\n")
                        }
                    }
                }
            }
        }
        if !rebuild.isEmpty {
            var full = configuration
            full.indices = rebuild
            let built = try await Indexer(
                backend: backend, configuration: full, progress: progress, lease: lease
            )
            .run()
            context.output.write(built.text)
            if printStatistics { context.output.write(built.statistics + "\n") }
            if !built.succeeded {
                context.errors.write(
                    "cms-indexer: error: \(built.errors.count) \(built.errors.count == 1 ? "document" : "documents") failed; the aliases were not moved\n"
                )
                succeeded = false
            }
        }
        return succeeded ? .success : .failure
    }
}
