import Foundation
import TestSelectSupport
import Testing

/// The root package's own SHA-256 (it depends on nothing, so it does not use cli-kit's
/// `Digest`) against the vectors that check the shared one:
/// `packages/cli-kit/Conformance/digest/sha256-vectors.json` (linked to this suite in
/// `.testselect.json`).
@Suite struct SHA256Tests {
    struct Vector: Decodable {
        var text: String?
        var `repeat`: String?
        var count: Int?
        var sha256: String
    }

    struct Vectors: Decodable {
        var sha256: [Vector]
    }

    static let vectors: [Vector] = {
        let file = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "packages/cli-kit/Conformance/digest/sha256-vectors.json")
        do {
            return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: file)).sha256
        } catch {
            fatalError("cannot read \(file.path): \(error)")
        }
    }()

    @Test func digestsMatchTheSharedVectors() {
        #expect(Self.vectors.count >= 10)
        for vector in Self.vectors {
            let text = vector.text ?? String(repeating: vector.repeat ?? "", count: vector.count ?? 0)
            #expect(
                SHA256.hex(text) == vector.sha256,
                "\(vector.text ?? "\(vector.count ?? 0) × \(vector.repeat ?? "")")")
        }
    }
}
