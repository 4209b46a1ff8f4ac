import Synchronization

/// Holds handlers until the test opens it, and lets the test wait until a number of them have
/// started: a request that is "in flight" for as long as the test needs, without a handler
/// that sleeps and a test that guesses how long.
///
/// ```swift
/// let gate = HandlerGate()
/// router.get("/gated") { _, _ in
///     try await gate.pass()
///     return .text("passed")
/// }
/// ...
/// await gate.waitForStarted(1)   // the request is being handled now
/// server.shutdown()
/// gate.open()
/// ```
public final class HandlerGate: Sendable {
    private struct State {
        var isOpen = false
        var started = 0
        var nextID: UInt64 = 0
        var held: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Creates a closed gate.
    public init() {}

    /// The handlers that have reached the gate so far.
    public var started: Int { state.withLock { $0.started } }

    /// Records a handler's start, then waits until the gate is open.
    ///
    /// - Throws: `CancellationError` when the handler's task is cancelled (a server closing its
    ///   connections after the shutdown grace period).
    public func pass() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let (result, watchers) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    state.started += 1
                    let count = state.started
                    let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
                    state.watchers.removeAll { $0.count <= count }
                    if Task.isCancelled { return (.failure(CancellationError()), ready) }
                    if state.isOpen { return (.success(()), ready) }
                    state.held[id] = continuation
                    return (nil, ready)
                }
                for watcher in watchers { watcher.resume() }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` handlers have reached the gate.
    public func waitForStarted(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.started >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Lets every waiting and later handler through.
    public func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }
}
