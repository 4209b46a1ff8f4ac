import ESEmbedded
import ESModels
import HTTPKit

extension ElasticsearchFacade {
    /// The version this facade reports (the Elasticsearch release whose behaviour it follows).
    static let versionNumber = "8.15.0"

    func registerClusterRoutes(on router: Router) {
        router.get("/") { request, _ in
            try request.checkParameters([])
            return RESTResponse.json(info, request: request)
        }
        router.get("/_cluster/health") { request, _ in
            try request.checkParameters(Self.healthParameters)
            return try await healthAnswer(nil, request: request)
        }
        router.get("/_cluster/health/{index}") { request, context in
            try request.checkParameters(Self.healthParameters)
            return try await healthAnswer(try context.parameters.require("index"), request: request)
        }
    }

    private static let statusRank = ["green": 0, "yellow": 1, "red": 2]

    /// The health answer; with `wait_for_status`, once the status is at least that good, or
    /// after `timeout` (30 s by default) with `timed_out: true` and 408, as Elasticsearch answers.
    /// The other `wait_for_*` conditions always hold on a single node that never relocates.
    private func healthAnswer(_ expression: String?, request: Request) async throws -> Response {
        var answer = try health(expression)
        guard let wanted = request.query["wait_for_status"] else {
            return RESTResponse.json(answer, request: request)
        }
        guard let wantedRank = Self.statusRank[wanted] else {
            throw ElasticsearchError.illegalArgument("unknown cluster health status [\(wanted)]")
        }
        let timeout = try request.query["timeout"].map {
            try KeepAlive(parsing: $0, setting: "timeout").milliseconds
        }
        let deadline = ContinuousClock.now + .milliseconds(timeout ?? 30_000)
        while let status = answer["status"]?.stringValue, let rank = Self.statusRank[status],
            rank > wantedRank
        {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                var members = answer.objectValue ?? [:]
                members["timed_out"] = true
                return RESTResponse.json(.object(members), status: HTTPStatus(code: 408), request: request)
            }
            // The status changes only with a request (replicas, a repair), so a poll is cheap.
            try await Task.sleep(for: min(remaining, .milliseconds(50)))
            answer = try health(expression)
        }
        return RESTResponse.json(answer, request: request)
    }

    private static let healthParameters: Set<String> = [
        "wait_for_status", "timeout", "master_timeout", "local", "wait_for_active_shards",
        "wait_for_no_relocating_shards", "wait_for_no_initializing_shards", "wait_for_nodes",
        "wait_for_events",
    ]

    var info: JSONValue {
        [
            "name": .string(EngineName.node), "cluster_name": .string(clusterName),
            "cluster_uuid": .string(clusterUUID),
            "version": [
                "number": .string(Self.versionNumber), "build_flavor": "default", "build_type": "es-embedded",
                "build_hash": "es-embedded", "build_date": "2024-08-05T10:05:34.233336849Z",
                "build_snapshot": false,
                "lucene_version": "9.11.1", "minimum_wire_compatibility_version": "7.17.0",
                "minimum_index_compatibility_version": "7.0.0",
            ],
            "tagline": "You Know, for Search",
        ]
    }

    /// `green` when every shard is assigned; `yellow` when an index asks for replicas a single
    /// node cannot hold (Elasticsearch's default of one replica does); `red` when an index is not
    /// served because its records are damaged (its primary is unassigned).
    private func health(_ expression: String?) throws -> JSONValue {
        let failed = backend.failedIndices(expression)
        let summaries: [IndexSummary]
        do {
            summaries = try backend.indexSummaries(expression)
        } catch let error as ElasticsearchError where !failed.isEmpty && error.status == 503 {
            summaries = []
        }
        let primaries = summaries.count
        let unassigned = summaries.reduce(0) { $0 + $1.replicas } + failed.count
        let percent =
            primaries + unassigned == 0 ? 100.0 : Double(primaries) * 100 / Double(primaries + unassigned)
        let status: JSONValue = !failed.isEmpty ? "red" : unassigned == 0 ? "green" : "yellow"
        return [
            "cluster_name": .string(clusterName), "status": status,
            "timed_out": false,
            "number_of_nodes": 1, "number_of_data_nodes": 1, "active_primary_shards": .int(primaries),
            "active_shards": .int(primaries), "relocating_shards": 0, "initializing_shards": 0,
            "unassigned_shards": .int(unassigned), "delayed_unassigned_shards": 0,
            "number_of_pending_tasks": 0,
            "number_of_in_flight_fetch": 0, "task_max_waiting_in_queue_millis": 0,
            "active_shards_percent_as_number": .double(percent),
        ]
    }
}

/// Names the facade reports for its single node.
enum EngineName {
    static let node = "es-embedded"
}
