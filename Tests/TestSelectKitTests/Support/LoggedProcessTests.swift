import Foundation
import TestSelectKit
import TestSelectSupport
import TestSelectTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Child processes writing to a log, in their own process group.
@Suite struct LoggedProcessTests {
    @Test func outputAndErrorsGoToTheLogAndTheStatusComesBack() throws {
        try withTemporaryDirectory { directory in
            let log = directory + "/run.log"
            try "first\n".write(toFile: log, atomically: true, encoding: .utf8)
            let process = try LoggedProcess.launch(
                "/bin/sh", ["-c", "echo out; echo err >&2; cat; pwd; echo $TESTSELECT_PROBE; exit 3"],
                in: directory,
                output: log, environment: ["TESTSELECT_PROBE": "probe"])
            let exit = process.wait()
            #expect(exit.status == 3)
            #expect(exit.signal == nil)
            #expect(!exit.succeeded)
            #expect(exit.peakMemoryBytes > 0)
            let text = try String(contentsOfFile: log, encoding: .utf8)
            #expect(text == "first\nout\nerr\n\(directory)\nprobe\n")
        }
    }

    /// `swift test` starts its test process in a process group of its own: stopping a process
    /// must reach it too.
    @Test func terminatingStopsEverythingTheProcessStartedEvenInOtherProcessGroups() throws {
        try withTemporaryDirectory { directory in
            // The output is a pipe the test reads: the grandchild's id arrives on it, and its end
            // (every process holding it gone) says the shell and its grandchild have both exited.
            let output = try NamedPipe(path: directory + "/output")
            let process = try LoggedProcess.launch(
                "/bin/sh", ["-c", "setsid sleep 30 & echo $!; wait"], output: output.path)
            // Real processes: the bound only turns a hang into a failure.
            let line = output.readLine(within: .seconds(60))
            let grandchild = pid_t(line ?? "") ?? 0
            #expect(grandchild > 0, "the shell printed \(line ?? "nothing")")
            process.terminate()
            // A safety net: were SIGTERM ignored, the test fails (by SIGKILL) instead of hanging.
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) { process.terminate(signal: SIGKILL) }
            let exit = process.wait()
            #expect(exit.signal == SIGTERM)
            #expect(exit.status == 128 + SIGTERM)
            #expect(output.waitForEnd(within: .seconds(60)), "the background 'sleep' still holds the output")
            #expect(isGoneOrExiting(grandchild), "the background 'sleep' survived")
        }
    }

    @Test func aCancelledRegistryRefusesNewProcesses() throws {
        let registry = ProcessRegistry()
        #expect(!registry.isCancelled)
        registry.cancelAll()
        #expect(registry.isCancelled)
        let process = try LoggedProcess.launch("/bin/sh", ["-c", "sleep 30"], output: nil)
        #expect(!registry.add(process))
        #expect(process.wait().signal == SIGTERM)
    }

    @Test func aMissingProgramIsAClearError() {
        #expect(throws: ProcessRunnerError.self) {
            try LoggedProcess.launch("testselect-no-such-program", [], output: nil)
        }
    }

    /// Whether `pid` is gone, a zombie, or on its way out: a process closes its descriptors (which
    /// ends the pipe) a moment before it becomes a zombie, with `PF_EXITING` already set.
    func isGoneOrExiting(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        // After "pid (name)": state, ppid, pgrp, session, tty_nr, tpgid, flags.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 6, let flags = UInt(fields[6]) else { return false }
        let exiting: UInt = 0x4  // PF_EXITING
        return fields[0] == "Z" || fields[0] == "X" || flags & exiting != 0
    }
}
