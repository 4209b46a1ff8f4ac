import Foundation
import TestSelectKit

// The testselect executable: wires the real process context into the library's command line.
exit(TestSelectCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
