import Testing

@testable import SQLiteKit

@Suite struct SQLiteStatementTests {
    private func database() throws -> SQLiteDatabase {
        let db = try SQLiteDatabase.inMemory()
        try db.execute(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, flag INTEGER, amount REAL, data BLOB);
            INSERT INTO items VALUES (1, 'one', 1, 1.25, x'0102');
            INSERT INTO items VALUES (2, NULL, 0, 2, NULL);
            INSERT INTO items VALUES (3, 'three', 7, NULL, NULL);
            """)
        return db
    }

    @Test func bindsNamedParameters() throws {
        let db = try database()
        let statement = try db.prepare("SELECT name FROM items WHERE id = :id")
        try statement.bind(1, to: ":id")
        #expect(try statement.step()?.string(0) == "one")
        try statement.bind(3, to: ":id")
        #expect(try statement.step()?.string(0) == "three")
        #expect(throws: SQLiteError.unknownParameter(name: ":nope", sql: statement.sql)) {
            try statement.bind(1, to: ":nope")
        }
    }

    @Test func aStatementWithoutParametersRunsAgainAfterBindingNone() throws {
        let db = try database()
        let statement = try db.prepare("SELECT count(*) FROM items")
        try statement.bind([])
        #expect(try statement.step()?.int(0) == 3)
        #expect(try statement.step() == nil)
        try db.execute("DELETE FROM items WHERE id = 3")
        try statement.bind([])
        #expect(try statement.step()?.int(0) == 2)
    }

    @Test func refusesTheWrongNumberOfValues() throws {
        let db = try database()
        let statement = try db.prepare("SELECT * FROM items WHERE id = ? AND name = ?")
        #expect(throws: SQLiteError.wrongBindingCount(expected: 2, given: 1, sql: statement.sql)) {
            try statement.bind([1])
        }
    }

    @Test func streamsRowsOneAtATimeAndCanRunAgain() throws {
        let db = try database()
        let statement = try db.prepare("SELECT id FROM items WHERE id >= ? ORDER BY id")
        try statement.bind([2])
        var seen: [Int] = []
        while let row = try statement.step() { seen.append(try row.int(0)) }
        #expect(seen == [2, 3])
        #expect(try statement.step() == nil)
        try statement.bind([1])
        seen = []
        while let row = try statement.step() { seen.append(try row.int("id")) }
        #expect(seen == [1, 2, 3])
    }

    @Test func typedGettersAreStrictAboutStorageClasses() throws {
        let db = try database()
        let statement = try db.prepare("SELECT name, flag, amount, data FROM items ORDER BY id")
        let first = try #require(try statement.step())
        #expect(try first.string("name") == "one")
        #expect(try first.bool("flag"))
        #expect(try first.double("amount") == 1.25)
        #expect(try first.value("data") == .blob([1, 2]))
        #expect(throws: SQLiteError.typeMismatch(column: "name", expected: "integer", found: "text 'one'")) {
            try first.int("name")
        }
        let second = try #require(try statement.step())
        #expect(try second.optionalString("name") == nil)
        #expect(throws: SQLiteError.unexpectedNull(column: "name")) { try second.string("name") }
        #expect(try second.double("amount") == 2)
        let third = try #require(try statement.step())
        #expect(
            throws: SQLiteError.typeMismatch(column: "flag", expected: "boolean (0 or 1)", found: "integer 7")
        ) {
            try third.bool("flag")
        }
        #expect(
            throws: SQLiteError.unknownColumn(name: "nope", available: ["name", "flag", "amount", "data"])
        ) {
            try third.value("nope")
        }
    }

    @Test func rowDictionaryHoldsEveryColumn() throws {
        let db = try database()
        let rows = try db.query("SELECT id, name FROM items WHERE id = 2") { $0.dictionary }
        #expect(rows == [["id": .integer(2), "name": .null]])
    }

    @Test func textRoundTripsUnicode() throws {
        let db = try SQLiteDatabase.inMemory()
        try db.execute("CREATE TABLE t (x TEXT)")
        try db.run("INSERT INTO t VALUES (?)", ["Ḿbali — 東京 🎬"])
        #expect(try db.scalar("SELECT x FROM t") == .text("Ḿbali — 東京 🎬"))
    }
}
