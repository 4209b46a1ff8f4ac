import Foundation
import TestSelectTestSupport
import Testing

@testable import TestSelectKit

/// Reading a map directory: each way a file can be unusable says why.
@Suite struct ImpactMapLoadingTests {
    func sample(package: String = "packages/lib") -> ImpactMap {
        ImpactMap(
            repository: ["r"], commit: "c", package: package, toolchain: "t", platform: "p",
            recordedAt: "2026-12-04T00:00:00Z", seconds: 1,
            files: [ImpactMap.File(path: "packages/lib/Sources/Lib/A.swift", blob: "b")],
            tests: [
                ImpactMap.Test(id: "LibTests.A/testA", files: [0]),
                ImpactMap.Test(id: "LibTests.A/testB", files: nil, note: "failed when run alone"),
            ])
    }

    @Test func roundTripsAndSaysWhatIsWrong() throws {
        try withTemporaryDirectory { directory in
            #expect(ImpactMap.load(package: "packages/lib", from: directory) == .missing)
            let map = sample()
            try map.write(to: directory)
            #expect(ImpactMap.load(package: "packages/lib", from: directory) == .map(map))
            #expect(map.paths(of: map.tests[0]) == ["packages/lib/Sources/Lib/A.swift"])
            #expect(map.paths(of: map.tests[1]) == nil)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory) == ["packages-lib.impact.json"]
            )

            let path = directory + "/packages-lib.impact.json"
            func reason() -> String {
                if case .unusable(let reason) = ImpactMap.load(package: "packages/lib", from: directory) {
                    return reason
                }
                return ""
            }
            try "{\"format\":\"testselect-impact/2\"}".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(reason().contains("in format 'testselect-impact/2', which this testselect does not read"))
            try "{\"format\":\"testselect-impact/1\",\"commit\":1}".write(
                toFile: path, atomically: true, encoding: .utf8)
            #expect(reason().contains("is damaged (not a complete"))
            try "not json".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(reason().contains("is not an impact map"))
            var other = sample(package: "packages/other")
            try other.write(to: directory)
            try FileManager.default.moveItem(
                atPath: directory + "/packages-other.impact.json", toPath: path + ".x")
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".x", toPath: path)
            #expect(reason().contains("holds the map of 'packages/other'"))
            other = sample()
            other.tests[0].files = [7]
            try other.write(to: directory)
            #expect(reason().contains("a test names a file the map does not list"))
        }
    }
}
