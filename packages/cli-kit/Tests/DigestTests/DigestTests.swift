import Digest
import Foundation
import Testing

/// SHA-256 and HMAC-SHA-256 against the published vectors of `Conformance/digest` (the root
/// package's own SHA-256 is checked against the same file), and hashing in pieces across block
/// boundaries.
@Suite struct DigestTests {
    struct Vectors: Decodable {
        struct Digest: Decodable {
            var text: String?
            var `repeat`: String?
            var count: Int?
            var sha256: String

            var message: [UInt8] {
                Array((text ?? String(repeating: `repeat` ?? "", count: count ?? 0)).utf8)
            }
        }

        struct MAC: Decodable {
            var rfc4231_case: Int
            var key_hex: String
            var data_hex: String
            var hmac_sha256: String
        }

        var sha256: [Digest]
        var hmac_sha256: [MAC]
    }

    static let vectors: Vectors = {
        let file = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Conformance/digest/sha256-vectors.json")
        do {
            return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: file))
        } catch {
            fatalError("cannot read \(file.path): \(error)")
        }
    }()

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) ?? 0
        }
    }

    @Test func sha256MatchesEveryVector() {
        #expect(Self.vectors.sha256.count >= 10)
        for vector in Self.vectors.sha256 {
            #expect(
                SHA256.hex(SHA256.digest(vector.message)) == vector.sha256,
                "\(vector.text ?? "\(vector.count ?? 0) × \(vector.repeat ?? "")")")
        }
    }

    @Test func hmacSHA256MatchesRFC4231() {
        #expect(Self.vectors.hmac_sha256.count >= 5)
        for vector in Self.vectors.hmac_sha256 {
            let mac = HMAC.sha256(
                key: Self.bytes(hex: vector.key_hex), message: Self.bytes(hex: vector.data_hex))
            #expect(SHA256.hex(mac) == vector.hmac_sha256, "case \(vector.rfc4231_case)")
        }
    }

    @Test(arguments: [1, 55, 56, 63, 64, 65, 119, 128, 200])
    func hashingInPiecesIsHashingAtOnce(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var pieces = SHA256()
        pieces.update(Array(bytes.prefix(length / 3)))
        pieces.update([])
        pieces.update(Array(bytes.dropFirst(length / 3)))
        #expect(pieces.finalize() == SHA256.digest(bytes))
    }
}
