import ESModels
import HTTPKit
import TimeKit

extension CatalogueApp {
    /// Why the catalogue cannot serve now: one reason per index (missing, or a mapping it cannot
    /// read), or one for the whole store (it does not answer in time, or cannot be reached);
    /// empty when it is ready. Bounded by ``CatalogueConfiguration/readinessTimeout`` whatever
    /// the store does.
    public func readinessProblems() async -> [String] {
        let clock = monotonic
        let deadline = clock.now() + configuration.readinessTimeout
        let backend = backend
        let indices = configuration.indices
        let check = { @Sendable () async -> [String] in
            var problems: [String] = []
            for index in IndexName.allCases {
                let name = indices.name(index)
                do {
                    let response = try await backend.getMapping(name)
                    if let problem = MappingCompatibility.problem(in: response, for: index) {
                        problems.append("index '\(name)' has a mapping the catalogue cannot read: \(problem)")
                    }
                } catch let error as ElasticsearchError where error.type == "index_not_found_exception" {
                    problems.append("index '\(name)' does not exist; run 'cms-indexer index'")
                } catch let error as SearchTransportError {
                    if case .timedOut = error {
                        return ["the search store did not answer within the readiness timeout"]
                    }
                    return ["the search store cannot be reached"]
                } catch is StoreDeadline.Exceeded {
                    return ["the search store did not answer within the readiness timeout"]
                } catch {
                    problems.append("index '\(name)' cannot be checked: \(error)")
                }
            }
            return problems
        }
        let context = SearchCallContext(deadline: deadline, requestID: SearchCallContext.current.requestID)
        do {
            return try await SearchCallContext.$current.withValue(context) {
                try await StoreDeadline.run(deadline, clock: clock, mode: .race) { await check() }
            }
        } catch {
            return ["the search store did not answer within the readiness timeout"]
        }
    }

    /// `GET /health/ready` (and `/health`): 200 `{"status":"ok"}` when the store answers within
    /// the readiness timeout and every index exists with a compatible mapping; otherwise 503
    /// `{"status":"not_ready","reasons":[...]}` with `Retry-After`, the reasons logged.
    func ready(_ context: RequestContext) async -> Response {
        let problems = await readinessProblems()
        guard !problems.isEmpty else { return Self.respond(["status": "ok"]) }
        for problem in problems { context.logger.warning("not ready: \(problem)") }
        var response = Self.respond([
            "status": "not_ready", "reasons": .array(problems.map { .string($0) }),
            "breaker": .string(breaker.state.rawValue),
        ])
        response.status = .serviceUnavailable
        response.headers.add(name: "Retry-After", value: "5")
        return response
    }
}
