import Testing

@testable import Catalogue

@Suite struct LanguageCodeTests {
    @Test(arguments: [
        ("eng", "en"), ("EN", "en"), ("fra", "fr"), ("fre", "fr"), ("ger", "de"), ("deu", "de"),
        ("swa", "sw"), ("zul", "zu"), ("kin", "rw"), ("chi", "zh"),
    ])
    func readsBothForms(code: String, stored: String) throws {
        let language = try #require(LanguageCode(code))
        #expect(language.alpha2 == stored)
        #expect(language.alpha3.count == 3)
    }

    @Test(arguments: ["", "e", "english", "xx", "qqq", "en-GB"])
    func refusesUnknownCodes(code: String) {
        #expect(LanguageCode(code) == nil)
    }

    @Test func terminologicFormIsTheAPIsForm() {
        #expect(LanguageCode("fre")?.alpha3 == "fra")
        #expect(LanguageCode(stored: "pt")?.alpha3 == "por")
        #expect(LanguageCode(stored: "por") == nil)
    }

    @Test func tableIsConsistent() {
        #expect(Set(LanguageCode.table.map(\.0)).count == LanguageCode.table.count)
        #expect(Set(LanguageCode.table.map(\.1)).count == LanguageCode.table.count)
        #expect(
            LanguageCode.terminologicByBibliographic.values.allSatisfy {
                LanguageCode.alpha2ByAlpha3[$0] != nil
            })
    }
}
