import Foundation
@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The changelog's checks and queries, and suite versions (the product mutants of Scripts/mutation/product_mutants.json,
/// area changelog).
@Suite("Product mutants: changelog")
struct ProductChangelogTests {
    /// A changelog of `releases` (each a JSON object text).
    static func changelog(_ releases: [String]) throws -> SuiteChangelog {
        try JSONDecoder().decode(SuiteChangelog.self, from: Data(#"{"formatVersion":1,"releases":[\#(releases.joined(separator: ","))]}"#.utf8))
    }

    static func release(_ version: String, added: [String] = [], changed: [(String, String)] = [],
                        retired: [(String, String, [String])] = []) -> String {
        let changes = changed.map { #"{"id":"\#($0.0)","reason":"\#($0.1)"}"# }.joined(separator: ",")
        let retirements = retired.map { id, reason, replacements in
            #"{"id":"\#(id)","reason":"\#(reason)","replacedBy":[\#(replacements.map { "\"\($0)\"" }.joined(separator: ","))]}"#
        }.joined(separator: ",")
        return #"{"version":"\#(version)","summary":"s","added":[\#(added.map { "\"\($0)\"" }.joined(separator: ","))],"changed":[\#(changes)],"retired":[\#(retirements)]}"#
    }

    /// The problem `validate` reports, as `path: text`, or `nil`.
    static func problem(_ releases: [String], version: String, ids: Set<String>) throws -> String? {
        let log = try changelog(releases)
        do {
            try log.validate(suiteVersion: version, isVector: ids.contains, file: "changelog.json")
            return nil
        } catch {
            return "\(error.jsonPath): \(error.problem)"
        }
    }

    @Test("validation refuses each broken changelog at its path", arguments: [
        ([release("0.1.0"), release("0.1.0")], "$.releases[1].version: versions must increase: 0.1.0 follows 0.1.0"),
        ([release("0.1.0"), release("0.2.0")], "$.releases[1].version: the last release is 0.2.0 but the manifest's suiteVersion is 0.3.0"),
        ([release("0.1.0"), release("0.3.0", changed: [("a::b::c", "")])], "$.releases[1].changed[0].reason: a change says why"),
        ([release("0.1.0", retired: [("a::b::old", "why", [])]), release("0.3.0", added: ["a::b::old"])],
         "$.releases[1].added[0]: a::b::old was retired in 0.1.0 and may never be used again"),
        ([release("0.1.0"), release("0.3.0", added: ["a::b::nowhere"])], "$.releases[1].added[0]: a::b::nowhere is not a vector of the suite"),
        ([release("0.1.0", retired: [("a::b::old", "why", [])]), release("0.3.0", retired: [("a::b::old", "again", [])])],
         "$.releases[1].retired[0].id: a::b::old is retired twice"),
        ([release("0.1.0"), release("0.3.0", retired: [("a::b::old", "", [])])], "$.releases[1].retired[0].reason: a retirement says why"),
        ([release("0.1.0"), release("0.3.0", retired: [("a::b::old", "why", ["a::b::ghost"])])],
         "$.releases[1].retired[0].replacedBy[0]: a::b::ghost is not a vector of the suite"),
        ([release("0.1.0"), release("0.3.0", retired: [("a::b::c", "why", [])])],
         "$.releases[1].retired[0].id: a::b::c was retired in 0.3.0 and may never be used again, but a vector has it"),
    ] as [([String], String)])
    func refused(releases: [String], problem: String) throws {
        #expect(try Self.problem(releases, version: "0.3.0", ids: ["a::b::c", "a::b::d"]) == problem)
    }

    @Test("a valid changelog passes")
    func valid() throws {
        let releases = [Self.release("0.1.0"), Self.release("0.2.0", added: ["a::b::d"], changed: [("a::b::c", "fixed")]),
                        Self.release("0.3.0", retired: [("a::b::old", "split", ["a::b::d"])])]
        #expect(try Self.problem(releases, version: "0.3.0", ids: ["a::b::c", "a::b::d"]) == nil)
    }

    @Test("queries: the latest change after a version (never at it), replacements, retirements, introductions")
    func queries() throws {
        let log = try Self.changelog([
            Self.release("0.1.0"), Self.release("0.2.0", added: ["a::b::new"], changed: [("a::b::c", "first fix")]),
            Self.release("0.3.0", changed: [("a::b::c", "second fix")], retired: [("a::b::old", "split", ["a::b::new"])]),
        ])
        let v = { (text: String) in SuiteVersion(text)! }
        #expect(log.change(of: "a::b::c", after: v("0.1.0"))?.reason == "second fix")
        #expect(log.change(of: "a::b::c", after: v("0.1.0"))?.version == v("0.3.0"))
        #expect(log.change(of: "a::b::c", after: v("0.3.0")) == nil)
        #expect(log.change(of: "a::b::new", after: v("0.2.0"))?.reason == "replaces a::b::old: split")
        #expect(log.retirement(of: "a::b::old")?.version == v("0.3.0"))
        #expect(log.retirement(of: "a::b::old")?.retirement.replacedBy == ["a::b::new"])
        #expect(log.retiredIDs == ["a::b::old": v("0.3.0")])
        #expect(log.introducedVersion(of: "a::b::new") == v("0.2.0"))
        #expect(log.introducedVersion(of: "a::b::c") == v("0.1.0"))
    }

    @Test("versions: major first, then minor, then patch; exactly three non-negative parts")
    func versions() {
        #expect(SuiteVersion("0.9.0")! < SuiteVersion("1.0.0")!)
        #expect(SuiteVersion("1.0.9")! < SuiteVersion("1.1.0")!)
        #expect(!(SuiteVersion("1.0.0")! < SuiteVersion("0.9.9")!))
        for text in ["1.2.-3", "1.-2.3", "1.2.3.4", "1.2", "a.b.c", "1..2"] {
            #expect(SuiteVersion(text) == nil, "\(text)")
        }
        #expect(SuiteVersion("10.20.30")?.description == "10.20.30")
    }
}
