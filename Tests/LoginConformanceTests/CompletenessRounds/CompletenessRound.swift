import Foundation
import LoginConformance
import LoginConformanceTestSupport

/// One completeness blind round: what its writers were given, the implementations they wrote, and
/// where its records live.
///
/// A round's in-process implementations are Swift types adopting ``BlindImplementation``, kept verbatim in
/// `Tests/CompletenessRounds/round-<N>/in-process/` (the module `BlindRound<N>`); its signed-token validators, which need real
/// cryptography, are a harness adapter in `Tests/CompletenessRounds/round-<N>/signed-token/`, measured by
/// `Scripts/mutation/completeness_round.py`. Each round's folder there holds the brief its writers were given and the records:
/// `<lane>.first-run.json` (measured before anything was fixed, never rewritten) and `<lane>.latest.json` (this
/// tree's vectors).
struct CompletenessRound: Sendable {
    /// 1, 2, …
    let number: Int
    /// The round's in-process implementation types, one per family.
    let types: [any BlindImplementation.Type]

    /// Each implementation type with the family it adopts (``BlindImplementation/family``, found by probing), in the
    /// registry's order of families; a type whose family cannot be found is left out (a test says so).
    var implementations: [(family: ConformanceFamily, type: any BlindImplementation.Type)] {
        types.compactMap { type in type.family.map { ($0, type) } }.sorted { $0.family < $1.family }
    }

    /// `<family>.<bug>` for each of the round's bugs (each implementation's subjects after its base), in the order of
    /// ``implementations``: what a record of the round lists, known without running anything.
    var bugNames: [String] {
        implementations.flatMap { family, type in
            type.subjects.dropFirst().map { Self.bugName(family, $0.bug!) }
        }
    }

    /// A bug's name in the round's records: `<family>.<bug>`.
    static func bugName(_ family: ConformanceFamily, _ bug: String) -> String {
        "\(family.rawValue).\(bug)"
    }

    /// Every round, oldest first: the one list a round joins.
    static let all: [CompletenessRound] = [round1, round2, round3]

    /// `Tests/CompletenessRounds/round-<N>`: the brief, the harness lane and the records.
    var folder: URL {
        GeneratedDocument.repositoryRoot.appendingPathComponent("Tests/CompletenessRounds/round-\(number)")
    }

    /// `Tests/CompletenessRounds/round-<N>/in-process`: the in-process implementations, verbatim, the module
    /// `BlindRound<N>` (Package.swift).
    var sourceFolder: URL {
        folder.appendingPathComponent("in-process")
    }

    /// The record of `lane` (`in-process` or `harness`) of `kind` (`first-run` or `latest`).
    func recordURL(lane: String, kind: String) -> URL {
        folder.appendingPathComponent("\(lane).\(kind).json")
    }

    /// The bugs found, after the first run, not to be bugs under the sources, each with why (`exclusions.json` in
    /// ``folder``; none when the file is absent).
    func exclusions() throws -> [String: String] {
        struct Exclusions: Decodable {
            struct Bug: Decodable { let name: String, reason: String }
            let bugs: [Bug]
        }
        let url = folder.appendingPathComponent("exclusions.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let bugs = try JSONDecoder().decode(Exclusions.self, from: Data(contentsOf: url)).bugs
        return Dictionary(uniqueKeysWithValues: bugs.map { ($0.name, $0.reason) })
    }

    /// Each bug's one-line description: the `///` comment above its `case` in the type's file, as its writer wrote
    /// it (the files are verbatim, so the comment is read from the source rather than restated here).
    func bugDescriptions(of type: any BlindImplementation.Type) throws -> [String: String] {
        let name = String(describing: type)
        let text = try String(contentsOf: sourceFolder.appendingPathComponent("\(name).swift"), encoding: .utf8)
        var descriptions: [String: String] = [:]
        var comment: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("///") {
                comment.append(trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces))
            } else if trimmed.hasPrefix("case "), !comment.isEmpty {
                let names = trimmed.dropFirst(5).split(separator: ",").map {
                    String($0.split(separator: "=")[0].split(separator: "(")[0]).trimmingCharacters(in: .whitespaces)
                }
                for bug in names { descriptions[bug] = comment.joined(separator: " ") }
                comment = []
            } else if !trimmed.hasPrefix("@") {
                comment = []
            }
        }
        return descriptions
    }
}
