/// Runs a manifest in every configuration that can change what it declares.
///
/// The first run decides every open question the first way (environment variables unset, `#if`
/// false); each decision it had to make then spawns runs that take the other ways, depth first,
/// until every combination that matters has run. A question whose two answers end in the same
/// state (a check that only adds build settings) is never decided, so it costs nothing.
struct ManifestExplorer {
    /// One configuration's result.
    struct Run {
        var configuration: Configuration
        var package: DeclaredPackage
    }

    /// What exploring a manifest found.
    struct Outcome {
        /// The package of every configuration that was read, the first one first.
        var runs: [Run] = []
        /// Environment variables the manifest read.
        var environmentReads: [String] = []
        /// Facts the reader could not know and read both ways.
        var undecidableFacts: [String] = []
        /// Configurations left out, with why (the manifest stops there, or uses a variable's text).
        var leftOut: [String] = []
    }

    let program: ManifestProgram
    let toolsVersion: ToolsVersion
    let mode: ReadingMode
    /// The most configurations read before giving up.
    var limit = 128

    func explore() -> Result<Outcome, StaticReadFailure> {
        var literals: [String: Set<String>] = [:]
        for _ in 0..<3 {
            switch exploreOnce(knownLiterals: literals) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let (outcome, seen)):
                if seen.allSatisfy({ literals[$0.key, default: []].isSuperset(of: $0.value) }) {
                    return .success(outcome)
                }
                for (name, texts) in seen { literals[name, default: []].formUnion(texts) }
            }
        }
        return .failure(
            StaticReadFailure(reason: "the texts environment variables are compared with keep changing"))
    }

    private func exploreOnce(knownLiterals: [String: Set<String>]) -> Result<
        (Outcome, [String: Set<String>]), StaticReadFailure
    > {
        var outcome = Outcome()
        var pending: [Configuration] = [Configuration()]
        var visited: Set<Configuration> = []
        var seenLiterals = knownLiterals
        var runs = 0
        while let configuration = pending.popLast() {
            guard visited.insert(configuration).inserted else { continue }
            runs += 1
            if runs > limit {
                return .failure(
                    StaticReadFailure(
                        reason:
                            "more than \(limit) combinations of environment variables and conditions change the "
                            + "package"))
            }
            let interpreter = ManifestInterpreter(program: program, mode: mode, configuration: configuration)
            var stoppedAt: Int? = nil
            do {
                try interpreter.run()
            } catch {
                switch error {
                case .manifestStops(let line):
                    stoppedAt = line
                case .cannotEvaluate(let why):
                    return .failure(StaticReadFailure(reason: why.description))
                case .budgetExceeded:
                    return .failure(StaticReadFailure(reason: "the manifest runs too long to be read"))
                case .needsDecision:
                    return .failure(StaticReadFailure(reason: "a condition could not be decided"))
                }
            }
            for name in interpreter.environmentReads where !outcome.environmentReads.contains(name) {
                outcome.environmentReads.append(name)
            }
            for fact in interpreter.undecidableFacts where !outcome.undecidableFacts.contains(fact) {
                outcome.undecidableFacts.append(fact)
            }
            for (name, texts) in interpreter.comparedLiterals {
                seenLiterals[name, default: []].formUnion(texts)
            }
            // Alternatives: each decision this run made, taken every other way (later decisions first,
            // so the search is depth first).
            var prefix = configuration
            var alternatives: [Configuration] = []
            for variable in interpreter.newDecisions {
                for choice in alternativeChoices(variable, seenLiterals) {
                    var other = prefix
                    switch (variable, choice) {
                    case (.environment(let name), .environment(let value)): other.environment[name] = value
                    case (.flag(let key), .flag(let value)): other.flags[key] = value
                    default: continue
                    }
                    alternatives.append(other)
                }
                switch variable {
                case .environment(let name):
                    prefix.environment[name] = interpreter.configuration.environment[name]
                case .flag(let key): prefix.flags[key] = interpreter.configuration.flags[key]
                }
            }
            pending.append(contentsOf: alternatives.reversed())
            if let line = stoppedAt {
                outcome.leftOut.append(
                    "\(describe(interpreter.configuration)): the manifest stops at line \(line)")
                continue
            }
            switch decode(interpreter) {
            case .success(let package):
                outcome.runs.append(Run(configuration: interpreter.configuration, package: package))
            case .failure(let why):
                if case .union = mode, let variable = why.environmentVariable {
                    outcome.leftOut.append(
                        "\(describe(interpreter.configuration)): the package depends on the text of '\(variable)' "
                            + "(\(why.description))")
                    continue
                }
                return .failure(StaticReadFailure(reason: why.description))
            }
        }
        if outcome.runs.isEmpty {
            return .failure(
                StaticReadFailure(
                    reason: outcome.leftOut.first.map { "no configuration declares a package: \($0)" }
                        ?? "no top-level 'let package = Package(...)'"))
        }
        return .success((outcome, seenLiterals))
    }

    private enum Choice {
        case environment(EnvironmentChoice)
        case flag(Bool)
    }

    /// The other values a decided variable can take.
    private func alternativeChoices(_ variable: DecisionVariable, _ literals: [String: Set<String>])
        -> [Choice]
    {
        switch variable {
        case .environment(let name):
            return [.environment(.other)] + (literals[name] ?? []).sorted().map { .environment(.value($0)) }
        case .flag:
            return [.flag(true)]
        }
    }

    private func decode(_ interpreter: ManifestInterpreter) -> Result<DeclaredPackage, UnknownValue> {
        guard let cell = interpreter.state.scopes[0]["package"] else {
            return .failure(UnknownValue(reason: "no top-level 'let package = Package(...)'", line: 0))
        }
        let decoder = PackageDescriptionDecoder(
            toolsVersion: toolsVersion, objects: interpreter.state.objects)
        do {
            return .success(try decoder.decodePackage(interpreter.state.cells[cell]))
        } catch {
            return .failure(error)
        }
    }

    /// A configuration in words, for notes.
    func describe(_ configuration: Configuration) -> String {
        var parts: [String] = []
        for (name, choice) in configuration.environment.sorted(by: { $0.key < $1.key }) {
            switch choice {
            case .unset: parts.append("\(name) unset")
            case .value(let text): parts.append("\(name)=\"\(text)\"")
            case .other: parts.append("\(name) set")
            }
        }
        for (key, value) in configuration.flags.sorted(by: { $0.key < $1.key }) {
            parts.append("\(key) \(value ? "true" : "false")")
        }
        return parts.isEmpty ? "the default configuration" : parts.joined(separator: ", ")
    }
}
