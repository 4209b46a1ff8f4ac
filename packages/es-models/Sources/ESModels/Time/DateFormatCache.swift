import Synchronization

/// Compiled ``DateFormat``s by spec, shared by every thread of the process.
///
/// Compiling a format costs far more than parsing a date with it, and a handful of formats
/// (those of the mapped date fields, and the few a query names) serve every request, so each is
/// compiled once. The cache is bounded because a query's `format` is user input: when it is
/// full, it starts over rather than grow.
///
/// ```swift
/// let format = try DateFormatCache.shared.format("yyyy-MM-dd||epoch_millis")
/// ```
public final class DateFormatCache: Sendable {
    private struct State {
        var formats: [String: DateFormat]
        var compilations = 0
    }

    /// The cache ``DateFormat/cached(_:)`` and ``RangeQuery/dateBounds(now:fieldFormat:)`` use.
    public static let shared = DateFormatCache()

    /// The most formats held at once.
    public let capacity: Int
    private let state: Mutex<State>

    /// Creates an empty cache (holding only ``DateFormat/default``).
    ///
    /// - Parameter capacity: the most formats held before the cache starts over (at least 1).
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        self.state = Mutex(State(formats: [DateFormat.defaultSpec: DateFormat.default]))
    }

    /// The compiled `spec`, compiled now only if no thread compiled it before.
    ///
    /// A format that does not compile is not remembered: asking again throws again.
    /// - Throws: `illegal_argument_exception` "Invalid format: [...]", as ``DateFormat/init(_:)``.
    public func format(_ spec: String) throws -> DateFormat {
        if let cached = state.withLock({ $0.formats[spec] }) { return cached }
        // Compiled outside the lock, so a slow compilation never blocks readers of other
        // formats; two threads racing on a new spec both compile it and store equal values.
        let compiled = try DateFormat(spec)
        state.withLock { state in
            state.compilations += 1
            if state.formats.count >= capacity {
                state.formats = [DateFormat.defaultSpec: DateFormat.default]
            }
            state.formats[spec] = compiled
        }
        return compiled
    }

    /// How many formats are held.
    public var count: Int {
        state.withLock { $0.formats.count }
    }

    /// Whether `spec` is held compiled.
    public func contains(_ spec: String) -> Bool {
        state.withLock { $0.formats[spec] != nil }
    }

    /// How many formats this cache has compiled (cache misses that compiled).
    var compilations: Int {
        state.withLock { $0.compilations }
    }
}
