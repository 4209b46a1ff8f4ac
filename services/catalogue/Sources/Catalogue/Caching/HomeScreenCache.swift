import Foundation
import Synchronization

/// The home screen answers already computed, per viewer kind: each is kept while the store's
/// version is the one it was computed at and until the next instant its answer changes by
/// itself (a row's schedule starting or ending, a licence window opening or closing, an event
/// starting or ending); concurrent requests for a missing answer compute it once.
///
/// Bounded: past ``capacity`` answers the least recently used is dropped.
final class HomeScreenCache: Sendable {
    /// Who the answer is for.
    struct Key: Hashable, Sendable {
        var country: String?
        var platform: String
        var apiMajor: Int
        var language: String
        var items: Int
    }

    /// One computed answer.
    struct Answer: Sendable {
        /// The JSON body.
        var body: Data
        /// Its entity tag.
        var etag: String
        /// The store's version it was computed at.
        var version: StoreVersion
        /// The first instant after which the answer may differ without any write; `nil` when no
        /// such instant is known (nothing scheduled to start or end).
        var validUntil: Date?

        /// Whether the answer still holds at `now` for a store at `version`.
        func holds(at now: Date, version: StoreVersion) -> Bool {
            version == self.version && validUntil.map { now < $0 } ?? true
        }
    }

    private struct State {
        var answers: [Key: (answer: Answer, used: UInt64)] = [:]
        var computing: [Key: (version: StoreVersion, task: Task<Answer, any Error>)] = [:]
        var tick: UInt64 = 0
    }

    /// The most answers kept.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer for `key` at `now` and `version`: the kept one when it holds, else the one
    /// `compute` makes (shared by every request that asks for `key` at `version` meanwhile).
    func answer(
        for key: Key, at now: Date, version: StoreVersion,
        compute: @escaping @Sendable () async throws -> Answer
    ) async throws -> (answer: Answer, outcome: Outcome) {
        enum Lookup {
            case kept(Answer)
            case wait(Task<Answer, any Error>, Outcome)
        }
        let lookup = state.withLock { state -> Lookup in
            state.tick += 1
            if let kept = state.answers[key], kept.answer.holds(at: now, version: version) {
                state.answers[key]?.used = state.tick
                return .kept(kept.answer)
            }
            // Only a computation at this same version is shared: one begun at an older version
            // may miss a write this request must see.
            if let computing = state.computing[key], computing.version == version {
                return .wait(computing.task, .shared)
            }
            let task = Task { try await compute() }
            state.computing[key] = (version, task)
            return .wait(task, .computed)
        }
        switch lookup {
        case .kept(let answer):
            return (answer, .kept)
        case .wait(let task, let outcome):
            let result = await task.result
            state.withLock { state in
                if state.computing[key]?.task == task { state.computing[key] = nil }
                if case .success(let answer) = result { store(answer, for: key, in: &state) }
            }
            return (try result.get(), outcome)
        }
    }

    /// How a request's answer was had.
    enum Outcome: String, Sendable, CaseIterable {
        /// A kept answer that still held.
        case kept
        /// Computed for this request.
        case computed
        /// Computed for another request asking at the same time, at the same version.
        case shared
    }

    /// How many answers are kept.
    var count: Int { state.withLock { $0.answers.count } }

    private func store(_ answer: Answer, for key: Key, in state: inout State) {
        state.tick += 1
        state.answers[key] = (answer, state.tick)
        guard state.answers.count > capacity else { return }
        // Over the bound: drop the least recently used (a scan, rare: once per insertion past it).
        if let oldest = state.answers.min(by: { $0.value.used < $1.value.used })?.key {
            state.answers[oldest] = nil
        }
    }
}
