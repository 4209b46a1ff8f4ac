import TestSelectKit
import Testing

@Suite struct TestSelectConfigTests {
    @Test func defaults() {
        let config = TestSelectConfig.defaults
        #expect(config.isIgnored("docs/intro.md"))
        #expect(config.isIgnored(".github/workflows/ci.yml"))
        #expect(config.isGlobal(".swift-version"))
        #expect(config.isGlobal(".testselect.json"))
        #expect(!config.isGlobal("ci/test-all"))
        #expect(config.unowned == .testsTree)
    }

    @Test func parsesEveryKey() throws {
        let config = try TestSelectConfig.parse(
            """
            {"ignore": ["docs/**"], "global": ["ci/**"], "unowned": "package",
             "extraInputs": {"packages/fixtures:Fixtures": ["packages/fixtures/Mappings/*.json"]},
             "alwaysRun": ["./services/app/:SmokeTests"]}
            """)
        #expect(!config.isIgnored("README.md"))
        #expect(config.isIgnored("docs/a.txt"))
        #expect(config.isGlobal("ci/x"))
        #expect(config.isGlobal(".testselect.json"))
        #expect(!config.isGlobal(".swift-version"))
        #expect(config.unowned == .package)
        #expect(
            config.extraInputTargets(of: "packages/fixtures/Mappings/a.json") == [
                SuiteReference(directory: "packages/fixtures", target: "Fixtures")
            ])
        #expect(config.alwaysRun == [SuiteReference(directory: "services/app", target: "SmokeTests")])
    }

    @Test func errorsNameTheKey() {
        #expect(
            throws: ConfigError.unknownKey(
                file: ".testselect.json", key: "extraInput", suggestion: "extraInputs")
        ) {
            try TestSelectConfig.parse(#"{"extraInput": {}}"#)
        }
        #expect(
            throws: ConfigError.wrongType(
                file: ".testselect.json", key: "global", expected: "an array of glob strings",
                found: "a string")
        ) {
            try TestSelectConfig.parse(#"{"global": "ci/**"}"#)
        }
        #expect(
            throws: ConfigError.invalidSuite(
                file: ".testselect.json", key: "extraInputs.Fixtures", value: "Fixtures")
        ) {
            try TestSelectConfig.parse(#"{"extraInputs": {"Fixtures": ["x"]}}"#)
        }
        #expect(throws: ConfigError.invalidUnownedPolicy(file: ".testselect.json", value: "none")) {
            try TestSelectConfig.parse(#"{"unowned": "none"}"#)
        }
        #expect(throws: ConfigError.self) { try TestSelectConfig.parse("[1]") }
        #expect(throws: ConfigError.self) { try TestSelectConfig.parse("{") }
        let message = ConfigError.wrongType(
            file: ".testselect.json", key: "global", expected: "an array of glob strings", found: "a string"
        ).description
        #expect(
            message == "'.testselect.json': key 'global' must be an array of glob strings, found a string")
    }
}
