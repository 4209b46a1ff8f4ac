import ESModels

/// A store call that failed, with what the indexer was doing.
struct StepFailure: Error {
    var step: String
    var underlying: any Error
}

/// A new index whose count disagrees with the documents indexed into it.
struct CountMismatch: Error {
    var index: String
    var expected: Int
    var found: Int
}

extension Indexer {
    /// Runs a store call, naming the step in its error.
    func step<Result: Sendable>(_ description: String, _ body: () async throws -> Result) async throws
        -> Result
    {
        do {
            return try await body()
        } catch let error as CancellationError {
            throw error
        } catch let error as StoreLeaseError {
            // Whatever the step, the cause is the lease: reported as such.
            throw error
        } catch {
            throw StepFailure(step: description, underlying: error)
        }
    }

    /// The concrete indices an alias points to; empty when it does not exist.
    func aliasTargets(_ alias: String) async throws -> [String] {
        do {
            return try await backend.indices(forAlias: alias)
        } catch let error as ElasticsearchError where error.status == 404 {
            return []
        }
    }

    /// The versioned concrete indices of an alias, oldest first.
    func versions(of alias: String) async throws -> [(index: String, version: String)] {
        let response: GetAliasResponse
        do {
            response = try await backend.getAlias(name: nil, index: "\(alias)-*")
        } catch let error as ElasticsearchError where error.status == 404 {
            return []
        }
        return response.indices.keys.compactMap { index in
            IndexVersion.version(of: index, alias: alias).map { (index, $0) }
        }.sorted { $0.version < $1.version }
    }

    /// Turns any failure into an ``IndexingError`` after deleting the indices this run
    /// created.
    func failure(_ error: any Error, cleaningUp created: [String]) async -> IndexingError {
        let cancelled = Task.isCancelled || error is CancellationError
        let cleaned = await cleanUp(created)
        if cancelled { return .cancelled(cleanedUp: cleaned) }
        switch error {
        case let mismatch as CountMismatch:
            return .countMismatch(
                index: mismatch.index, expected: mismatch.expected, found: mismatch.found, cleanedUp: cleaned)
        case let failure as StepFailure:
            if failure.underlying is CancellationError { return .cancelled(cleanedUp: cleaned) }
            return .storeFailed(step: failure.step, reason: "\(failure.underlying)", cleanedUp: cleaned)
        case let indexing as IndexingError:
            return indexing
        case let lease as StoreLeaseError:
            return .storeFailed(step: "holding the indexer lease", reason: "\(lease)", cleanedUp: cleaned)
        default:
            return .storeFailed(step: "indexing", reason: "\(error)", cleanedUp: cleaned)
        }
    }

    /// Deletes half-built indices; runs even when the run was cancelled (a detached task
    /// does not inherit the cancellation), and never throws: what it could not delete is
    /// reported as a warning.
    func cleanUp(_ indices: [String]) async -> [String] {
        guard !indices.isEmpty else { return [] }
        let backend = self.backend
        let progress = self.progress
        return await Task.detached {
            var deleted: [String] = []
            for index in indices {
                do {
                    _ = try await backend.deleteIndex(index)
                    deleted.append(index)
                } catch {
                    progress.report(.warning("could not delete the half-built index '\(index)': \(error)"))
                }
            }
            try? await IndexerState.forget(deleted, in: backend)
            return deleted
        }.value
    }

    /// Deletes old versions of an alias: keeps the live index and the newest complete ones
    /// up to the retention count; deletes older complete ones and any incomplete index older
    /// than the live one (left by a killed run). Newer indices (made by a run that started after
    /// this one) are left alone. Failures are warnings: the aliases have already moved.
    func applyRetention(alias: String, live: String) async -> [String] {
        guard let liveVersion = IndexVersion.version(of: live, alias: alias) else { return [] }
        let all: [(index: String, version: String)]
        let complete: Set<String>
        do {
            all = try await versions(of: alias)
            complete = Set(try await aliasTargets(IndexerConfiguration.completeMarker(for: alias)))
        } catch {
            progress.report(.warning("could not list the old versions of '\(alias)': \(error)"))
            return []
        }
        var kept = 1
        var deleted: [String] = []
        for (index, version) in all.reversed() where index != live && version < liveVersion {
            if complete.contains(index), kept < max(1, configuration.retain) {
                kept += 1
                continue
            }
            do {
                _ = try await backend.deleteIndex(index)
                deleted.append(index)
                progress.report(.deleted(index: index))
            } catch {
                progress.report(.warning("could not delete the old version '\(index)': \(error)"))
            }
        }
        try? await IndexerState.forget(deleted, in: backend)
        return deleted.sorted()
    }
}
