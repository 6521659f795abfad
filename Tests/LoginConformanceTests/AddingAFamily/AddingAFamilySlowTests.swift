import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// "Adding a family" end to end, in a scratch copy of the repository: the test family `greeting` goes in as its Swift
/// folder (the files beside this one, as they are but for the test target's imports), one line in
/// ``FamilyRegistry/standard`` and its Python module (`greeting.py` beside this file), and nothing else. Then the
/// generator writes its vector file, schema, manifest entry, harness schema entries, rule, changelog entries and README
/// row (`--check` and the schema validation pass); the CLI built from the copy lists it, lints it clean, runs it through
/// the harness against an adapter that greets (every vector passing), reports it skipped for the bundled reference,
/// which does not adopt it, and benchmarks it. Slow (a cold build of the CLI in the copy): the slow command's.
@Suite("Adding a family: one Swift folder, one registration and one Python module, in a scratch copy", .slow)
struct AddingAFamilySlowTests {
    /// The test family's Swift files, beside this one.
    static let swiftFiles = ["Greeting.swift", "GreetingFamily.swift", "GreetingInput.swift", "GreetingOutcome.swift"]
    /// The folder of this file, which holds the family's files.
    static let familyFolder = RepositoryPaths.root.appendingPathComponent("Tests/LoginConformanceTests/AddingAFamily")
    /// The vectors the module writes.
    static let ids = ["greeting::hello::ascii", "greeting::hello::nfd", "greeting::refused::empty"]

    /// An adapter that implements the family (Vectors/HARNESS.md): it greets, and refuses the empty name.
    static let greeter = #"""
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "start":
            answer = {"type": "started", "protocolVersion": 1, "capabilities": ["greeting"], "profile": "documented",
                      "implementation": {"name": "greeter", "version": "1.0.0", "language": "python"}}
        elif request["type"] == "run":
            name = request["input"]["name"]
            answer = {"type": "result", "seq": request["seq"], "outcome":
                      {"result": "greeting", "text": "Hello, " + name + "!"} if name else {"result": "refused", "reason": "emptyName"}}
        else:
            break
        print(json.dumps(answer), flush=True)
    """#

    @Test("a family added as one Swift folder, one registry line and one Python module is generated, built, listed, linted, run through the harness and benchmarked",
          .timeLimit(.minutes(30)))
    func addsAFamily() throws {
        let scratch = try ScratchRepository(prefix: "adding-a-family")

        // 1. The Swift folder: the family's files as the test target has them, without the test target's imports.
        let folder = scratch.url("Sources/LoginConformance/Families/Greeting")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in Self.swiftFiles {
            let text = try String(contentsOf: Self.familyFolder.appendingPathComponent(file), encoding: .utf8)
            let kept = text.components(separatedBy: "\n").filter {
                !$0.hasPrefix("import LoginConformance") && !$0.hasPrefix("let greetingRegistry")
            }
            try kept.joined(separator: "\n").write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        // 2. The registration: one line after the last family of the standard registry.
        try scratch.editLine(of: "Sources/LoginConformance/Suite/FamilyRegistry.swift", containing: "GraphErrorFamily.self,") {
            $0 + "\n        GreetingFamily.self,"
        }
        // 3. The Python module.
        try FileManager.default.copyItem(at: Self.familyFolder.appendingPathComponent("greeting.py"),
                                         to: scratch.url("Scripts/vectorgen/greeting.py"))

        // The generator writes the family and everything that lists the families; then it finds nothing to change.
        try scratch.generateVectors()
        let manifest = try String(contentsOf: scratch.url("Vectors/manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#"{ "family": "greeting", "file": "greeting.json" }"#))
        let started = try String(contentsOf: scratch.url("Vectors/schema/harness/started.schema.json"), encoding: .utf8)
        #expect(started.contains(#""greeting""#))
        let readme = try String(contentsOf: scratch.url("README.md"), encoding: .utf8)
        #expect(readme.contains("| `greeting` | `Greeting` | a name greeted code point for code point"))

        let cli = try scratch.buildCLI(with: "a greeting family")

        // The CLI knows it from the registry: its --family list, its vectors, its lint.
        #expect(try cli(["help"]).output.contains("token-change, graph-error, greeting"))
        let listed = try cli(["list", "greeting"])
        #expect(listed.status == 0 && Self.ids.allSatisfy(listed.output.contains), "list greeting: \(listed.output)")
        let lint = try cli(["lint"])
        #expect(lint.status == 0, "lint: \(lint.output.suffix(4_000))")

        // Through the harness, an adapter that greets passes every vector; the reference, which does not adopt the
        // family, has it skipped, never passed.
        try Self.greeter.write(to: scratch.url("greeter.py"), atomically: true, encoding: .utf8)
        let report = scratch.url("greeting-results.json")
        let run = try cli(["run", "--adapter", "\(Python.command) greeter.py", "--family", "greeting",
                           "--report-json", report.path])
        #expect(run.status == 0, "run --adapter greeter.py: \(run.output.suffix(4_000))")
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])["results"] as? [[String: Any]]
        #expect(results?.compactMap { $0["id"] as? String } == Self.ids)
        #expect(results?.allSatisfy { $0["outcome"] as? String == "pass" } == true, "\(results ?? [])")
        let reference = try cli(["run", "--family", "greeting"])
        #expect(reference.status != 0, "a run that checks nothing fails: \(reference.output.suffix(2_000))")
        #expect(reference.output.contains("skipped"))

        // The benchmarks take its vectors like any family's.
        let bench = try cli(["bench", "--quick", "--no-harness"])
        #expect(bench.status == 0, "bench: \(bench.output.suffix(4_000))")
    }
}
