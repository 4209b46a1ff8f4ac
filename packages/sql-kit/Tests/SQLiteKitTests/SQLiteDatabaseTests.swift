import CLIKitTesting
import Foundation
import Testing

@testable import SQLiteKit

@Suite struct SQLiteDatabaseTests {
    @Test func createsInsertsAndQueriesAFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("test.sqlite").path
            do {
                let db = try SQLiteDatabase(path: path)
                try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL)")
                try db.run("INSERT INTO t (name, score) VALUES (?, ?)", ["a", 1.5])
                try db.run("INSERT INTO t (name, score) VALUES (?, ?)", ["b", Optional<Double>.none])
                #expect(db.lastInsertRowID == 2)
            }
            let reopened = try SQLiteDatabase(path: path, mode: .readOnly)
            let rows = try reopened.query("SELECT name, score FROM t ORDER BY id") { row in
                (try row.string("name"), try row.value("score"))
            }
            #expect(rows.map(\.0) == ["a", "b"])
            #expect(rows.map(\.1) == [.real(1.5), .null])
            #expect(try reopened.tableNames() == ["t"])
        }
    }

    @Test func openingAMissingFileReadOnlyFails() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("missing.sqlite").path
            #expect {
                _ = try SQLiteDatabase(path: path, mode: .readOnly)
            } throws: { error in
                guard case .cannotOpen(let failedPath, _) = error as? SQLiteError else { return false }
                return failedPath == path && "\(error)".contains("cannot open the SQLite database")
            }
        }
    }

    @Test func openingAFileThatIsNotADatabaseFails() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("text.sqlite").path
            try Data(String(repeating: "not a database at all\n", count: 100).utf8)
                .write(to: URL(fileURLWithPath: path))
            #expect {
                _ = try SQLiteDatabase(path: path)
            } throws: { error in
                guard case .cannotOpen(_, let message) = error as? SQLiteError else { return false }
                return message.contains("not a database")
            }
        }
    }

    @Test func readOnlyDatabaseRefusesWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("ro.sqlite").path
            try SQLiteDatabase(path: path).execute("CREATE TABLE t (x INTEGER)")
            let db = try SQLiteDatabase(path: path, mode: .readOnly)
            #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (1)") }
        }
    }

    @Test func syntaxErrorsNameTheStatement() throws {
        let db = try SQLiteDatabase.inMemory()
        #expect {
            _ = try db.prepare("SELEC 1")
        } throws: { error in
            "\(error)".hasPrefix("cannot prepare the statement 'SELEC 1'")
        }
        #expect {
            try db.execute("CREATE TABLE a (x); CREATE TABLE a (x)")
        } throws: { error in
            "\(error)".contains("already exists")
        }
    }

    @Test func foreignKeysAreEnforced() throws {
        let db = try SQLiteDatabase.inMemory()
        try db.execute(
            """
            CREATE TABLE parent (id TEXT PRIMARY KEY);
            CREATE TABLE child (parent_id TEXT NOT NULL REFERENCES parent (id));
            """)
        #expect {
            try db.run("INSERT INTO child VALUES ('nope')")
        } throws: { error in
            guard case .stepFailed(_, _, let message) = error as? SQLiteError else { return false }
            return message.contains("FOREIGN KEY")
        }
    }

    @Test func scalarReturnsTheFirstValueOrNil() throws {
        let db = try SQLiteDatabase.inMemory()
        #expect(try db.scalar("SELECT 40 + ?", [2]) == .integer(42))
        try db.execute("CREATE TABLE t (x)")
        #expect(try db.scalar("SELECT x FROM t") == nil)
    }
}
