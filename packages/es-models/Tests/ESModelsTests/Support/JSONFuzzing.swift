@testable import ESModels

/// A small seeded generator (SplitMix64), so every fuzzed input can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Random JSON documents and hostile variations of their text.
enum JSONFuzzing {
    /// Strings that exercise escapes, non-ASCII, canonically equivalent spellings and lengths
    /// around the 15-byte small-string limit.
    static let strings: [String] = [
        "", "a", "uuid", "titles", "_source", "exactly15bytes!", "sixteen-bytes-xx", "caf\u{E9}",
        "cafe\u{301}", "\u{6771}\u{4EAC}", "\u{1F600}", "quote\"d", "back\\slash", "line\nbreak",
        "tab\there", "\u{01}\u{1F}", "slash/", "assetflat-20261201153822013", "Z", "a\u{0}b",
        "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}",
    ]

    /// A random value at most `depth` containers deep.
    static func value(depth: Int, using random: inout SplitMix64) -> JSONValue {
        let kind = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &random)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            return .int(
                [0, -1, 1, Int.max, Int.min, Int.random(in: -1_000_000...1_000_000, using: &random)]
                    .randomElement(using: &random) ?? 0)
        case 3:
            return .double(
                [0.5, -2.5e-8, 1e300, 0.1, Double.random(in: -1e6...1e6, using: &random)]
                    .randomElement(using: &random) ?? 0)
        case 4, 5: return .string(string(using: &random))
        case 6:
            return .array(
                (0..<Int.random(in: 0...5, using: &random)).map { _ in
                    value(depth: depth - 1, using: &random)
                })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                members[string(using: &random)] = value(depth: depth - 1, using: &random)
            }
            return .object(members)
        }
    }

    static func string(using random: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in strings.randomElement(using: &random) ?? "" }
            .joined()
    }

    /// Fragments spliced into texts to break them in the ways parsers get wrong.
    static let fragments: [[UInt8]] = [
        Array("\"".utf8), Array("\\".utf8), Array("\\u".utf8), Array("\\ud83d".utf8),
        Array("\\udc00".utf8), Array("\\u12G4".utf8), Array("\\x".utf8), Array(",".utf8),
        Array(":".utf8), Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8),
        Array("-".utf8), Array("01".utf8), Array("1.".utf8), Array("1e".utf8), Array("tru".utf8),
        Array("nulls".utf8), Array("1e999".utf8), Array("\"a\":1,\"a\":2".utf8), [0x00], [0x0A], [0x1F],
        [0x80], [0xC0, 0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF0, 0x9F, 0x98], [0xFF], Array("\u{FEFF}".utf8),
    ]

    /// `text` changed at random: truncated, with a byte replaced, a fragment spliced in, a key
    /// repeated, or a span removed.
    static func mutate(_ text: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        guard !text.isEmpty else { return fragments.randomElement(using: &random) ?? [] }
        var bytes = text
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes.removeSubrange(position...)
        case 1: bytes[position] = UInt8.random(in: 0...255, using: &random)
        case 2: bytes.insert(contentsOf: fragments.randomElement(using: &random) ?? [], at: position)
        case 3:
            // Repeat the first member of some object: `{"k":v,` becomes `{"k":v,"k":v,`.
            if let open = bytes[position...].firstIndex(of: UInt8(ascii: "{")),
                let comma = bytes[open...].firstIndex(of: UInt8(ascii: ","))
            {
                bytes.insert(contentsOf: bytes[(open + 1)...comma], at: comma + 1)
            }
        default:
            let end = min(bytes.count, position + Int.random(in: 1...4, using: &random))
            bytes.removeSubrange(position..<end)
        }
        return bytes
    }
}
