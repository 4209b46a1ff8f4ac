import Foundation
import PostgresKit
import PostgresKitTesting
import Testing

@Suite(.enabled(if: TemporaryPostgresServer.isAvailable, serverMissing))
struct LibPQConnectionTests {
    @Test func parametersAndTypedGettersRoundTrip() async throws {
        try await withConnection { db, _ in
            let result = try db.query(
                """
                SELECT $1::text AS name, $2::bigint AS n, $3::boolean AS b, $4::double precision AS d,
                    $5::text AS missing, CAST($6 AS timestamptz) AS at, CAST($7 AS timestamptz) AS fine
                """,
                ["Kenya ✓", 42, true, 2.5, nil, "2024-03-01T10:00:00Z", "2024-03-01T10:00:00.25+02:00"])
            let row = result.row(0)
            #expect(try row.string("name") == "Kenya ✓")
            #expect(try row.int("n") == 42)
            #expect(try row.bool("b"))
            #expect(try row.double(3) == 2.5)
            #expect(try row.optionalString("missing") == nil)
            #expect(try row.timestampISO8601(5) == "2024-03-01T10:00:00Z")
            #expect(try row.timestampISO8601(6) == "2024-03-01T08:00:00.25Z")
            #expect(result.columns.map(\.name) == ["name", "n", "b", "d", "missing", "at", "fine"])
        }
    }

    @Test func gettersAreStrictAboutTypes() async throws {
        try await withConnection { db, _ in
            let row = try db.query("SELECT 1 AS n, 'high'::text AS priority, NULL::text AS gone", []).row(0)
            #expect(throws: PostgresError.typeMismatch(column: "n", expected: "text", found: "integer '1'")) {
                try row.string(0)
            }
            #expect(
                throws: PostgresError.typeMismatch(
                    column: "priority", expected: "integer", found: "text 'high'")
            ) { try row.int(1) }
            #expect(throws: PostgresError.unexpectedNull(column: "gone")) { try row.string(2) }
            #expect(throws: PostgresError.self) { try row.string("nope") }
        }
    }

    @Test func aFailedStatementNamesItsSQLStateAndTheConnectionStaysUsable() async throws {
        try await withConnection { db, _ in
            try db.execute("CREATE TABLE t (code text PRIMARY KEY)")
            try db.run("INSERT INTO t VALUES ($1)", ["KE"])
            #expect {
                try db.run("INSERT INTO t VALUES ($1)", ["KE"])
            } throws: { error in
                (error as? PostgresError)?.sqlState == "23505"
                    && "\(error)".contains("duplicate key value violates unique constraint \"t_pkey\"")
            }
            #expect {
                try db.execute("SELEC 1")
            } throws: { ($0 as? PostgresError)?.sqlState == "42601" }
            #expect(try db.scalar("SELECT count(*) FROM t") == "1")
        }
    }

    @Test func aStatementIsPreparedOnceAndReused() async throws {
        try await withConnection { db, _ in
            let before = db.roundTrips
            for value in 1...5 { _ = try db.query("SELECT $1::int + 1", [.integer(Int64(value))]) }
            // One prepare, then one round trip per execution.
            #expect(db.roundTrips - before == 6)
            #expect(try db.scalar("SELECT $1::int * 2", [21]) == "42")
        }
    }

    @Test func copyLoadsRowsWithEveryCharacterAndNull() async throws {
        try await withConnection { db, _ in
            try db.execute("CREATE TABLE t (id integer, note text, flag boolean)")
            let notes = ["tab\there", "new\nline", "back\\slash", "\\N", "carriage\rreturn", "plain"]
            let rows: [[PostgresValue]] =
                notes.enumerated().map { [.integer(Int64($0.offset)), .text($0.element), .boolean(true)] }
                + [[99, nil, false]]
            #expect(try db.copy(into: "t", columns: ["id", "note", "flag"], rows: rows) == 7)
            let read = try db.query("SELECT note, flag FROM t ORDER BY id", []).rows
            #expect(try read.map { try $0.optionalString(0) } == notes + [nil])
            #expect(try read.last?.bool(1) == false)
        }
    }

    @Test func notificationsArriveAndWaitingForNoneEndsOnTime() async throws {
        try await withConnection { db, url in
            let channel = "test_\(db.serverProcessID)"
            try db.listen(channel)
            // A real server's socket on real time: the wait lasts the timeout it is given (the
            // lower bound is enforced by the code); the upper bound only catches one that never ends.
            let started = ContinuousClock.now
            #expect(try db.notifications(timeout: .milliseconds(200)).isEmpty)
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(200) && waited < .seconds(60), "\(waited)")
            let other = try LibPQConnection(configuration: PostgresConfiguration(url))
            try other.execute("NOTIFY \(channel), 'hello'")
            let received = try db.notifications(timeout: .seconds(60))
            #expect(received.map(\.payload) == ["hello"])
            #expect(received.first?.senderProcessID == other.serverProcessID)
            other.close()
        }
    }

    @Test func theEnvironmentFillsWhatTheURLLeavesOut() async throws {
        let server = try await TemporaryPostgresServer.shared()
        let environment = [
            "PGHOST": "127.0.0.1", "PGPORT": "\(server.port)", "PGUSER": server.user,
            "PGPASSWORD": server.password, "PGDATABASE": "postgres",
        ]
        let db = try LibPQConnection(
            configuration: PostgresConfiguration("postgres://", environment: environment))
        #expect(db.displayName == "'postgres://cms@127.0.0.1:\(server.port)/postgres'")
        #expect(try db.scalar("SELECT current_user") == "cms")
        #expect(try db.scalar("SHOW TimeZone") == "UTC")
        db.close()
        // The URL wins over the environment.
        let other = try LibPQConnection(
            configuration: PostgresConfiguration(
                "postgres://127.0.0.1:\(server.port)/template1", environment: environment))
        #expect(try other.scalar("SELECT current_database()") == "template1")
        other.close()
    }
}
