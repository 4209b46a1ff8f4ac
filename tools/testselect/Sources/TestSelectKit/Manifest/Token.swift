/// One lexical token of manifest source text.
package struct Token: Sendable {
    /// The kind of a token.
    package enum Kind: Sendable, Equatable {
        /// A name or keyword (`let`, `package`, `` `default` `` without backticks, `$0`).
        case identifier
        /// An integer literal; `text` holds its digits.
        case integer
        /// A floating-point literal.
        case float
        /// A string literal; `string` holds its segments.
        case string
        /// One of `( ) [ ] { } , : ; @ \ .`.
        case punctuation
        /// An operator such as `+`, `=`, `+=`, `??`, `...`.
        case operatorSymbol
        /// A `#` keyword that is not a directive: `#file`, `#warning`, `#externalMacro`.
        case poundKeyword
        /// A conditional-compilation directive: `#if`, `#elseif`, `#else`, `#endif`.
        case directive
        /// The end of the input.
        case endOfFile
    }

    package var kind: Kind
    package var text: String
    /// The segments of a string literal.
    var string: StringLiteral? = nil
    /// 1-based line number.
    package var line: Int
    /// Whether a line break (or a comment containing one) precedes the token.
    package var newlineBefore: Bool
    /// Whether any whitespace or comment precedes the token.
    var spaceBefore: Bool

    package func isPunctuation(_ symbol: String) -> Bool { kind == .punctuation && text == symbol }
    package func isOperator(_ symbol: String) -> Bool { kind == .operatorSymbol && text == symbol }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

/// A string literal: text pieces and interpolations (`\(expression)`), in order.
struct StringLiteral: Sendable {
    /// One piece of a string literal.
    enum Segment: Sendable {
        case text(String)
        case interpolation([Token])
    }

    var segments: [Segment]
}
