import Foundation
import LoginConformance
import LoginConformanceMutants
import LoginConformanceReference
import LoginConformanceTestSupport

/// Runs in-process implementations on vectors in a child process (this test binary, its one test
/// `IsolatedEvaluationTests/child` in child mode), so that an implementation that traps — a Swift runtime error such as
/// swift-corelibs-foundation's out-of-bounds index in `String.contains` on a needle ending in U+0000 — fails the vector
/// in flight instead of ending the test process: a crash is a failure of that vector, as the harness counts an
/// adapter's crash. The child says which evaluation it starts before each one; after a crash the parent records that
/// one as failed and starts a new child after it.
///
/// A blind round's implementations are kept verbatim (they are what was measured), so the measurement, not the
/// implementation, has to survive their crashes; the mutant catalogue's run (``MutationRun``) counts a crash as a kill
/// the same way. The groups are split into shards, one child each, run side by side.
enum IsolatedEvaluation {
    /// The environment variable carrying a child's ``Job`` as JSON; unset in the parent.
    static let jobVariable = "LOGIN_CONFORMANCE_ISOLATED_JOB"
    /// The most children one evaluation starts (one per crash, plus the first): beyond it, it gives up with an error.
    static let maximumChildren = 200

    /// What a child evaluates.
    struct Job: Codable, Equatable {
        /// `round`: a completeness round's in-process implementations (``CompletenessRound/number`` = ``round``) on
        /// `suite`, one group per family; `catalogue`: every mutant of ``Mutant/all``, one group each; `trap`: the
        /// self-test's subjects, one of which traps on the vector at `trapAt`.
        var kind: String
        var round: Int?
        /// `bundled`, or the path of a `Vectors/` folder.
        var suite: String
        var trapAt: Int?
        /// The first evaluation to run: (group, subject, vector) indices.
        var start: [Int] = [0, 0, 0]
        /// (k, n): the child runs the groups whose index is k modulo n.
        var shard: [Int] = [0, 1]
        /// The file the child writes its lines to.
        var output: String = ""
    }

    /// For each group (a round's family, in ``CompletenessRound/implementations`` order; a mutant) and each of its
    /// subjects, the IDs of the vectors it fails, errors on or crashes on, in suite order; `shards` children at once.
    static func failures(of job: Job, shards: Int = 1) throws -> [[[String]]] {
        let plan = try Plan(job)
        let results = Locked([Result<[[[String]]], any Error>](repeating: .success([]), count: shards))
        DispatchQueue.concurrentPerform(iterations: shards) { k in
            var shard = job
            shard.shard = [k, shards]
            let result = Result { try failures(of: shard, plan: plan) }
            results.withLock { $0[k] = result }
        }
        var failed = plan.groups.map { group in [[String]](repeating: [], count: group.subjects.count) }
        for (k, result) in results.withLock({ $0 }).enumerated() {
            let part = try result.get()
            for g in plan.groups.indices where g % shards == k { failed[g] = part[g] }
        }
        return failed
    }

    /// One shard's failures, a child after each crash.
    private static func failures(of job: Job, plan: Plan) throws -> [[[String]]] {
        var failed = plan.groups.map { group in [[String]](repeating: [], count: group.subjects.count) }
        var job = job
        guard let first = plan.first(in: job.shard) else { return failed }
        job.start = first
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolated-evaluation-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        job.output = output.path
        for _ in 0..<maximumChildren {
            let status = try runChild(job)
            let lines = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            var inFlight: [Int]?
            var done = false
            for line in lines.split(separator: "\n") {
                let fields = line.split(separator: " ")
                let indices = fields.dropFirst().compactMap { Int($0) }
                switch fields.first {
                case "B"?: inFlight = indices
                case "F"?: failed[indices[0]][indices[1]].append(plan.groups[indices[0]].vectors[indices[2]])
                case "D"?: done = true
                default: throw IsolatedEvaluationError("unreadable child line \(line.debugDescription)")
                }
            }
            if done { return failed }
            guard let crashed = inFlight, crashed.count == 3 else {
                throw IsolatedEvaluationError("a child exited with status \(status) before its first evaluation")
            }
            failed[crashed[0]][crashed[1]].append(plan.groups[crashed[0]].vectors[crashed[2]])
            guard let next = plan.after(crashed, in: job.shard) else { return failed }
            job.start = next
        }
        throw IsolatedEvaluationError("more than \(maximumChildren) children crashed")
    }

    /// Runs one child: this test binary, filtered to the child entry, with the job in its environment.
    private static func runChild(_ job: Job) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "IsolatedEvaluationTests/child"]
        var environment = ProcessInfo.processInfo.environment
        environment[jobVariable] = String(decoding: try JSONEncoder().encode(job), as: UTF8.self)
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The child's work: from `job.start`, each evaluation announced (`B g s v`) before it runs and its failure
    /// (`F g s v`) after, then `D`; each line written at once, so that a crash loses none.
    static func runAsChild(_ job: Job) throws {
        let plan = try Plan(job)
        guard FileManager.default.createFile(atPath: job.output, contents: nil) else {
            throw IsolatedEvaluationError("the child cannot create \(job.output)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: job.output))
        defer { try? handle.close() }
        func write(_ line: String) throws { try handle.write(contentsOf: Data((line + "\n").utf8)) }
        var position: [Int]? = job.start
        while let at = position {
            let group = plan.groups[at[0]]
            try write("B \(at[0]) \(at[1]) \(at[2])")
            if ConformanceEngine.evaluate(group.vectorValues[at[2]], against: group.subjects[at[1]]).outcome.isProblem {
                try write("F \(at[0]) \(at[1]) \(at[2])")
            }
            position = plan.after(at, in: job.shard)
        }
        try write("D")
    }

    /// A job's groups of subjects and vectors, made the same way in the parent and in the child.
    struct Plan {
        struct Group {
            var subjects: [any ConformanceSubject & Sendable]
            var vectorValues: [any ConformanceVector]
            var vectors: [String]
        }
        var groups: [Group]

        init(_ job: Job) throws {
            let suite = try job.suite == "bundled" ? VectorSuite.bundled()
                : VectorSuite.load(from: URL(fileURLWithPath: job.suite))
            switch job.kind {
            case "round":
                guard let round = CompletenessRound.all.first(where: { $0.number == job.round }) else {
                    throw IsolatedEvaluationError("no round \(job.round.map(String.init) ?? "nil")")
                }
                groups = round.implementations.map { family, type in
                    let vectors = suite.vectors(for: type.profile, families: [family])
                    return Group(subjects: type.subjects.map(\.subject), vectorValues: vectors,
                                 vectors: vectors.map(\.metadata.id))
                }
            case "catalogue":
                groups = Mutant.all.map { mutant in
                    let vectors = suite.vectors(for: mutant.profile, families: [mutant.family])
                    return Group(subjects: [mutant.implementation], vectorValues: vectors,
                                 vectors: vectors.map(\.metadata.id))
                }
            case "trap":
                let vectors = Array(suite.vectors(for: .iosSDK, families: [NonceFamily.family]).prefix(6))
                let trapping = (vectors[job.trapAt ?? 0] as? Vector<NonceFamily>)?.input.nonce
                groups = [Group(subjects: [TrappingNonceChecker(trapOn: nil), TrappingNonceChecker(trapOn: trapping)],
                                vectorValues: vectors, vectors: vectors.map(\.metadata.id))]
            default:
                throw IsolatedEvaluationError("unknown job kind \(job.kind)")
            }
        }

        /// The first evaluation of `shard`, nil when it has none.
        func first(in shard: [Int]) -> [Int]? {
            contains([0, 0, 0], in: shard) ? [0, 0, 0] : after([0, 0, 0], in: shard)
        }

        /// The evaluation of `shard` after `at`, in group, subject, vector order; nil after the last.
        func after(_ at: [Int], in shard: [Int]) -> [Int]? {
            var (g, s, v) = (at[0], at[1], at[2] + 1)
            while g < groups.count {
                if contains([g, s, v], in: shard) { return [g, s, v] }
                if g % shard[1] == shard[0], s < groups[g].subjects.count, v >= groups[g].vectors.count {
                    (s, v) = (s + 1, 0)
                } else {
                    (g, s, v) = (g + 1, 0, 0)
                }
            }
            return nil
        }

        private func contains(_ at: [Int], in shard: [Int]) -> Bool {
            at[0] < groups.count && at[0] % shard[1] == shard[0] && at[1] < groups[at[0]].subjects.count
                && at[2] < groups[at[0]].vectors.count
        }
    }
}

/// A failure of the isolation itself (not of an evaluated implementation).
struct IsolatedEvaluationError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The self-test's subject: the bundled reference's nonce rule, trapping on one nonce.
struct TrappingNonceChecker: NonceValidating, Sendable {
    /// The nonce it traps on, or nil: it never traps.
    let trapOn: String?

    func validateNonce(_ nonce: String) throws -> NonceVerdict {
        if let trapOn, trapOn == nonce {
            preconditionFailure("TrappingNonceChecker traps on \(nonce.debugDescription), as asked")
        }
        return ReferenceImplementation(profile: .iosSDK).validateNonce(nonce)
    }
}
