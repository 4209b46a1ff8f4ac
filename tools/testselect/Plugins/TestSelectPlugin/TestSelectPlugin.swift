import Foundation
import PackagePlugin

/// `swift package testselect ...`: testselect on the repository holding the package it runs in.
///
/// Any package can add this repository as a dependency and run `swift package testselect --base
/// origin/main` (or `run`, `explain`, `graph`, `help`): the arguments go to the `testselect` executable
/// built from this package, run in the package's directory, and its exit status is the command's.
/// It asks for no permission, so that `swift package testselect` needs no flag; where SwiftPM
/// sandboxes plugins (macOS), `run` (which builds and writes logs under `.build/testselect`) needs
/// `swift package --disable-sandbox testselect run ...`.
@main struct TestSelectPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "testselect")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("testselect was stopped by signal \(process.terminationStatus)")
            exit(128 + process.terminationStatus)
        }
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
