import Foundation

/// The secret that signs page cursors (`next`), so that a cursor the catalogue did not make, or
/// one edited by a client, is refused.
///
/// Every instance behind one address must share the key, or a cursor made by one is refused by
/// the next; `catalogue serve` reads it from `CATALOGUE_CURSOR_KEY` (see ``CursorKeys``).
public struct CursorKey: Sendable, Equatable {
    /// The key's bytes.
    public let bytes: [UInt8]

    /// A key of `secret`'s UTF-8 bytes.
    public init(_ secret: String) {
        bytes = Array(secret.utf8)
    }

    /// A key of `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A key of 32 random bytes, for a development run or a test: cursors it signed are refused by
    /// every other process.
    public static func random() -> CursorKey {
        var generator = SystemRandomNumberGenerator()
        return CursorKey(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}

/// The keys a catalogue accepts cursors signed with; it signs with the first.
///
/// Rotating a key without breaking the cursors clients hold: deploy `new,old` (sign with the new,
/// still accept the old), then, once the old cursors have expired from clients' hands, `new`.
///
/// ```swift
/// let keys = try CursorKeys(parsing: "k2-0123456789abcdef,k1-0123456789abcdef")
/// keys.signing    // k2-...
/// ```
public struct CursorKeys: Sendable, Equatable {
    /// The key new cursors are signed with.
    public let signing: CursorKey
    /// Every key a cursor may be signed with, the signing one first.
    public let accepted: [CursorKey]

    /// The fewest bytes a key given in text may have: a short secret is a guessable one.
    public static let minimumLength = 16

    /// Signs with `signing` and accepts cursors signed with it or any of `previous`.
    public init(signing: CursorKey, previous: [CursorKey] = []) {
        self.signing = signing
        self.accepted = [signing] + previous.filter { $0 != signing }
    }

    /// Reads keys written as `CATALOGUE_CURSOR_KEY` holds them: one secret, or several separated by
    /// commas (spaces around them ignored), the first signing.
    ///
    /// - Throws: ``Problem`` naming the empty or short key, and what to use instead.
    public init(parsing text: String) throws(Problem) {
        let keys = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for (position, key) in keys.enumerated() where key.utf8.count < Self.minimumLength {
            throw Problem(
                position: position + 1, count: keys.count, length: key.utf8.count)
        }
        self.init(signing: CursorKey(keys[0]), previous: keys.dropFirst().map { CursorKey($0) })
    }

    /// One key of the list is unusable.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        /// The key's place in the list, from 1.
        public let position: Int
        /// How many keys the list has.
        public let count: Int
        /// How many bytes the key has.
        public let length: Int

        /// A problem with key `position` of `count`, which has `length` bytes.
        public init(position: Int, count: Int, length: Int) {
            self.position = position
            self.count = count
            self.length = length
        }

        public var description: String {
            let which = count == 1 ? "the key" : "key \(position) of \(count)"
            let what = length == 0 ? "is empty" : "has \(length) bytes"
            return
                "\(which) \(what); each key needs at least \(CursorKeys.minimumLength) (make one with 'openssl rand -base64 32'), several are separated by commas, the first signs"
        }
    }

    /// A random key: what a development run or a test signs with.
    public static func random() -> CursorKeys { CursorKeys(signing: .random()) }
}
