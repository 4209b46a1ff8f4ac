/// Lucene's standard tokenizer in the parts that matter for our content, after Unicode's word
/// boundary rules (UAX #29), with lower-casing (the standard analyzer's filter):
///
/// - letters, digits, combining marks and connector punctuation (`_`) form words, so `abc123`
///   and `foo_bar` are one token each;
/// - `'`, `’`, `.` and `:` between two letters keep a word together (`don't`, `l'été`,
///   `u.s.a`); `.`, `,`, `;` and `'` between two digits keep a number together (`3.14`,
///   `1,000`);
/// - every Han, Hiragana or Thai character is a token of its own;
/// - anything else (spaces, hyphens, other punctuation, symbols, emoji) separates tokens;
/// - a token longer than 255 characters is split every 255 characters.
enum StandardTokenizer {
    static let maxTokenLength = 255

    private enum Kind {
        case letter
        case digit
        case ideograph
        case midLetter
        case midNumber
        case midBoth
        case other
    }

    /// The lower-cased tokens of `text`.
    static func tokens(_ text: String) -> [String] {
        if let ascii = asciiTokens(text) { return ascii }
        let scalars = Array(text.unicodeScalars)
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Kind = .other
        var index = 0

        func flush() {
            guard !current.isEmpty else { return }
            tokens.append(contentsOf: split(String(current).lowercased()))
            current = String.UnicodeScalarView()
        }

        while index < scalars.count {
            let scalar = scalars[index]
            let kind = Self.kind(of: scalar)
            switch kind {
            case .letter, .digit:
                current.append(scalar)
                previous = kind
            case .ideograph:
                flush()
                current.append(scalar)
                flush()
                previous = .other
            case .midLetter, .midNumber, .midBoth:
                let next = index + 1 < scalars.count ? Self.kind(of: scalars[index + 1]) : .other
                let joinsLetters = kind != .midNumber && previous == .letter && next == .letter
                let joinsDigits = kind != .midLetter && previous == .digit && next == .digit
                if !current.isEmpty && (joinsLetters || joinsDigits) {
                    current.append(scalar)
                } else {
                    flush()
                    previous = .other
                }
            case .other:
                flush()
                previous = .other
            }
            index += 1
        }
        flush()
        return tokens
    }

    /// The tokens of `text` with their offsets (UTF-16) and types (`<ALPHANUM>`, `<NUM>`,
    /// `<IDEOGRAPHIC>`, `<HIRAGANA>`, `<SOUTHEAST_ASIAN>`), case kept: what `_analyze` shows of
    /// the standard tokenizer (the standard analyzer lower-cases afterwards).
    static func analyzed(_ text: String, maxTokenLength: Int = maxTokenLength) -> [AnalyzedToken] {
        let scalars = Array(text.unicodeScalars)
        let offsets = Tokenizer.utf16Offsets(scalars, from: 0)
        var tokens: [AnalyzedToken] = []
        var start: Int?
        var hasLetter = false
        var previous: Kind = .other

        func flush(upTo end: Int, type explicit: String? = nil) {
            guard let first = start, first < end else {
                start = nil
                return
            }
            var pieceStart = first
            while pieceStart < end {
                let pieceEnd = min(end, pieceStart + maxTokenLength)
                var term = String.UnicodeScalarView()
                term.append(contentsOf: scalars[pieceStart..<pieceEnd])
                tokens.append(
                    AnalyzedToken(
                        term: String(term), start: offsets[pieceStart], end: offsets[pieceEnd],
                        type: explicit ?? (hasLetter ? "<ALPHANUM>" : "<NUM>"), position: tokens.count))
                pieceStart = pieceEnd
            }
            start = nil
            hasLetter = false
        }

        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let kind = Self.kind(of: scalar)
            switch kind {
            case .letter, .digit:
                if start == nil { start = index }
                if kind == .letter { hasLetter = true }
                previous = kind
            case .ideograph:
                flush(upTo: index)
                start = index
                let value = scalar.value
                let type =
                    (0x3040...0x309F).contains(value)
                    ? "<HIRAGANA>" : (0x0E00...0x0E7F).contains(value) ? "<SOUTHEAST_ASIAN>" : "<IDEOGRAPHIC>"
                flush(upTo: index + 1, type: type)
                previous = .other
            case .midLetter, .midNumber, .midBoth:
                let next = index + 1 < scalars.count ? Self.kind(of: scalars[index + 1]) : .other
                let joinsLetters = kind != .midNumber && previous == .letter && next == .letter
                let joinsDigits = kind != .midLetter && previous == .digit && next == .digit
                if start == nil || !(joinsLetters || joinsDigits) {
                    flush(upTo: index)
                    previous = .other
                }
            case .other:
                flush(upTo: index)
                previous = .other
            }
            index += 1
        }
        flush(upTo: scalars.count)
        return tokens
    }

    /// The same rules on ASCII text, straight on its bytes; `nil` when the text is not ASCII.
    private static func asciiTokens(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var tokens: [String] = []
            var current: [UInt8] = []
            var previous: Kind = .other
            func flush() {
                guard !current.isEmpty else { return }
                var start = 0
                while start < current.count {
                    let end = min(current.count, start + maxTokenLength)
                    tokens.append(String(decoding: current[start..<end], as: UTF8.self))
                    start = end
                }
                current.removeAll(keepingCapacity: true)
            }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                let kind = kind(of: Unicode.Scalar(byte))
                switch kind {
                case .letter, .digit:
                    current.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                    previous = kind
                case .midLetter, .midNumber, .midBoth:
                    let nextByte = index + 1 < bytes.count ? bytes[index + 1] : 0x20
                    let next = nextByte < 0x80 ? Self.kind(of: Unicode.Scalar(nextByte)) : .other
                    let joinsLetters = kind != .midNumber && previous == .letter && next == .letter
                    let joinsDigits = kind != .midLetter && previous == .digit && next == .digit
                    if !current.isEmpty && (joinsLetters || joinsDigits) {
                        current.append(byte)
                    } else {
                        flush()
                        previous = .other
                    }
                default:
                    flush()
                    previous = .other
                }
            }
            flush()
            return tokens
        }
    }

    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x61...0x7A, 0x41...0x5A, 0x5F: return .letter  // a-z, A-Z, _
            case 0x30...0x39: return .digit
            case 0x27, 0x2E: return .midBoth  // ' .
            case 0x3A: return .midLetter  // :
            case 0x2C, 0x3B: return .midNumber  // , ;
            default: return .other
            }
        }
        switch scalar {
        case "'", "\u{2019}", ".": return .midBoth
        case ":", "\u{00B7}": return .midLetter
        case ",", ";": return .midNumber
        case "_": return .letter
        default: break
        }
        let properties = scalar.properties
        if isIdeographic(scalar) { return .ideograph }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
            return .letter
        case .decimalNumber, .letterNumber, .otherNumber:
            return .digit
        default:
            return .other
        }
    }

    private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return scalar.properties.isIdeographic
            || (0x3040...0x309F).contains(value)  // Hiragana
            || (0x0E00...0x0E7F).contains(value)  // Thai
    }

    private static func split(_ token: String) -> [String] {
        guard token.count > maxTokenLength else { return [token] }
        var pieces: [String] = []
        var rest = Substring(token)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(maxTokenLength)))
            rest = rest.dropFirst(maxTokenLength)
        }
        return pieces
    }
}
