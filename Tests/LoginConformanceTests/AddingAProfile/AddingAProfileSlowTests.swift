import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// "Adding a profile" end to end, in a scratch copy of the repository: a third profile, `server`, goes in as one entry
/// of the manifest's list with its rule, the documented reading at every point where the readings disagree
/// (`"reads": "documented"`, which the generator and the reference both read), and nothing else. Then the
/// generator writes every vector and rule of that reading under it and lists it in the schemas (`--check` and the
/// schema validation pass); the documents' command refreshes them and the copy's whole `swift test` passes (no test
/// assumes two profiles: each asks a vector's reading, and what is written once per reading, the mutants,
/// is given the profile's); the CLI built from the copy offers it, lists its vectors (the documented profile's), lints
/// the suite clean, and runs under it the bundled reference and the Python reference adapter (`--reads documented`),
/// every vector passing. Slow (cold builds in the copy): the slow command's.
@Suite("Adding a profile: one manifest entry and its reading, in a scratch copy", .slow)
struct AddingAProfileSlowTests {
    /// The profile the test adds.
    static let profile = "server"

    @Test("a profile added as one manifest entry with its reading is generated, tested, built, offered, listed, linted and run",
          .timeLimit(.minutes(30)))
    func addsAProfile() throws {
        let scratch = try ScratchRepository(prefix: "adding-a-profile")

        // The manifest's entry, after the last profile, with the reading it takes: the one edit.
        try scratch.editLine(of: "Vectors/manifest.json", containing: #""profile": "ios-sdk""#) {
            $0 + ",\n" + #"    { "profile": "server", "description": "A server that accepts Limited Login tokens, reading the documents only.", "reads": "documented" }"#
        }

        try scratch.generateVectors()
        let started = try String(contentsOf: scratch.url("Vectors/schema/harness/started.schema.json"), encoding: .utf8)
        #expect(started.contains(#""server""#))

        // The documents are refreshed by their command; then the copy's own tests all pass.
        let tests = try scratch.refreshDocumentsAndRunOwnTests()
        #expect(tests.contains("profile → server"), "the copy's tests run under the profile")

        let cli = try scratch.buildCLI(with: "a server profile")

        // The CLI offers it from the manifest, and its vectors are the documented reading's.
        #expect(try cli(["help"]).output.contains("documented or ios-sdk or server"))
        let server = try cli(["list", "--profile", Self.profile]), documented = try cli(["list", "--profile", "documented"])
        #expect(server.status == 0 && documented.status == 0, "list: \(server.output.suffix(2_000))")
        let lines = { (output: String) in output.split(separator: "\n").dropLast() }
        #expect(!lines(server.output).isEmpty && lines(server.output) == lines(documented.output))
        #expect(server.output.hasSuffix("profile server)\n"), "\(server.output.suffix(200))")
        let lint = try cli(["lint"])
        #expect(lint.status == 0, "lint: \(lint.output.suffix(4_000))")

        // The bundled reference, given the reading, passes under it every vector it passes under documented (the
        // vectors of the families it runs; the rest it reports skipped, as under documented), and fails none.
        func outcomes(_ profile: String) throws -> (profile: String?, byID: [String: String]) {
            let report = scratch.url("\(profile)-results.json")
            let run = try cli(["run", "--profile", profile, "--report-json", report.path])
            #expect(run.status == 0, "run --profile \(profile): \(run.output.suffix(4_000))")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            let results = try #require(document["results"] as? [[String: Any]])
            return (document["profile"] as? String, Dictionary(uniqueKeysWithValues: results.compactMap { result in
                (result["id"] as? String).map { ($0, result["outcome"] as? String ?? "") }
            }))
        }
        let underServer = try outcomes(Self.profile), underDocumented = try outcomes("documented")
        #expect(underServer.profile == Self.profile)
        #expect(underServer.byID.count == lines(documented.output).count)
        #expect(underServer.byID == underDocumented.byID)
        #expect(underServer.byID.values.contains("pass") && underServer.byID.values.allSatisfy { $0 == "pass" || $0 == "skip" })

        // The Python reference adapter claims the profile and implements the reading it takes.
        let adapter = "\(Python.command) Examples/PythonAdapter/reference_adapter.py --profile \(Self.profile) --reads documented"
        let throughAdapter = try cli(["run", "--profile", Self.profile, "--adapter", adapter])
        #expect(throughAdapter.status == 0, "run --adapter … --reads documented: \(throughAdapter.output.suffix(4_000))")
    }
}
