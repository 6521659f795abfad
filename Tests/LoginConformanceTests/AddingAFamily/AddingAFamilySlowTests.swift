import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// "Adding a family" end to end, in a scratch copy of the repository: the test family `greeting` goes in as a
/// toolkit family does: its one Swift folder (``swiftFolder``: its types, `Reference/` and `Mutants/`) dropped into
/// `Sources/LoginConformance/Families/`, one line in ``FamilyRegistry/standard``, its Python module and its Python
/// reference (``pythonPlacements``), and nothing else edited. Then the generator writes its vector file, schema, manifest
/// entry, harness schema entries, rules, changelog entries and README row (`--check` and the schema validation pass);
/// the documents are refreshed by their own command; the copy's whole `swift test` passes (the reference passes its
/// vectors, its mutants are each killed, every policy holds for it); and the CLI built from the copy lists it, lints
/// it clean, runs it in process and through the Python reference adapter (every vector passing), and benchmarks it.
/// Slow (cold builds in the copy): the slow command's.
@Suite("Adding a family: its files dropped in, one registration, in a scratch copy", .slow)
struct AddingAFamilySlowTests {
    /// The folder of this file, which holds the family's files.
    static let familyFolder = RepositoryPaths.root.appendingPathComponent("Tests/LoginConformanceTests/AddingAFamily")
    /// The family's one Swift folder, `Greeting/` here, goes whole into `Sources/LoginConformance/Families/`.
    /// Each of its files joins the module its subfolder names (Package.swift reads the family folders), and loses
    /// that module's own import and the test support's, which it needs here in the test target.
    static let swiftFolder = (name: "Greeting", destination: "Sources/LoginConformance/Families/Greeting")
    static let moduleOfSubfolder = ["": "LoginConformance", "Reference": "LoginConformanceReference",
                                    "Mutants": "LoginConformanceMutants"]
    /// Where each of its Python files goes: the generator's module and the Python reference adapter's.
    static let pythonPlacements: [(file: String, destination: String)] = [
        ("greeting.py", "Scripts/vectorgen/greeting.py"),
        ("greeting_adapter.py", "Examples/PythonAdapter/families/greeting.py"),
    ]
    /// The vectors the module writes.
    static let ids = ["greeting::hello::ascii", "greeting::hello::nfd", "greeting::hello::nfc", "greeting::hello::inner-space",
                      "greeting::hello::outer-space", "greeting::hello::space-only", "greeting::hello::case",
                      "greeting::hello::astral", "greeting::hello::zero-width-joiner", "greeting::refused::empty"]

    @Test("a family added as its files and one registry line is generated, documented, tested, built, listed, linted, run and benchmarked",
          .timeLimit(.minutes(40)))
    func addsAFamily() throws {
        let scratch = try ScratchRepository(prefix: "adding-a-family")

        // 1. The family's Swift folder and its Python modules, moved to their places; this folder (the in-process
        //    tests of the test family, which would register it a second time) goes.
        let folder = Self.familyFolder.appendingPathComponent(Self.swiftFolder.name)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count == 6, "the greeting folder: \(files)")
        for file in files {
            let subfolder = (file as NSString).deletingLastPathComponent
            let module = try #require(Self.moduleOfSubfolder[subfolder], "\(file): a subfolder Package.swift does not read")
            let dropped = ["import LoginConformanceTestSupport", "let greetingRegistry", "import \(module)"]
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let kept = text.components(separatedBy: "\n").filter { line in
                !dropped.contains { line == $0 || line.hasPrefix($0 + " ") }
            }
            try scratch.write(kept.joined(separator: "\n"), to: "\(Self.swiftFolder.destination)/\(file)")
        }
        for (file, destination) in Self.pythonPlacements {
            try scratch.write(try String(contentsOf: Self.familyFolder.appendingPathComponent(file), encoding: .utf8),
                              to: destination)
        }
        try FileManager.default.removeItem(at: scratch.url("Tests/LoginConformanceTests/AddingAFamily"))
        // 2. The registration: one line after the last family of the standard registry.
        try scratch.editLine(of: "Sources/LoginConformance/Suite/FamilyRegistry.swift", containing: "GraphErrorFamily.self,") {
            $0 + "\n        GreetingFamily.self,"
        }

        // The generator writes the family and everything that lists the families; then it finds nothing to change.
        try scratch.generateVectors()
        let manifest = try String(contentsOf: scratch.url("Vectors/manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#"{ "family": "greeting", "file": "greeting.json" }"#))
        let started = try String(contentsOf: scratch.url("Vectors/schema/harness/started.schema.json"), encoding: .utf8)
        #expect(started.contains(#""greeting""#))
        let readme = try String(contentsOf: scratch.url("README.md"), encoding: .utf8)
        #expect(readme.contains("| `greeting` | `Greeting` | a name greeted code point for code point"))

        // The documents that list the families are refreshed by their command; then the copy's own tests all pass.
        let tests = try scratch.refreshDocumentsAndRunOwnTests()
        #expect(tests.contains("greeting::hello::nfd"), "the copy's tests run the family's vectors")

        // The documentation builds without a warning; the public API digest names the family's declarations as the
        // change they are until its command rewrites it.
        let python = RepositoryPaths.root.appendingPathComponent(".venv/bin/python").path
        let docs = try ScratchRepository.execute("/usr/bin/env", ["bash", "Scripts/release/check_docs.sh"], in: scratch.root)
        #expect(docs.status == 0, "check_docs.sh: \(docs.output.suffix(4_000))")
        let digest = try ScratchRepository.execute(python, ["Scripts/release/api_digest.py", "--check"], in: scratch.root)
        #expect(digest.status != 0 && digest.output.contains("+ReferenceImplementation.greet(_:)"), "\(digest.output.suffix(2_000))")
        #expect(try ScratchRepository.execute(python, ["Scripts/release/api_digest.py"], in: scratch.root).status == 0)
        #expect(try ScratchRepository.execute(python, ["Scripts/release/api_digest.py", "--check"], in: scratch.root).status == 0)

        let cli = try scratch.buildCLI(with: "a greeting family")

        // The CLI knows it from the registry: its --family list, its vectors, its lint.
        #expect(try cli(["help"]).output.contains("token-change, graph-error, greeting"))
        let listed = try cli(["list", "greeting"])
        #expect(listed.status == 0 && Self.ids.allSatisfy(listed.output.contains), "list greeting: \(listed.output)")
        let lint = try cli(["lint"])
        #expect(lint.status == 0, "lint: \(lint.output.suffix(4_000))")

        // The bundled reference adopts it and passes; through the harness, the Python reference adapter takes it from
        // its families folder and passes every vector.
        let reference = try cli(["run", "--family", "greeting"])
        #expect(reference.status == 0 && reference.output.contains("PASSED: \(Self.ids.count) passed"),
                "run --family greeting: \(reference.output.suffix(2_000))")
        let report = scratch.url("greeting-results.json")
        let run = try cli(["run", "--adapter", "\(Python.command) Examples/PythonAdapter/reference_adapter.py",
                           "--family", "greeting", "--report-json", report.path])
        #expect(run.status == 0, "run --adapter reference_adapter.py: \(run.output.suffix(4_000))")
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])["results"] as? [[String: Any]]
        #expect(results?.compactMap { $0["id"] as? String } == Self.ids)
        #expect(results?.allSatisfy { $0["outcome"] as? String == "pass" } == true, "\(results ?? [])")

        // The benchmarks take its vectors like any family's.
        let bench = try cli(["bench", "--quick", "--no-harness"])
        #expect(bench.status == 0, "bench: \(bench.output.suffix(4_000))")
    }
}
