import ESModels
import Foundation
import Testing

@testable import Catalogue

@Suite struct PageCursorTests {
    static let key = CursorKey("test key")
    static let keys = CursorKeys(signing: key)
    static let cursor = PageCursor(
        sort: "-created_at", after: [1_748_779_200_000, "uuid-20"], filters: "assets\u{1F}type=movie",
        instant: Date(timeIntervalSince1970: 1_748_779_200), position: 20)

    @Test func aTokenReadsBackAsTheSameCursor() throws {
        let token = Self.cursor.token(key: Self.key)
        #expect(try PageCursor(token: token, keys: Self.keys) == Self.cursor)
        #expect(token.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) })
        try Self.cursor.check(sort: "-created_at", filters: "assets\u{1F}type=movie", token: token)
    }

    @Test func everyOneCharacterEditIsRefused() {
        let token = Array(Self.cursor.token(key: Self.key))
        for position in token.indices {
            var edited = token
            edited[position] = token[position] == "A" ? "B" : "A"
            #expect(throws: CatalogueError.self, "position \(position)") {
                try PageCursor(token: String(edited), keys: Self.keys)
            }
        }
        #expect(throws: CatalogueError.self) {
            try PageCursor(token: String(token.dropLast()), keys: Self.keys)
        }
    }

    @Test func aCursorSignedWithAnotherKeyIsRefused() {
        let token = Self.cursor.token(key: CursorKey("another key"))
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "cursor", value: String(token.prefix(20)) + "…",
                expected:
                    "was damaged or edited, or not made by this catalogue; send the 'next' value of a page unchanged"
            )
        ) {
            try PageCursor(token: token, keys: Self.keys)
        }
    }

    /// While a key is rotated (`new,old`), cursors signed with the old key still read, new ones are
    /// signed with the new key, and the old key alone no longer reads them.
    @Test func aRotatedKeyStillAcceptsCursorsOfThePreviousOne() throws {
        let old = CursorKey("old key 0123456789")
        let new = CursorKey("new key 0123456789")
        let rotating = try CursorKeys(parsing: "new key 0123456789, old key 0123456789")
        #expect(rotating == CursorKeys(signing: new, previous: [old]))
        #expect(try PageCursor(token: Self.cursor.token(key: old), keys: rotating) == Self.cursor)
        let fresh = Self.cursor.token(key: rotating.signing)
        #expect(try PageCursor(token: fresh, keys: CursorKeys(signing: new)) == Self.cursor)
        #expect(throws: CatalogueError.self) { try PageCursor(token: fresh, keys: CursorKeys(signing: old)) }
    }

    @Test func shortOrEmptyKeysAreRefusedWithoutShowingThem() {
        #expect(throws: CursorKeys.Problem(position: 1, count: 1, length: 6)) {
            try CursorKeys(parsing: "s3cret")
        }
        #expect(throws: CursorKeys.Problem(position: 2, count: 2, length: 0)) {
            try CursorKeys(parsing: "0123456789abcdef,")
        }
        let problem = CursorKeys.Problem(position: 2, count: 3, length: 5)
        #expect(
            problem.description
                == "key 2 of 3 has 5 bytes; each key needs at least 16 (make one with 'openssl rand -base64 32'), several are separated by commas, the first signs"
        )
    }

    @Test func randomKeysDiffer() {
        #expect(CursorKey.random() != CursorKey.random())
        #expect(CursorKey.random().bytes.count == 32)
    }

    @Test(arguments: ["", ".", "abc", "a.b.c", "not base64!.abc", String(repeating: "a", count: 3000) + ".a"])
    func malformedTokensAreRefused(token: String) {
        #expect(throws: CatalogueError.self) { try PageCursor(token: token, keys: Self.keys) }
    }

    @Test func aCursorOfAnotherSortOrOtherFiltersIsRefused() {
        let token = Self.cursor.token(key: Self.key)
        #expect(
            throws: CatalogueError.invalidParameter(
                name: "cursor", value: String(token.prefix(20)) + "…",
                expected:
                    "the cursor was made for sort '-created_at', not 'title'; send the same 'sort' as the page it came from, or start again without 'cursor'"
            )
        ) {
            try Self.cursor.check(sort: "title", filters: "assets\u{1F}type=movie", token: token)
        }
        #expect(throws: CatalogueError.self) {
            try Self.cursor.check(sort: "-created_at", filters: "assets\u{1F}type=episode", token: token)
        }
    }

    @Test func base64URLAgreesWithFoundation() {
        for length in [1, 55, 56, 63, 64, 65, 119, 128, 200] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let text = PageCursor.base64URL(bytes)
            let foundation = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(text == foundation, "\(length)")
            #expect(PageCursor.bytes(base64URL: Substring(text)) == bytes, "\(length)")
        }
    }
}
