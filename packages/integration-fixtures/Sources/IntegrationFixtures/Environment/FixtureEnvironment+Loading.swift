import ESModels
import Foundation

extension FixtureEnvironment {
    /// Creates a test's environment: a backend from `store`, every index `data` needs created
    /// from the mapping copy, and `data`'s documents completed and loaded (searchable at once).
    ///
    /// On failure, whatever was created is removed before the error is thrown.
    ///
    /// - Throws: ``FixtureError`` (a missing mapping, a bad override, a document the store
    ///   refused), or the store's own errors.
    public static func start(
        _ data: FixtureData, store: FixtureStore, mappings: FixtureMappings = .shared
    ) async throws -> FixtureEnvironment {
        let (backend, prefix) = try store.makeBackend(clock: WallClock.frozen(at: data.now))
        let environment = FixtureEnvironment(
            backend: backend, now: data.now, indexPrefix: prefix, isCluster: store.isCluster)
        do {
            let indices = try data.indices ?? mappings.indexNames()
            for index in indices {
                let definition = try mappings.definition(for: index)
                _ = try await backend.createIndex(environment.indexName(index), definition: definition)
                environment.recordCreated(environment.indexName(index))
            }
            try await environment.load(data.sets, mappings: mappings)
            return environment
        } catch {
            await environment.tearDown()
            throw error
        }
    }

    /// Completes and loads more documents (searchable at once), for tests that change the data
    /// as they go.
    ///
    /// - Returns: the complete documents, in order.
    /// - Throws: like ``start(_:store:mappings:)``.
    @discardableResult
    public func load(_ sets: [FixtureSet], mappings: FixtureMappings = .shared) async throws
        -> [FixtureDocument]
    {
        var documents: [FixtureDocument] = []
        for set in sets where !set.overrides.isEmpty {
            let builder = FixtureDocumentBuilder(
                kind: set.kind, mapping: try mappings.mapping(for: set.kind.index), now: now)
            documents += try builder.documents(from: set.overrides)
        }
        guard !documents.isEmpty else { return [] }
        let operations = documents.map { document in
            BulkOperation.index(index: indexName(document.index), id: document.id, document: document.source)
        }
        let response = try await backend.bulk(BulkRequest(operations, refresh: .immediate))
        if let failure = zip(documents, response.items).first(where: { $0.1.error != nil }),
            let error = failure.1.error
        {
            throw FixtureError.documentRejected(
                index: failure.0.index, id: failure.0.id, type: error.type, reason: error.reason)
        }
        record(documents)
        return documents
    }

    /// Deletes the indices created for the test (on a cluster; the per-test embedded engine is
    /// simply dropped). Failures are ignored: the test's outcome is already decided.
    public func tearDown() async {
        guard isCluster else { return }
        for index in createdIndices.reversed() {
            _ = try? await backend.deleteIndex(index)
        }
    }
}

/// Runs `body` in a fresh fixture environment holding `data`, published as
/// ``FixtureEnvironment/current`` for `body`'s task tree, and tears it down afterwards, whether
/// `body` returns or throws.
///
/// ```swift
/// try await withFixtureEnvironment(FixtureData(assetflats: [[:]])) { environment in
///     let count = try await environment.backend.count(environment.indexName(.assetflat), request: CountRequest())
///     #expect(count.count == 1)
/// }
/// ```
///
/// - Parameter store: the store; by default the one `ES_URL` selects.
/// - Throws: what set-up or `body` throws.
public func withFixtureEnvironment<Value: Sendable>(
    _ data: FixtureData, store: FixtureStore? = nil, mappings: FixtureMappings = .shared,
    _ body: (FixtureEnvironment) async throws -> Value
) async throws -> Value {
    let environment = try await FixtureEnvironment.start(
        data, store: store ?? FixtureStore.default.get(), mappings: mappings)
    let result: Result<Value, any Error>
    do {
        result = .success(
            try await FixtureEnvironment.$current.withValue(environment) { try await body(environment) })
    } catch {
        result = .failure(error)
    }
    await environment.tearDown()
    return try result.get()
}
