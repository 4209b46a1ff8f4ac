import Synchronization

/// What `/metrics` reports, in the Prometheus text format: requests by route, status and client
/// platform, request latency by route, store call latency and errors by index, requests in
/// flight, and the circuit breaker's state.
///
/// Labels have bounded values: routes are the registered patterns (or `unmatched`), platforms
/// the known ones (or `invalid`), so a client cannot grow the series.
public final class CatalogueMetrics: Sendable {
    struct RequestKey: Hashable {
        var route: String
        var status: Int
        var platform: String
    }

    struct StoreErrorKey: Hashable {
        var index: String
        var kind: String
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var requestLatency: [String: Histogram] = [:]
        var storeLatency: [String: Histogram] = [:]
        var storeErrors: [StoreErrorKey: Int] = [:]
        var inFlight = 0
        var homeScreens: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Creates empty metrics.
    public init() {}

    func started() {
        state.withLock { $0.inFlight += 1 }
    }

    func finished(route: String, status: Int, platform: String, seconds: Double) {
        state.withLock { state in
            state.inFlight -= 1
            state.requests[RequestKey(route: route, status: status, platform: platform), default: 0] += 1
            state.requestLatency[route, default: Histogram()].observe(seconds)
        }
    }

    func homeScreen(_ outcome: HomeScreenCache.Outcome) {
        state.withLock { $0.homeScreens[outcome.rawValue, default: 0] += 1 }
    }

    func storeCall(index: String, seconds: Double, error kind: String?) {
        state.withLock { state in
            state.storeLatency[index, default: Histogram()].observe(seconds)
            if let kind { state.storeErrors[StoreErrorKey(index: index, kind: kind), default: 0] += 1 }
        }
    }

    /// The metrics as Prometheus text (version 0.0.4).
    public func render(breaker: CircuitBreaker.State) -> String {
        let state = state.withLock { $0 }
        var lines: [String] = []
        lines.append(
            "# HELP catalogue_requests_total Requests answered, by route, status and client platform.")
        lines.append("# TYPE catalogue_requests_total counter")
        for (key, count) in state.requests.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            lines.append(
                "catalogue_requests_total{route=\"\(key.route)\",status=\"\(key.status)\",platform=\"\(key.platform)\"} \(count)"
            )
        }
        lines.append("# HELP catalogue_request_duration_seconds Time to answer a request, by route.")
        lines.append("# TYPE catalogue_request_duration_seconds histogram")
        for (route, histogram) in state.requestLatency.sorted(by: { $0.key < $1.key }) {
            lines += histogram.lines("catalogue_request_duration_seconds", labels: "route=\"\(route)\"")
        }
        lines.append("# HELP catalogue_store_call_duration_seconds Time of each search store call, by index.")
        lines.append("# TYPE catalogue_store_call_duration_seconds histogram")
        for (index, histogram) in state.storeLatency.sorted(by: { $0.key < $1.key }) {
            lines += histogram.lines("catalogue_store_call_duration_seconds", labels: "index=\"\(index)\"")
        }
        lines.append("# HELP catalogue_store_errors_total Search store calls that failed, by index and kind.")
        lines.append("# TYPE catalogue_store_errors_total counter")
        for (key, count) in state.storeErrors.sorted(by: { "\($0.key)" < "\($1.key)" }) {
            lines.append("catalogue_store_errors_total{index=\"\(key.index)\",kind=\"\(key.kind)\"} \(count)")
        }
        lines.append(
            "# HELP catalogue_home_screen_answers_total Home screens answered: kept, computed, or shared with a request computing it."
        )
        lines.append("# TYPE catalogue_home_screen_answers_total counter")
        for outcome in HomeScreenCache.Outcome.allCases {
            lines.append(
                "catalogue_home_screen_answers_total{outcome=\"\(outcome.rawValue)\"} \(state.homeScreens[outcome.rawValue, default: 0])"
            )
        }
        lines.append("# HELP catalogue_requests_in_flight Requests being answered now.")
        lines.append("# TYPE catalogue_requests_in_flight gauge")
        lines.append("catalogue_requests_in_flight \(state.inFlight)")
        lines.append("# HELP catalogue_circuit_breaker_state 1 for the breaker's current state.")
        lines.append("# TYPE catalogue_circuit_breaker_state gauge")
        for candidate in [CircuitBreaker.State.closed, .open, .halfOpen] {
            lines.append(
                "catalogue_circuit_breaker_state{state=\"\(candidate.rawValue)\"} \(candidate == breaker ? 1 : 0)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
