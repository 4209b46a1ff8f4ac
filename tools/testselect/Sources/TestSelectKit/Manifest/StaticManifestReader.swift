/// Reads a `Package.swift` without running anything: lex, parse, evaluate symbolically, decode.
///
/// It returns the declared package only when every part that describes targets, products and
/// dependencies was understood; otherwise it says what it could not evaluate, so the caller can
/// fall back to `swift package dump-package`.
///
/// ```swift
/// switch StaticManifestReader.read(text) {
/// case .success(let package): print(package.targets.map(\.name))
/// case .failure(let failure): print("fall back: \(failure)")
/// }
/// ```
public enum StaticManifestReader {
    /// Reads manifest source text.
    public static func read(_ text: String) -> Result<DeclaredPackage, StaticReadFailure> {
        guard let toolsVersion = ToolsVersion.parse(manifest: text) else {
            return .failure(StaticReadFailure(reason: "no valid '// swift-tools-version:' line at the top"))
        }
        let statements: [Statement]
        do {
            statements = try Parser.parse(text)
        } catch {
            return .failure(StaticReadFailure(reason: "\(error)"))
        }
        var evaluator = ManifestEvaluator()
        evaluator.run(statements)
        if let problem = evaluator.problems.first {
            return .failure(StaticReadFailure(reason: problem.description))
        }
        guard let package = evaluator.variables["package"] else {
            return .failure(StaticReadFailure(reason: "no top-level 'let package = Package(...)'"))
        }
        do {
            let decoder = PackageDescriptionDecoder(toolsVersion: toolsVersion)
            return .success(try decoder.decodePackage(package))
        } catch {
            return .failure(StaticReadFailure(reason: error.description))
        }
    }
}

/// Why the static reader did not trust its reading of a manifest.
public struct StaticReadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What it could not evaluate, with the line when known.
    public var reason: String

    /// The reason.
    public var description: String { reason }
}
