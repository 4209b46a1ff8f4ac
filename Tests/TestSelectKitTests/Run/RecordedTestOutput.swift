/// Output recorded from real `swift test` runs (Swift 6.3.1, Linux) of a small package with XCTest
/// and Swift Testing tests: passing, failing, skipped, known-issue, parameterized and crashing ones.
/// Event-stream lines are trimmed of backtraces and source locations.
enum RecordedTestOutput {
    /// `swift test list --skip-build`.
    static let listing = #"""
        CrashTests.CrashXC/testA
        CrashTests.CrashXC/testCrash
        CrashTests.CrashXC/testZ
        MixedTests.MixedXCTests/testAdds
        MixedTests.MixedXCTests/testFails
        MixedTests.MixedXCTests/testSkips
        CrashTests.stCrash()
        CrashTests.stOk()
        LibTests.AddTests/adds()
        LibTests.AddTests/fails()
        LibTests.AddTests/skipped()
        LibTests.Outer/Inner/param(value:)
        LibTests.Outer/known()
        LibTests.freeFunction()
        MixedTests.mixedFree()
        """#

    /// XCTest's console output for `MixedXCTests` (one pass, one failure, one skip), Linux format.
    static let xctestLinux = #"""
        Test Suite 'All tests' started at 2026-11-29 13:58:29.470
        Test Suite 'debug.xctest' started at 2026-11-29 13:58:29.472
        Test Suite 'MixedXCTests' started at 2026-11-29 13:58:29.472
        Test Case 'MixedXCTests.testAdds' started at 2026-11-29 13:58:29.472
        Test Case 'MixedXCTests.testAdds' passed (0.001 seconds)
        Test Case 'MixedXCTests.testFails' started at 2026-11-29 13:58:29.473
        /tmp/exp3/p/Tests/MixedTests/XCTests.swift:5: error: MixedXCTests.testFails : XCTAssertEqual failed: ("2") is not equal to ("3") - 
        Test Case 'MixedXCTests.testFails' failed (0.0 seconds)
        Test Case 'MixedXCTests.testSkips' started at 2026-11-29 13:58:29.473
        /tmp/exp3/p/Tests/MixedTests/XCTests.swift:6: MixedXCTests.testSkips : Test skipped - later
        Test Case 'MixedXCTests.testSkips' skipped (0.0 seconds)
        Test Suite 'MixedXCTests' failed at 2026-11-29 13:58:29.473
        	 Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.001 (0.001) seconds
        Test Suite 'debug.xctest' failed at 2026-11-29 13:58:29.473
        	 Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.001 (0.001) seconds
        Test Suite 'All tests' failed at 2026-11-29 13:58:29.473
        	 Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.001 (0.001) seconds
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        """#

    /// XCTest's console output when `CrashXC.testCrash` calls `fatalError`.
    static let xctestCrash = #"""
        error: Process '/tmp/exp3/p/.build/x86_64-unknown-linux-gnu/debug/pPackageTests.xctest CrashTests.CrashXC/testA,CrashTests.CrashXC/testCrash,CrashTests.CrashXC/testZ' exited with unexpected signal code 4
        Test Suite 'Selected tests' started at 2026-11-29 13:58:54.314
        Test Suite 'CrashXC' started at 2026-11-29 13:58:54.316
        Test Case 'CrashXC.testA' started at 2026-11-29 13:58:54.316
        Test Case 'CrashXC.testA' passed (0.003 seconds)
        Test Case 'CrashXC.testCrash' started at 2026-11-29 13:58:54.319
        CrashTests/Crash.swift:5: Fatal error: boom

        *** Signal 4: Backtracing from 0x7f8dc86f9361... done ***

        *** Program crashed: Illegal instruction at 0x00007f8dc86f9361 ***
        """#

    /// The same kind of run as Darwin prints it.
    static let xctestDarwin = #"""
        Test Suite 'Selected tests' started at 2026-11-29 13:58:29.470.
        Test Case '-[MixedTests.MixedXCTests testAdds]' started.
        Test Case '-[MixedTests.MixedXCTests testAdds]' passed (0.001 seconds).
        Test Case '-[MixedTests.MixedXCTests testFails]' started.
        /tmp/p/Tests/MixedTests/XCTests.swift:5: error: -[MixedTests.MixedXCTests testFails] : XCTAssertEqual failed: ("2") is not equal to ("3")
        Test Case '-[MixedTests.MixedXCTests testFails]' failed (0.002 seconds).
        Test Suite 'Selected tests' failed at 2026-11-29 13:58:29.473.
        	 Executed 2 tests, with 1 failure (0 unexpected) in 0.003 (0.004) seconds
        """#

    /// Swift Testing's event stream (`--experimental-event-stream-output`) for `LibTests`: a suite
    /// with a pass, a failure and a skip; a free function; a nested suite's parameterized test (three
    /// cases); a test with a known issue.
    static let swiftTestingEvents = #"""
        {"kind":"test","payload":{"id":"LibTests.AddTests","kind":"suite","name":"AddTests"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.AddTests/adds()/LibTests.swift:4:6","isParameterized":false,"kind":"function","name":"adds()"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.AddTests/fails()/LibTests.swift:5:6","isParameterized":false,"kind":"function","name":"fails()"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.AddTests/skipped()/LibTests.swift:6:6","isParameterized":false,"kind":"function","name":"skipped()"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.freeFunction()/LibTests.swift:8:2","isParameterized":false,"kind":"function","name":"freeFunction()"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.Outer","kind":"suite","name":"Outer"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.Outer/Inner","kind":"suite","name":"Inner"},"version":0}
        {"kind":"test","payload":{"_testCases":[{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"},{"displayName":"2","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [50])], discriminator: 0, isStable: true"},{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"}],"id":"LibTests.Outer/Inner/param(value:)/More.swift:5:10","isParameterized":true,"kind":"function","name":"param(value:)"},"version":0}
        {"kind":"test","payload":{"id":"LibTests.Outer/known()/More.swift:7:6","isParameterized":false,"kind":"function","name":"known()"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.268393854,"since1970":1795961131.3578362},"kind":"runStarted","messages":[{"symbol":"default","text":"Test run started."},{"symbol":"details","text":"Testing Library Version: 6.3.1 (937120cbc281cf2)"},{"symbol":"details","text":"Target Platform: x86_64-unknown-linux-gnu"}]},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.268717451,"since1970":1795961131.3581598},"kind":"testStarted","messages":[{"symbol":"default","text":"Suite AddTests started."}],"testID":"LibTests.AddTests"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.268958765,"since1970":1795961131.3584008},"kind":"testStarted","messages":[{"symbol":"default","text":"Suite Outer started."}],"testID":"LibTests.Outer"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.269084127,"since1970":1795961131.3585262},"kind":"testStarted","messages":[{"symbol":"default","text":"Test freeFunction() started."}],"testID":"LibTests.freeFunction()/LibTests.swift:8:2"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.269214291,"since1970":1795961131.3586564},"kind":"testStarted","messages":[{"symbol":"default","text":"Suite Inner started."}],"testID":"LibTests.Outer/Inner"},"version":0}
        {"kind":"event","payload":{"_comments":["not yet"],"instant":{"absolute":2988.269301463,"since1970":1795961131.3587437},"kind":"testSkipped","messages":[{"symbol":"skip","text":"Test skipped() skipped: \"not yet\""}],"testID":"LibTests.AddTests/skipped()/LibTests.swift:6:6"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.26935228,"since1970":1795961131.3587945},"kind":"testStarted","messages":[{"symbol":"default","text":"Test adds() started."}],"testID":"LibTests.AddTests/adds()/LibTests.swift:4:6"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.269446855,"since1970":1795961131.3588889},"kind":"testStarted","messages":[{"symbol":"default","text":"Test fails() started."}],"testID":"LibTests.AddTests/fails()/LibTests.swift:5:6"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.269671733,"since1970":1795961131.359114},"kind":"testStarted","messages":[{"symbol":"default","text":"Test known() started."}],"testID":"LibTests.Outer/known()/More.swift:7:6"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.269816978,"since1970":1795961131.3592591},"kind":"testEnded","messages":[{"symbol":"pass","text":"Test freeFunction() passed after 0.001 seconds."}],"testID":"LibTests.freeFunction()/LibTests.swift:8:2"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.270584337,"since1970":1795961131.3600266},"kind":"testStarted","messages":[{"symbol":"default","text":"Test param(value:) started."}],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.270690167,"since1970":1795961131.3601325},"kind":"testEnded","messages":[{"symbol":"pass","text":"Test adds() passed after 0.001 seconds."}],"testID":"LibTests.AddTests/adds()/LibTests.swift:4:6"},"version":0}
        {"kind":"event","payload":{"_comments":[],"instant":{"absolute":2988.270377265,"since1970":1795961131.3598197},"issue":{"isKnown":false},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (add(1, 2) \u2192 3) == 4"}],"testID":"LibTests.AddTests/fails()/LibTests.swift:5:6"},"version":0}
        {"kind":"event","payload":{"_comments":[],"instant":{"absolute":2988.27081544,"since1970":1795961131.3602576},"issue":{"isKnown":true},"kind":"issueRecorded","messages":[{"symbol":"passWithKnownIssue","text":"Expectation failed: (add(1, 1) \u2192 2) == 3"}],"testID":"LibTests.Outer/known()/More.swift:7:6"},"version":0}
        {"kind":"event","payload":{"_testCase":{"displayName":"2","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [50])], discriminator: 0, isStable: true"},"instant":{"absolute":2988.271214747,"since1970":1795961131.360657},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value \u2192 2 to param(value:) started."}],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"_testCase":{"displayName":"2","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [50])], discriminator: 0, isStable: true"},"instant":{"absolute":2988.271351324,"since1970":1795961131.3607936},"kind":"testCaseEnded","messages":[],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"_testCase":{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"},"instant":{"absolute":2988.271049718,"since1970":1795961131.360492},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value \u2192 1 to param(value:) started."}],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"_testCase":{"displayName":"1","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [49])], discriminator: 0, isStable: true"},"instant":{"absolute":2988.271492569,"since1970":1795961131.3609347},"kind":"testCaseEnded","messages":[],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.27154452,"since1970":1795961131.3609867},"kind":"testEnded","messages":[{"symbol":"fail","text":"Test fails() failed after 0.002 seconds with 1 issue."}],"testID":"LibTests.AddTests/fails()/LibTests.swift:5:6"},"version":0}
        {"kind":"event","payload":{"_testCase":{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"},"instant":{"absolute":2988.271408276,"since1970":1795961131.3608503},"kind":"testCaseStarted","messages":[{"symbol":"default","text":"Test case passing 1 argument value \u2192 3 to param(value:) started."}],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"_testCase":{"displayName":"3","id":"Parameterized test case ID: argumentIDs: [Testing.Test.Case.Argument.ID(bytes: [51])], discriminator: 0, isStable: true"},"instant":{"absolute":2988.271706884,"since1970":1795961131.361149},"kind":"testCaseEnded","messages":[],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.271626688,"since1970":1795961131.3610687},"kind":"testEnded","messages":[{"symbol":"passWithKnownIssue","text":"Test known() passed after 0.001 seconds with 1 known issue."}],"testID":"LibTests.Outer/known()/More.swift:7:6"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.271867243,"since1970":1795961131.3613093},"kind":"testEnded","messages":[{"symbol":"fail","text":"Suite AddTests failed after 0.003 seconds with 1 issue."}],"testID":"LibTests.AddTests"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.271755127,"since1970":1795961131.3611972},"kind":"testEnded","messages":[{"symbol":"pass","text":"Test param(value:) with 3 test cases passed after 0.001 seconds."}],"testID":"LibTests.Outer/Inner/param(value:)/More.swift:5:10"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.272047941,"since1970":1795961131.3614902},"kind":"testEnded","messages":[{"symbol":"pass","text":"Suite Inner passed after 0.002 seconds."}],"testID":"LibTests.Outer/Inner"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.272146935,"since1970":1795961131.3615892},"kind":"testEnded","messages":[{"symbol":"passWithKnownIssue","text":"Suite Outer passed after 0.003 seconds with 1 known issue."}],"testID":"LibTests.Outer"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2988.272242158,"since1970":1795961131.3616843},"kind":"runEnded","messages":[{"symbol":"fail","text":"Test run with 6 tests in 3 suites failed after 0.003 seconds with 2 issues (including 1 known issue)."}]},"version":0}
        """#
}
