import Foundation
import TestSelectKit
import TestSelectSupport

/// The `testselect-bench` command line: parses options, runs each size, prints the report.
public enum BenchmarkCommand {
    /// The help text.
    public static let help = """
        OVERVIEW: Time testselect: on generated monorepos against 'swift package dump-package', on real
        clones, and check the static reader against SwiftPM on real manifests.

        USAGE: swift run -c release testselect-bench [synthetic] [options]
               swift run -c release testselect-bench repo <dir>... [--runs <n>] [--base <rev>] [--head <rev>]
               swift run -c release testselect-bench repo <dir> --history <n> [--on <rev>]
               swift run -c release testselect-bench corpus <dir>...
               swift run -c release testselect-bench impact <clone> --impact <map> [--mutations <n>] [--seed <n>]

        SUBCOMMANDS:
          synthetic (default)     Generated monorepos of 10, 100 and 1000 packages: testselect against
                                  dump-package, same selection required.
          repo                    Selection on real clones: cold (fallback cache removed) and warm, wall
                                  and CPU, how many manifests were read statically.
          corpus                  Every package of real clones read statically and by dump-package in
                                  place: identical, stated superset, fallback, or a disagreement (exit 1).
          impact                  Seeded mutations in a clean clone's function bodies, each kept if it
                                  builds: the suites selected today run in full (the failing tests are the
                                  truth) and the impact selection ('--impact') is checked against them; any
                                  failing test it leaves out is a miss (exit 1).

        OPTIONS (synthetic):
          --packages <n>          One size to run (default: 10, 100 and 1000 packages).
          --sample <n>            Most manifests dump-package reads per size; above it a sample is timed and
                                  scaled (default: 100).
          --runs <n>              testselect runs per size; the median is reported (default: 5).
          --testselect <path>     The testselect executable (default: the one next to this benchmark).
          --keep <dir>            Generate the repositories in this directory and keep them.
          -h, --help              Show help information.

        OPTIONS (repo):
          --runs <n>              Warm runs; the median is reported (default: 5).
          --base <rev>, --head <rev>
                                  The change to select for (default: HEAD~1 and HEAD).
          --history <n>           Instead of timing: the last n first-parent changes of HEAD, each selected
                                  against its parent; the mean number of suites selected per change.
          --on <rev>              With --history: select every change on this revision's tree instead
                                  of its own (the same changes on two layouts, before and after a
                                  split of targets).
          --durations <file>      With --history: weigh each selection by these suite durations
                                  ('testselect run' writes .build/testselect/durations.json): the mean
                                  seconds selected per change, a suite without a figure at the median.
          --testselect <path>     The testselect executable (default: the one next to this benchmark).

        OPTIONS (impact):
          --impact <dir>          The map, recorded at the clone's HEAD ('testselect impact record').
          --mutations <n>         Mutations that build to measure (default: 60).
          --seed <n>              Chooses the mutations (default: 1).
          --packages <dirs>       Comma-separated packages whose sources are mutated and whose suites are
                                  measured (default: all).
          --timeout <s>           Most seconds one package's tests may run under a mutation (default: 600).
          --history <n>           Instead of mutations: the next n commits after the map's commit that
                                  change Swift sources, tests run suite-level against impact (nothing runs).
          --each-parent           With --history: the last n commits of HEAD changing Swift sources, each
                                  against a map recorded on its parent (checked out in the clone), as CI
                                  recording on every merge would have it.
          --testselect <path>     The testselect executable (default: the one next to this benchmark).

        Each size or clone ends with a machine-readable line:
          bench packages=N static_s=X swiftpm_s=Y ratio=Z identical=true|false peak_mb=M
          bench-repo name=N packages=P static=S swiftpm=F unreadable=U cold_s=.. warm_s=.. ...
          bench-repo-history commits=C mean_selected=M mean_suites=S share=R run_all=A
          bench-repo-history-seconds commits=C mean_selected_s=X mean_all_s=Y share=R
          bench-impact-history commits=C suite_tests=S impact_tests=I whole_suites=W ratio=R
          bench-impact mutations=N tried=T killed=K misses=M suite_tests=S impact_tests=I ... ratio=R
          bench-corpus repositories=R packages=P static=S static_pct=.. identical=I superset=U differ=D ...
        'TESTSELECT_SWIFT' names the swift used for dump-package (default: swift on PATH).

        """

    /// Runs the benchmark and returns the exit code (0, 1 when a run failed or disagreed, 64 bad usage).
    public static func run(
        _ arguments: [String], environment: [String: String], executable: String,
        print: @escaping @Sendable (String) -> Void, printError: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        if ArgumentParser.asksForHelp(arguments) {
            print(help)
            return 0
        }
        let siblings = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(
            "testselect")
        switch arguments.first {
        case "repo":
            return runRepositories(
                Array(arguments.dropFirst()), testselect: siblings.path, print: print, printError: printError)
        case "impact":
            return runImpact(
                Array(arguments.dropFirst()), testselect: siblings.path, print: print, printError: printError)
        case "corpus":
            return runCorpus(
                Array(arguments.dropFirst()), swift: environment["TESTSELECT_SWIFT"] ?? "swift", print: print,
                printError: printError)
        case "synthetic":
            return run(
                Array(arguments.dropFirst()), environment: environment, executable: executable, print: print,
                printError: printError)
        default:
            break
        }
        var options = BenchmarkOptions(testselect: siblings.path)
        options.swift = environment["TESTSELECT_SWIFT"] ?? "swift"
        var cursor = ArgumentCursor(arguments)
        do {
            while let word = cursor.current {
                switch word {
                case "--packages": options.sizes = [try cursor.count("--packages")]
                case "--sample": options.sample = try cursor.count("--sample")
                case "--runs": options.runs = try cursor.count("--runs")
                case "--testselect": options.testselect = try cursor.value("--testselect")
                case "--keep": options.directory = try cursor.value("--keep")
                default:
                    throw UsageError.unknownOption(
                        word, command: "testselect-bench",
                        suggestion: NearMatch.closest(
                            to: word,
                            among: ["--packages", "--sample", "--runs", "--testselect", "--keep"]))
                }
                cursor.advance()
            }
        } catch {
            printError("testselect-bench: error: \(error)")
            return 64
        }
        guard isExecutable(options.testselect, printError: printError) else { return 64 }
        let benchmark = Benchmark(options: options, print: print)
        var status: Int32 = 0
        for size in options.sizes {
            do {
                let result = try benchmark.run(size: size)
                if !result.identical { status = 1 }
            } catch {
                printError("testselect-bench: error: \(error)")
                status = 1
            }
        }
        return status
    }

    static func runImpact(
        _ arguments: [String], testselect: String, print: @escaping @Sendable (String) -> Void,
        printError: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        var repository: String? = nil
        var map: String? = nil
        var count = 60
        var seed: UInt64 = 1
        var packages: [String] = []
        var executable = testselect
        var history: Int? = nil
        var eachParent = false
        var timeout = 600
        var cursor = ArgumentCursor(arguments)
        do {
            while let word = cursor.current {
                switch word {
                case "--impact": map = try cursor.value("--impact")
                case "--mutations": count = try cursor.count("--mutations")
                case "--seed":
                    let text = try cursor.value("--seed")
                    guard let number = UInt64(text) else {
                        throw UsageError.invalidValue(
                            option: "--seed", value: text, expected: "a whole number")
                    }
                    seed = number
                case "--packages":
                    packages = try cursor.value("--packages").split(separator: ",").map {
                        RepoPath.normalize(String($0))
                    }
                case "--testselect": executable = try cursor.value("--testselect")
                case "--timeout": timeout = try cursor.count("--timeout", of: "seconds")
                case "--each-parent": eachParent = true
                case "--history": history = try cursor.count("--history")
                case _ where word.hasPrefix("-"):
                    throw UsageError.unknownOption(
                        word, command: "testselect-bench impact",
                        suggestion: NearMatch.closest(
                            to: word,
                            among: [
                                "--impact", "--mutations", "--seed", "--packages", "--testselect",
                                "--timeout", "--each-parent", "--history",
                            ]))
                default:
                    guard repository == nil else {
                        throw UsageError.unexpectedArgument(
                            word, command: "testselect-bench impact")
                    }
                    repository = word
                }
                cursor.advance()
            }
            guard repository != nil else { throw UsageError.missingArgument("<clone>") }
            guard map != nil else {
                throw UsageError.needsOption("testselect-bench impact", needs: "--impact DIR")
            }
        } catch {
            printError("testselect-bench: error: \(error)")
            return 64
        }
        guard isExecutable(executable, printError: printError), let repository, let map else { return 64 }
        let current = FileManager.default.currentDirectoryPath
        let absolute = { (path: String) in path.hasPrefix("/") ? path : current + "/" + path }
        let benchmark = ImpactBenchmark(
            testselect: executable, repository: absolute(repository), map: absolute(map), count: count,
            seed: seed,
            packages: packages, print: print)
        do {
            if let history, eachParent {
                let scratch = NSTemporaryDirectory() + "testselect-impact-history-\(getpid())"
                defer { try? FileManager.default.removeItem(atPath: scratch) }
                return try benchmark.historyPerCommit(limit: history, scratch: scratch)
            }
            if let history { return try benchmark.history(limit: history) }
            return try benchmark.run()
        } catch {
            printError("testselect-bench: error: \(error)")
            return 1
        }
    }

    static func runRepositories(
        _ arguments: [String], testselect: String, print: @escaping @Sendable (String) -> Void,
        printError: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        var benchmark = RepositoryBenchmark(testselect: testselect, print: print)
        var directories: [String] = []
        var history: Int? = nil
        var on: String? = nil
        var durations: String? = nil
        var cursor = ArgumentCursor(arguments)
        do {
            while let word = cursor.current {
                switch word {
                case "--runs": benchmark.runs = try cursor.count("--runs")
                case "--base": benchmark.base = try cursor.value("--base")
                case "--head": benchmark.head = try cursor.value("--head")
                case "--testselect": benchmark.testselect = try cursor.value("--testselect")
                case "--history": history = try cursor.count("--history")
                case "--on": on = try cursor.value("--on")
                case "--durations": durations = try cursor.value("--durations")
                case _ where word.hasPrefix("-"):
                    throw UsageError.unknownOption(
                        word, command: "testselect-bench repo",
                        suggestion: NearMatch.closest(
                            to: word,
                            among: [
                                "--runs", "--base", "--head", "--testselect", "--history", "--on",
                                "--durations",
                            ]))
                default:
                    directories.append(word)
                }
                cursor.advance()
            }
            if directories.isEmpty { throw UsageError.missingArgument("<dir>") }
            if on != nil && history == nil { throw UsageError.needsOption("--on", needs: "--history") }
            if durations != nil && history == nil {
                throw UsageError.needsOption("--durations", needs: "--history")
            }
            if let durations, !FileManager.default.fileExists(atPath: durations) {
                throw UsageError.invalidValue(
                    option: "--durations", value: durations,
                    expected:
                        "an existing durations file ('testselect run' writes .build/testselect/durations.json)"
                )
            }
            if history != nil && directories.count > 1 {
                throw UsageError.unexpectedArgument(
                    directories[1], command: "testselect-bench repo")
            }
        } catch {
            printError("testselect-bench: error: \(error)")
            return 64
        }
        guard isExecutable(benchmark.testselect, printError: printError) else { return 64 }
        if let history, let directory = directories.first {
            do {
                let store = try durations.map { try DurationStore.load(from: $0) }
                try SelectionHistory(
                    testselect: benchmark.testselect, repository: directory, limit: history, on: on,
                    durations: store, print: print
                ).run()
                return 0
            } catch {
                printError("testselect-bench: error: '\(directory)': \(error)")
                return 1
            }
        }
        var status: Int32 = 0
        for directory in directories {
            do {
                _ = try benchmark.run(repository: directory)
            } catch {
                printError("testselect-bench: error: '\(directory)': \(error)")
                status = 1
            }
        }
        return status
    }

    static func runCorpus(
        _ arguments: [String], swift: String, print: @escaping @Sendable (String) -> Void,
        printError: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        if let option = arguments.first(where: { $0.hasPrefix("-") }) {
            printError(
                "testselect-bench: error: \(UsageError.unknownOption(option, command: "testselect-bench corpus", suggestion: nil))"
            )
            return 64
        }
        guard !arguments.isEmpty else {
            printError("testselect-bench: error: \(UsageError.missingArgument("<dir>"))")
            return 64
        }
        do {
            let tally = try CorpusAgreement(swift: swift, print: print).run(repositories: arguments)
            return tally.differ == 0 ? 0 : 1
        } catch {
            printError("testselect-bench: error: \(error)")
            return 1
        }
    }

    /// Whether the testselect to time exists, saying how to build it when it does not.
    static func isExecutable(_ path: String, printError: @Sendable (String) -> Void) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            printError(
                "testselect-bench: error: no testselect executable at '\(path)'; "
                    + "build it ('swift build -c release --product testselect') or pass '--testselect PATH'")
            return false
        }
        return true
    }
}
