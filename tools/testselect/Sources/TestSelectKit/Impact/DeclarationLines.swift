import Foundation
import TestSelectManifest

/// Which lines of a Swift file hold code outside any function body: declarations a test can reach
/// without executing a line of the file (a stored property's initializer, a conformance, an enum
/// case, a function's signature and default arguments, an import, a top-level `#if`).
///
/// A change confined to function bodies (functions, initializers, accessors, computed properties,
/// closures inside them) changes only what runs when that body runs, and coverage records every test
/// that runs it; a change to a line listed here may change what other files' code does, so the impact
/// map cannot answer for it. Signatures of `private` and `fileprivate` functions are the exception
/// (only the file's own code can call them, and a test that runs any of that code executed the file);
/// in test targets every function signature is (a new test is new to the map and runs anyway).
///
/// Built on the manifest lexer, which reads the whole of Swift's lexical grammar well enough to
/// skip what it does not model; a file it cannot lex is reported as unreadable (`nil`), and the
/// caller then runs the whole suite.
struct DeclarationLines: Sendable {
    /// Lines holding declaration-level code, with whether that code is only the signature of a
    /// `private`/`fileprivate` function (or of any function, in a test target).
    private(set) var lines: [Int: Bool] = [:]
    /// What the declaration-level code on each line introduces (`import`, `class`, `let`, ...).
    private(set) var introducers: [Int: Set<String>] = [:]

    /// Reads `text`; nil when it cannot be lexed.
    init?(_ text: String, isTestTarget: Bool) {
        guard let tokens = try? Lexer.tokenize(text) else { return nil }
        scan(tokens, isTestTarget: isTestTarget)
    }

    /// The first of `changed` that holds declaration-level code (other than a safe signature).
    func firstDeclarationLine(in changed: some Sequence<Int>) -> Int? {
        changed.filter { lines[$0] == false }.min()
    }

    /// Whether every declaration-level line of the file only imports a module or declares a type
    /// (its members' signatures being safe): a test file adding or removing test classes and nothing
    /// else (no extension, global, stored property, protocol).
    var declaresOnlyTypesAndImports: Bool {
        let allowed: Set<String> = ["import", "class", "struct", "enum", "actor"]
        return lines.allSatisfy { line, safe in safe || (introducers[line] ?? [""]).isSubset(of: allowed) }
    }

    private enum Context {
        /// Inside a function, accessor or closure body: everything here runs only when it runs.
        case body
        /// A type, extension or the file itself: declarations.
        case declarations(isProtocol: Bool)
    }

    /// What the declaration being read introduces, and what its `{` opens.
    private struct Pending {
        var introducer: String? = nil
        var privateAccess = false
        var afterEquals = false
        /// Open `(` and `[` of the declaration (a default argument's `=` is no initializer).
        var depth = 0
        var lines: Set<Int> = []
    }

    private static let introducers: Set<String> = [
        "func", "init", "deinit", "subscript", "var", "let", "struct", "class", "enum", "extension",
        "protocol", "actor", "typealias", "case", "import", "associatedtype", "operator", "precedencegroup",
        "macro",
    ]
    private static let modifiers: Set<String> = [
        "private", "fileprivate", "public", "internal", "open", "package", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "convenience", "required", "nonisolated",
        "indirect", "dynamic", "optional", "isolated", "consuming", "borrowing",
    ]
    private static let functionIntroducers: Set<String> = ["func", "init", "deinit", "subscript"]
    private static let typeIntroducers: Set<String> = [
        "struct", "class", "enum", "extension", "protocol", "actor",
    ]

    private mutating func scan(_ tokens: [Token], isTestTarget: Bool) {
        var stack: [Context] = [.declarations(isProtocol: false)]
        var pending = Pending()
        var previous: Token? = nil

        func flush(_ pending: Pending, into lines: inout [Int: Bool], _ introducers: inout [Int: Set<String>])
        {
            let safeSignature =
                pending.introducer.map(DeclarationLines.functionIntroducers.contains) == true
                && (pending.privateAccess || isTestTarget)
            for line in pending.lines {
                lines[line] = (lines[line] ?? true) && safeSignature
                if !safeSignature { introducers[line, default: []].insert(pending.introducer ?? "") }
            }
        }

        for (index, token) in tokens.enumerated() where token.kind != .endOfFile {
            defer { previous = token }
            guard case .declarations(let isProtocol) = stack.last ?? .body else {
                if token.isPunctuation("{") {
                    stack.append(.body)
                } else if token.isPunctuation("}") {
                    stack.removeLast()
                }
                continue
            }
            // A new declaration starts on a new line with a modifier, an attribute, an introducer or a
            // directive (a newline inside a signature or an initializer continues it).
            let word = token.kind == .identifier ? token.text : nil
            let startsDeclaration =
                token.kind == .directive || token.isPunctuation("@")
                || word.map {
                    DeclarationLines.introducers.contains($0) || DeclarationLines.modifiers.contains($0)
                }
                    == true
            if token.newlineBefore, startsDeclaration, !(previous?.isPunctuation("@") ?? false),
                pending.introducer != nil || token.kind == .directive
            {
                flush(pending, into: &lines, &introducers)
                pending = Pending()
            }
            if token.isPunctuation("}") {
                flush(pending, into: &lines, &introducers)
                pending = Pending()
                lines[token.line] = lines[token.line] ?? true
                if stack.count > 1 { stack.removeLast() }
                continue
            }
            pending.lines.insert(token.line)
            if let word {
                if word == "private" || word == "fileprivate" {
                    // `private(set)` limits the setter only.
                    let next = tokens.indices.contains(index + 1) ? tokens[index + 1] : nil
                    if next?.isPunctuation("(") != true { pending.privateAccess = true }
                }
                if DeclarationLines.introducers.contains(word), !(previous?.isPunctuation(".") ?? false),
                    pending.introducer == nil || pending.introducer == "class"
                {
                    pending.introducer = word
                }
            }
            if token.isPunctuation("(") || token.isPunctuation("[") { pending.depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") { pending.depth -= 1 }
            if token.isOperator("="), pending.depth <= 0 { pending.afterEquals = true }
            if token.isPunctuation(";") {
                flush(pending, into: &lines, &introducers)
                pending = Pending()
                continue
            }
            guard token.isPunctuation("{") else { continue }
            let introducer = pending.introducer ?? ""
            let opensBody =
                !isProtocol && !pending.afterEquals
                && (DeclarationLines.functionIntroducers.contains(introducer) || introducer == "var")
            flush(pending, into: &lines, &introducers)
            if opensBody {
                // The `{` line holds the signature (flushed above); what follows is the body.
                stack.append(.body)
            } else {
                stack.append(
                    .declarations(
                        isProtocol: introducer == "protocol"
                            || (isProtocol && !DeclarationLines.typeIntroducers.contains(introducer))))
            }
            pending = Pending()
        }
        flush(pending, into: &lines, &introducers)
    }
}

/// The lines of a Swift file that lie wholly inside function bodies (`DeclarationLines`' complement,
/// without blank and comment-only lines): where `testselect-bench impact` places its mutations.
public enum SwiftBodyLines {
    /// The body lines of `text`, or nil when it cannot be lexed.
    public static func lines(in text: String) -> [Int]? {
        guard let scan = DeclarationLines(text, isTestTarget: false) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), !trimmed.hasPrefix("/*"),
                !trimmed.hasPrefix("*"),
                scan.lines[index + 1] == nil
            else { return nil }
            return index + 1
        }
    }
}
