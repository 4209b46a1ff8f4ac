import Testing

@testable import SQLiteKit

@Suite struct SQLiteTransactionTests {
    private struct Failure: Error {}

    private func database() throws -> SQLiteDatabase {
        let db = try SQLiteDatabase.inMemory()
        try db.execute("CREATE TABLE t (x INTEGER)")
        return db
    }

    private func count(_ db: SQLiteDatabase) throws -> Int64? {
        if case .integer(let number) = try db.scalar("SELECT count(*) FROM t") { return number }
        return nil
    }

    @Test func commitsWhenTheBodyReturns() throws {
        let db = try database()
        let result = try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            try db.run("INSERT INTO t VALUES (2)")
            return "done"
        }
        #expect(result == "done")
        #expect(try count(db) == 2)
        #expect(!db.isInTransaction)
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        let db = try database()
        #expect(throws: Failure.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try count(db) == 0)
        #expect(!db.isInTransaction)
    }

    @Test func nestedFailureUndoesOnlyTheInnerWork() throws {
        let db = try database()
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            do {
                try db.transaction {
                    try db.run("INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            } catch is Failure {}
            try db.transaction { try db.run("INSERT INTO t VALUES (3)") }
        }
        #expect(try db.query("SELECT x FROM t ORDER BY x") { try $0.int(0) } == [1, 3])
    }
}
