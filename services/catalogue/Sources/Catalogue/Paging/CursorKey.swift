/// The secret that signs page cursors (`next`), so that a cursor the catalogue did not make, or
/// one edited by a client, is refused.
///
/// Every instance behind one address must share the key, or a cursor made by one is refused by
/// the next; `catalogue serve` reads it from `CATALOGUE_CURSOR_KEY`.
public struct CursorKey: Sendable, Equatable {
    /// The key's bytes.
    public let bytes: [UInt8]

    /// A key of `secret`'s UTF-8 bytes.
    public init(_ secret: String) {
        bytes = Array(secret.utf8)
    }

    /// The key used when none is configured: it still catches damaged cursors and cursors reused
    /// with other filters, but anyone who reads this source can sign one, so deployments set
    /// their own.
    public static let builtIn = CursorKey("catalogue page cursor, replace with CATALOGUE_CURSOR_KEY")
}
