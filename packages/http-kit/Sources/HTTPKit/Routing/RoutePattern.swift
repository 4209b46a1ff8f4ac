/// A parsed route path such as `/catalogue/asset/{uuid}`: literal segments and `{name}`
/// parameters, each matching exactly one path segment.
struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    /// Parses `path`; empty segments are ignored, so `/a//b/` is `/a/b`.
    ///
    /// Invalid patterns are programming errors found at start-up, so they stop the program
    /// with a message naming the pattern.
    init(_ path: String) {
        var segments: [Segment] = []
        var names: Set<String> = []
        for piece in path.split(separator: "/") {
            if piece.hasPrefix("{") && piece.hasSuffix("}") && piece.count > 2 {
                let name = String(piece.dropFirst().dropLast())
                precondition(
                    !name.contains("{") && !name.contains("}"),
                    "route '\(path)': invalid parameter '\(piece)'")
                precondition(
                    names.insert(name).inserted, "route '\(path)': parameter '\(name)' appears twice")
                segments.append(.parameter(name))
            } else {
                precondition(
                    !piece.contains("{") && !piece.contains("}"),
                    "route '\(path)': write parameters as a whole segment, like '{name}'")
                segments.append(.literal(String(piece)))
            }
        }
        self.segments = segments
    }

    init(segments: [Segment]) {
        self.segments = segments
    }

    /// The parameter names, in path order.
    var parameterNames: [String] {
        segments.compactMap { segment in
            if case .parameter(let name) = segment { return name }
            return nil
        }
    }

    /// This pattern followed by `other`.
    func appending(_ other: RoutePattern) -> RoutePattern {
        RoutePattern(segments: segments + other.segments)
    }

    var description: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): "{\(name)}"
                }
            }.joined(separator: "/")
    }
}
