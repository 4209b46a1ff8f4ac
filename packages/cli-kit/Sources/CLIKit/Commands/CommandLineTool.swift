/// A tool's command line: finds the (sub)command the words name, prints generated help, parses,
/// validates and runs it, and turns errors into `tool: error: message` on the error stream with
/// the exit code they carry (64 for usage, 1 for anything else).
///
/// ```swift
/// let tool = CommandLineTool(CommandGroup(name: "cms-indexer", abstract: "...", subcommands: [...]))
/// exit(await tool.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
/// ```
public struct CommandLineTool<Context: CommandStreams>: Sendable {
    /// The root: a group, or the tool's only command.
    public let root: Subcommand<Context>
    private let exitCodeOf: @Sendable (any Error) -> ExitCode?

    /// A tool with subcommands.
    ///
    /// - Parameters:
    ///   - group: the tool's subcommands (and the one that runs when none is named, if any).
    ///   - exitCode: the exit code of errors from modules that cannot conform to
    ///     ``ExitCodeProviding`` (`nil` leaves the default: their own, else 1).
    public init(
        _ group: CommandGroup<Context>, exitCode: @escaping @Sendable (any Error) -> ExitCode? = { _ in nil }
    ) {
        self.root = .group(group)
        self.exitCodeOf = exitCode
    }

    /// A tool that is one command (`http-kit-bench`); its configuration's name is the tool's.
    public init(
        command: any Command<Context>.Type,
        exitCode: @escaping @Sendable (any Error) -> ExitCode? = { _ in nil }
    ) {
        self.root = .command(command)
        self.exitCodeOf = exitCode
    }

    /// The tool's name (the first word of every message).
    public var name: String { root.name }

    /// Runs a command line (the words after the program name) and returns the exit status.
    public func run(_ words: [String], context: Context) async -> Int32 {
        do {
            return try await run(root, words[...], path: [name], context: context).rawValue
        } catch {
            context.errors.write("\(name): error: \(error)\n")
            return exitCode(for: error).rawValue
        }
    }

    /// The exit code an error ends the process with.
    public func exitCode(for error: any Error) -> ExitCode {
        if let code = exitCodeOf(error) { return code }
        if let known = error as? any ExitCodeProviding { return known.exitCode }
        return .failure
    }

    private func run(
        _ node: Subcommand<Context>, _ words: ArraySlice<String>, path: [String], context: Context
    ) async throws -> ExitCode {
        switch node {
        case .command(let type):
            let commandName = path.joined(separator: " ")
            if ArgumentParser.asksForHelp(Array(words)) {
                context.output.write(HelpFormatter.help(for: type, commandName: commandName))
                return .success
            }
            return try await type.parse(Array(words), command: commandName).run(in: context)
        case .group(let group):
            return try await run(group, words, path: path, context: context)
        }
    }

    private func run(
        _ group: CommandGroup<Context>, _ words: ArraySlice<String>, path: [String], context: Context
    ) async throws -> ExitCode {
        let groupName = path.joined(separator: " ")
        let fallback = group.defaultSubcommand.flatMap(group.subcommand(named:))
        guard let first = words.first else {
            if let fallback { return try await run(fallback, words, path: path, context: context) }
            throw UsageError.missingSubcommand(command: groupName)
        }
        if first == "help" {
            return try help(in: group, for: words.dropFirst(), path: path, context: context)
        }
        if let subcommand = group.subcommand(named: first) {
            return try await run(subcommand, words.dropFirst(), path: path + [first], context: context)
        }
        if first.hasPrefix("-"), first != "-", ArgumentParser.asksForHelp(Array(words)) {
            context.output.write(HelpFormatter.help(for: group, commandName: groupName))
            return .success
        }
        // A bare word that names no subcommand goes to the default one only when that takes a
        // positional argument; otherwise it is a mistyped subcommand, even before '--help'.
        if let fallback, first.hasPrefix("-") || Self.takesPositional(fallback) {
            return try await run(fallback, words, path: path, context: context)
        }
        if first.hasPrefix("-"), first != "-" {
            let option = first.hasPrefix("--") ? String(first.prefix { $0 != "=" }) : first
            throw UsageError.unknownOption(
                option, command: groupName, suggestion: NearMatch.closest(to: option, among: ["--help"]))
        }
        throw UsageError.unknownSubcommand(
            first, command: groupName,
            suggestion: NearMatch.closest(to: first, among: group.subcommands.map(\.name)),
            subcommands: group.subcommands.map(\.name))
    }

    private static func takesPositional(_ node: Subcommand<Context>) -> Bool {
        guard case .command(let type) = node else { return false }
        return type.arguments.contains(where: \.isPositional)
    }

    /// `tool help [subcommand...]`: the help of the group or of the named subcommand.
    private func help(
        in group: CommandGroup<Context>, for words: ArraySlice<String>, path: [String], context: Context
    ) throws -> ExitCode {
        var node = Subcommand<Context>.group(group)
        var path = path
        for word in words {
            guard case .group(let current) = node else {
                throw UsageError.unexpectedArgument(word, command: path.joined(separator: " ") + " help")
            }
            guard let next = current.subcommand(named: word) else {
                throw UsageError.unknownSubcommand(
                    word, command: path.joined(separator: " "),
                    suggestion: NearMatch.closest(to: word, among: current.subcommands.map(\.name)),
                    subcommands: current.subcommands.map(\.name))
            }
            node = next
            path.append(word)
        }
        let name = path.joined(separator: " ")
        switch node {
        case .command(let type):
            context.output.write(HelpFormatter.help(for: type, commandName: name))
        case .group(let found):
            context.output.write(HelpFormatter.help(for: found, commandName: name))
        }
        return .success
    }
}
