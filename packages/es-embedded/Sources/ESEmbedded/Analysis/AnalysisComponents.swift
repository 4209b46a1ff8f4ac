import ESModels
import Foundation
import Synchronization

/// One token of an analysis, as `_analyze` reports it: its term, where it came from in the
/// original text (UTF-16 offsets, as Elasticsearch counts Java chars), its type and position.
struct AnalyzedToken: Sendable, Equatable {
    var term: String
    var start: Int
    var end: Int
    var type: String
    var position: Int
}

/// What turns text into tokens: the first stage of an analyzer after its character filters.
enum Tokenizer: Sendable, Equatable {
    /// Unicode word boundaries (``StandardTokenizer``), case kept.
    case standard(maxTokenLength: Int)
    /// Runs of non-whitespace.
    case whitespace(maxTokenLength: Int)
    /// The whole text as one token.
    case keyword
    /// Runs of letters.
    case letter
    /// Runs of letters, lower-cased.
    case lowercase
    /// Every run of `min...max` characters of each word (kept characters of `tokenChars`).
    case ngram(min: Int, max: Int, tokenChars: Set<TokenChars>)
    /// The `min...max` first characters of each word.
    case edgeNGram(min: Int, max: Int, tokenChars: Set<TokenChars>)
    /// The text between matches of a regular expression (`group` -1), or each match's `group`.
    case pattern(String, group: Int)

    /// The classes of characters `ngram` and `edge_ngram` keep in a token (all when none).
    enum TokenChars: String, Sendable, CaseIterable {
        case letter, digit, whitespace, punctuation, symbol

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .letter: return properties.isAlphabetic
            case .digit: return properties.numericType == .decimal
            case .whitespace: return properties.isWhitespace
            case .punctuation:
                switch properties.generalCategory {
                case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                    .initialPunctuation, .finalPunctuation, .otherPunctuation:
                    return true
                default: return false
                }
            case .symbol:
                switch properties.generalCategory {
                case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return true
                default: return false
                }
            }
        }
    }

    /// The name `_analyze`'s explanation gives it.
    var name: String {
        switch self {
        case .standard: "standard"
        case .whitespace: "whitespace"
        case .keyword: "keyword"
        case .letter: "letter"
        case .lowercase: "lowercase"
        case .ngram: "ngram"
        case .edgeNGram: "edge_ngram"
        case .pattern: "pattern"
        }
    }

    /// The tokens of `text`, offsets into `text`.
    func tokenize(_ text: String) -> [AnalyzedToken] {
        switch self {
        case .standard(let maxTokenLength):
            return StandardTokenizer.analyzed(text, maxTokenLength: maxTokenLength)
        case .whitespace(let maxTokenLength):
            return Self.runs(text, type: "word", maxLength: maxTokenLength) { !$0.properties.isWhitespace }
        case .keyword:
            return text.isEmpty
                ? [] : [AnalyzedToken(term: text, start: 0, end: text.utf16.count, type: "word", position: 0)]
        case .letter:
            return Self.runs(text, type: "word", maxLength: 255) { $0.properties.isAlphabetic }
        case .lowercase:
            return Self.runs(text, type: "word", maxLength: 255) { $0.properties.isAlphabetic }.map {
                var token = $0
                token.term = token.term.lowercased()
                return token
            }
        case .pattern(let pattern, let group):
            guard let expression = RegularExpressions.shared.expression(pattern) else { return [] }
            let source = text as NSString
            let matches = expression.matches(in: text, range: NSRange(location: 0, length: source.length))
            var ranges: [NSRange] = []
            if group < 0 {
                var last = 0
                for match in matches {
                    ranges.append(NSRange(location: last, length: match.range.location - last))
                    last = match.range.location + match.range.length
                }
                ranges.append(NSRange(location: last, length: source.length - last))
            } else {
                ranges = matches.compactMap { group < $0.numberOfRanges ? $0.range(at: group) : nil }
            }
            return ranges.filter { $0.location != NSNotFound && $0.length > 0 }.enumerated().map {
                index, range in
                AnalyzedToken(
                    term: source.substring(with: range), start: range.location,
                    end: range.location + range.length,
                    type: "word", position: index)
            }
        case .ngram(let min, let max, let tokenChars), .edgeNGram(let min, let max, let tokenChars):
            let keep: (Unicode.Scalar) -> Bool =
                tokenChars.isEmpty ? { _ in true } : { scalar in tokenChars.contains { $0.contains(scalar) } }
            let edge: Bool
            if case .edgeNGram = self { edge = true } else { edge = false }
            var grams: [AnalyzedToken] = []
            for word in Self.runs(text, type: "word", maxLength: Int.max, keep) {
                let scalars = Array(word.term.unicodeScalars)
                let offsets = Self.utf16Offsets(scalars, from: word.start)
                let starts = edge ? [0] : Array(0..<scalars.count)
                for start in starts {
                    for length in min...max where start + length <= scalars.count {
                        var term = String.UnicodeScalarView()
                        term.append(contentsOf: scalars[start..<start + length])
                        grams.append(
                            AnalyzedToken(
                                term: String(term), start: offsets[start], end: offsets[start + length],
                                type: "word",
                                position: grams.count))
                    }
                }
            }
            return grams
        }
    }

    /// The UTF-16 offset of each scalar of `scalars` (and of their end), starting at `start`.
    static func utf16Offsets(_ scalars: [Unicode.Scalar], from start: Int) -> [Int] {
        var offsets = [start]
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        return offsets
    }

    /// The runs of scalars `keep` accepts, each cut every `maxLength` scalars.
    private static func runs(
        _ text: String, type: String, maxLength: Int, _ keep: (Unicode.Scalar) -> Bool
    ) -> [AnalyzedToken] {
        var tokens: [AnalyzedToken] = []
        var current = String.UnicodeScalarView()
        var currentLength = 0
        var start = 0
        var offset = 0
        func flush() {
            if !current.isEmpty {
                tokens.append(
                    AnalyzedToken(
                        term: String(current), start: start, end: offset, type: type, position: tokens.count))
            }
            current = String.UnicodeScalarView()
            currentLength = 0
        }
        for scalar in text.unicodeScalars {
            if keep(scalar) {
                if current.isEmpty { start = offset }
                current.append(scalar)
                currentLength += 1
                offset += scalar.utf16.count
                if currentLength == maxLength { flush() }
            } else {
                flush()
                offset += scalar.utf16.count
            }
        }
        flush()
        return tokens
    }
}

/// Compiled regular expressions by pattern, so that indexing with a `pattern` tokenizer does
/// not compile its expression for every value.
final class RegularExpressions: Sendable {
    static let shared = RegularExpressions()
    private let compiled = Mutex<[String: NSRegularExpression]>([:])

    /// The expression of `pattern`, or `nil` when it does not compile (checked when defined).
    func expression(_ pattern: String) -> NSRegularExpression? {
        if let found = compiled.withLock({ $0[pattern] }) { return found }
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        compiled.withLock { $0[pattern] = expression }
        return expression
    }
}

/// What changes, adds or removes tokens after the tokenizer.
enum TokenFilter: Sendable, Equatable {
    case lowercase
    case uppercase
    case asciifolding
    case trim
    /// Drops the tokens whose term is one of `words` (positions keep their gaps).
    case stop(words: Set<String>, ignoreCase: Bool)
    /// Keeps the tokens of `min...max` characters.
    case length(min: Int, max: Int)
    /// Keeps each term's first token.
    case unique
    case reverse
    /// Cuts terms to `length` characters.
    case truncate(length: Int)
    /// The `min...max` first characters of each term, at the term's position.
    case edgeNGram(min: Int, max: Int)
    /// Every run of `min...max` characters of each term, at the term's position.
    case ngram(min: Int, max: Int)

    /// Lucene's English stop words, the `_english_` set (and the `stop` filter's default).
    static let englishStopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no",
        "not", "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this",
        "to", "was", "will", "with",
    ]

    /// The name `_analyze`'s explanation gives it.
    var name: String {
        switch self {
        case .lowercase: "lowercase"
        case .uppercase: "uppercase"
        case .asciifolding: "asciifolding"
        case .trim: "trim"
        case .stop: "stop"
        case .length: "length"
        case .unique: "unique"
        case .reverse: "reverse"
        case .truncate: "truncate"
        case .edgeNGram: "edge_ngram"
        case .ngram: "ngram"
        }
    }

    func apply(_ tokens: [AnalyzedToken]) -> [AnalyzedToken] {
        switch self {
        case .lowercase: return tokens.map { with($0, term: $0.term.lowercased()) }
        case .uppercase: return tokens.map { with($0, term: $0.term.uppercased()) }
        case .asciifolding:
            return tokens.map { with($0, term: Self.foldedToASCII($0.term)) }
        case .trim: return tokens.map { with($0, term: $0.term.trimmingCharacters(in: .whitespaces)) }
        case .stop(let words, let ignoreCase):
            return tokens.filter { !words.contains(ignoreCase ? $0.term.lowercased() : $0.term) }
        case .length(let min, let max):
            return tokens.filter { (min...max).contains($0.term.unicodeScalars.count) }
        case .unique:
            var seen: Set<String> = []
            return tokens.filter { seen.insert($0.term).inserted }
        case .reverse: return tokens.map { with($0, term: String($0.term.reversed())) }
        case .truncate(let length): return tokens.map { with($0, term: String($0.term.prefix(length))) }
        case .edgeNGram(let min, let max), .ngram(let min, let max):
            let edge: Bool
            if case .edgeNGram = self { edge = true } else { edge = false }
            return tokens.flatMap { token -> [AnalyzedToken] in
                let scalars = Array(token.term.unicodeScalars)
                let starts = edge ? [0] : Array(0..<scalars.count)
                return starts.flatMap { start in
                    (min...max).compactMap { length -> AnalyzedToken? in
                        guard start + length <= scalars.count else { return nil }
                        var term = String.UnicodeScalarView()
                        term.append(contentsOf: scalars[start..<start + length])
                        return with(token, term: String(term))
                    }
                }
            }
        }
    }

    /// `text` with diacritics removed and the letters that have no decomposition spelled in
    /// ASCII (`ß` as `ss`, `æ` as `ae`), as the `asciifolding` filter does for Latin text.
    static func foldedToASCII(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        let spelled: [Character: String] = [
            "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D",
            "ł": "l", "Ł": "L", "þ": "th", "Þ": "TH",
        ]
        var result = ""
        for character in text.folding(options: .diacriticInsensitive, locale: nil) {
            if let ascii = spelled[character] { result += ascii } else { result.append(character) }
        }
        return result
    }

    private func with(_ token: AnalyzedToken, term: String) -> AnalyzedToken {
        var token = token
        token.term = term
        return token
    }
}

/// What rewrites the text before the tokenizer sees it, keeping track of where each character
/// came from so that tokens report offsets into the original text.
enum CharFilter: Sendable, Equatable {
    /// Removes HTML tags and decodes entities.
    case htmlStrip
    /// Replaces each key with its value, longest key first.
    case mapping([String: String])
    /// Replaces each match of a regular expression (`$1` for a group).
    case patternReplace(pattern: String, replacement: String)

    var name: String {
        switch self {
        case .htmlStrip: "html_strip"
        case .mapping: "mapping"
        case .patternReplace: "pattern_replace"
        }
    }

    /// `text` filtered, and for each UTF-16 unit of the result (and its end) the offset in
    /// `text` it came from.
    func apply(_ text: String) throws -> (text: String, offsets: [Int]) {
        let units = Array(text.utf16)
        var output: [UInt16] = []
        var offsets: [Int] = []
        func emit(_ replacement: some Collection<UInt16>, from start: Int) {
            for unit in replacement {
                output.append(unit)
                offsets.append(start)
            }
        }
        switch self {
        case .htmlStrip:
            var index = 0
            while index < units.count {
                let unit = units[index]
                if unit == 0x3C, let close = units[index...].firstIndex(of: 0x3E) {  // < ... >
                    let tag = String(decoding: units[(index + 1)..<close], as: UTF16.self).lowercased()
                    // Block tags separate words, as Lucene's filter emits a newline for them.
                    if ["br", "br/", "p", "/p", "div", "/div", "li", "/li"].contains(
                        tag.split(separator: " ").first.map(String.init) ?? "")
                    {
                        emit([0x0A], from: index)
                    }
                    index = close + 1
                } else if unit == 0x26, let semicolon = units[index...].prefix(12).firstIndex(of: 0x3B),
                    let decoded = Self.entity(
                        String(decoding: units[(index + 1)..<semicolon], as: UTF16.self))
                {
                    emit(decoded.utf16, from: index)
                    index = semicolon + 1
                } else {
                    emit([unit], from: index)
                    index += 1
                }
            }
        case .mapping(let mappings):
            let keys = mappings.keys.map { (Array($0.utf16), Array((mappings[$0] ?? "").utf16)) }
                .sorted { $0.0.count > $1.0.count }
            var index = 0
            outer: while index < units.count {
                for (key, value) in keys where !key.isEmpty && units[index...].starts(with: key) {
                    emit(value, from: index)
                    index += key.count
                    continue outer
                }
                emit([units[index]], from: index)
                index += 1
            }
        case .patternReplace(let pattern, let replacement):
            // Compiled once per pattern, not for every value indexed.
            guard let expression = RegularExpressions.shared.expression(pattern) else {
                throw ElasticsearchError.illegalArgument("Invalid pattern [\(pattern)]")
            }
            let source = text as NSString
            var last = 0
            for match in expression.matches(in: text, range: NSRange(location: 0, length: source.length)) {
                for index in last..<match.range.location { emit([units[index]], from: index) }
                let replaced = expression.replacementString(
                    for: match, in: text, offset: 0, template: replacement)
                emit(replaced.utf16, from: match.range.location)
                last = match.range.location + match.range.length
            }
            for index in last..<units.count { emit([units[index]], from: index) }
        }
        offsets.append(units.count)
        return (String(decoding: output, as: UTF16.self), offsets)
    }

    private static func entity(_ name: String) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{00A0}"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16)
            {
                return Unicode.Scalar(value).map { String($0) }
            }
            if name.hasPrefix("#"), let value = UInt32(name.dropFirst()) {
                return Unicode.Scalar(value).map { String($0) }
            }
            return nil
        }
    }
}
