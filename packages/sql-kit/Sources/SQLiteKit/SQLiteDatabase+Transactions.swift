extension SQLiteDatabase {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Inside another transaction it becomes a savepoint, so nested calls compose: an inner
    /// failure undoes only the inner work when the outer body catches it.
    ///
    /// ```swift
    /// try db.transaction {
    ///     try db.run("INSERT INTO assets (uuid, type) VALUES (?, ?)", ["a-1", "movie"])
    ///     try db.run("INSERT INTO asset_categories VALUES (?, ?, 0)", ["a-1", "cat-1"])
    /// }
    /// ```
    @discardableResult
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        if isInTransaction {
            savepointCount += 1
            let name = "sp\(savepointCount)"
            try execute("SAVEPOINT \(name)")
            do {
                let result = try body()
                try execute("RELEASE \(name)")
                return result
            } catch {
                try? execute("ROLLBACK TO \(name); RELEASE \(name)")
                throw error
            }
        }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
