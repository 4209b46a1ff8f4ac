import CatalogueCommand
import Foundation

// The catalogue executable: wires the real process into the library's command line.
exit(await CatalogueCLI.run(Array(CommandLine.arguments.dropFirst()), io: .process()))
