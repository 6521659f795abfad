import Foundation
import LoginConformance
import LoginConformanceHarness
import Testing
import LoginConformanceTestSupport

/// The JSON grammar catalogue (`docs/generated/grammar.md`, `Scripts/vectorgen/grammar.py`) held against the runner's own strict
/// parser, which reads the vector files and every adapter answer: the same cases the vectors apply to the token sites,
/// applied by the generator to one answer (`grammar-cases.json`).
@Suite("The JSON grammar catalogue, against the runner's parser")
struct GrammarCatalogueTests {
    /// One case of `grammar-cases.json`.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let kind: String
        let source: String
        let base64: String
        /// An equivalent case's value, as canonical JSON text.
        let canonical: String?

        var bytes: [UInt8] { Array(Data(base64Encoded: base64) ?? Data()) }
        var testDescription: String { "\(name) (\(kind), \(source))" }
    }

    static let cases: [Case] = {
        struct File: Decodable { let cases: [Case] }
        let url = RepositoryPaths.url("Tests/LoginConformanceTests/grammar-cases.json")
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases) ?? []
    }()

    @Test("the catalogue is there, with cases of every kind")
    func catalogue() {
        #expect(Set(Self.cases.map(\.kind)) == ["equivalent", "may-ignore", "invalid"], "grammar-cases.json is missing or stale: regenerate the vectors")
        #expect(Self.cases.allSatisfy { !$0.bytes.isEmpty && ($0.kind == "equivalent") == ($0.canonical != nil) })
    }

    @Test("an equivalent text parses to its value; a text that is not JSON, or starts with a byte order mark, is refused", arguments: cases)
    func parser(_ grammarCase: Case) throws {
        let parsed = try? StrictJSONParser.document(grammarCase.bytes).value()
        if let canonical = grammarCase.canonical {
            #expect(parsed != nil && parsed == JSONValue.parse(canonical), "\(grammarCase.name): read \(String(describing: parsed))")
        } else {
            #expect(parsed == nil, "\(grammarCase.name): a strict parser refuses it, this one read \(String(describing: parsed))")
        }
    }

    /// The cases an adapter can write as one answer line: UTF-8 without a line feed (a line that is not UTF-8 is
    /// refused before it is parsed, and a line feed ends a message: Vectors/HARNESS.md).
    static let answerLines = cases.filter { String(validating: $0.bytes, as: UTF8.self).map { !$0.contains("\n") } ?? false }

    @Test("an adapter's answer written as each case: an equivalent one is the result it holds, any other a protocol violation", arguments: answerLines)
    func answer(_ grammarCase: Case) throws {
        let line = try #require(String(validating: grammarCase.bytes, as: UTF8.self))
        switch AdapterAnswer.parse(line, expected: 1) {
        case .result(let outcome):
            #expect(grammarCase.canonical != nil, "\(grammarCase.name): read as a result")
            if let canonical = grammarCase.canonical, case .object(let message)? = JSONValue.parse(canonical) {
                #expect(outcome == message["outcome"])
            }
        case .violation:
            #expect(grammarCase.canonical == nil, "\(grammarCase.name): an equivalent answer was refused")
        case .answer, .repeated:
            Issue.record("\(grammarCase.name): read as another message")
        }
    }
}
