import ESModels
import Foundation
import Synchronization

/// One test's world: its own search store with indices made from the mapping copy and loaded
/// with the test's documents, its frozen clock, and the names of its indices.
///
/// The `.useData(...)` trait creates one per test and publishes it in ``current`` for the
/// test's task tree; service test-support builds the service under test from it.
///
/// ```swift
/// @Test(.useData(assetflats: [["uuid": "uuid-1"]]))
/// func findsTheAsset() async throws {
///     let environment = try FixtureEnvironment.required()
///     let name = environment.indexName(.assetflat)
///     let found = try await environment.backend.getDocument(name, id: "uuid-1")
///     #expect(found.found)
/// }
/// ```
public final class FixtureEnvironment: Sendable {
    /// The environment of the running test, set by `.useData(...)` and
    /// ``withFixtureEnvironment(_:store:mappings:_:)``.
    @TaskLocal public static var current: FixtureEnvironment?

    /// The test's search store.
    public let backend: any SearchBackend
    /// The test's clock, frozen at ``now``; give it to the code under test.
    public let clock: WallClock
    /// The frozen instant.
    public let now: Date
    /// The prefix of every index name: empty on the per-test embedded engine, unique per test on
    /// a shared cluster.
    public let indexPrefix: String
    /// Whether the store is a shared cluster.
    public let isCluster: Bool

    private let state: Mutex<State>

    private struct State {
        var documents: [String: [FixtureDocument]] = [:]
        var createdIndices: [String] = []
        var shared: [ObjectIdentifier: any Sendable] = [:]
    }

    init(backend: any SearchBackend, now: Date, indexPrefix: String, isCluster: Bool) {
        self.backend = backend
        self.now = now
        self.clock = WallClock.frozen(at: now)
        self.indexPrefix = indexPrefix
        self.isCluster = isCluster
        self.state = Mutex(State())
    }

    /// The running test's environment.
    ///
    /// - Throws: ``FixtureError/noEnvironment`` outside of a `.useData(...)` scope.
    public static func required() throws -> FixtureEnvironment {
        guard let current else { throw FixtureError.noEnvironment }
        return current
    }

    /// The concrete name of an index in this environment (``indexPrefix`` + `index`).
    public func indexName(_ index: String) -> String {
        indexPrefix + index
    }

    /// The concrete name of one of our indices in this environment.
    public func indexName(_ index: IndexName) -> String {
        indexName(index.rawValue)
    }

    /// The indices created for the test (concrete names), in creation order.
    public var createdIndices: [String] {
        state.withLock { $0.createdIndices }
    }

    /// The complete documents loaded into `index`, in load order.
    public func documents(in index: String) -> [FixtureDocument] {
        state.withLock { $0.documents[index] ?? [] }
    }

    /// The complete documents loaded into one of our indices, in load order.
    public func documents(in index: IndexName) -> [FixtureDocument] {
        documents(in: index.rawValue)
    }

    /// A value shared by everything in the test, made once (a service application built over
    /// this environment, for example); values are keyed by their type.
    public func shared<Value: Sendable>(_ type: Value.Type = Value.self, make: () throws -> Value) rethrows
        -> Value
    {
        let key = ObjectIdentifier(type)
        if let existing = state.withLock({ $0.shared[key] as? Value }) { return existing }
        let made = try make()
        return state.withLock { state in
            if let existing = state.shared[key] as? Value { return existing }
            state.shared[key] = made
            return made
        }
    }

    func recordCreated(_ index: String) {
        state.withLock { $0.createdIndices.append(index) }
    }

    func record(_ documents: [FixtureDocument]) {
        state.withLock { state in
            for document in documents {
                state.documents[document.index, default: []].append(document)
            }
        }
    }
}
