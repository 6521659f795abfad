import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// ``IsolatedEvaluation``: an implementation that traps fails the vector in flight, and every other evaluation
/// still runs, each in a child process of this test binary.
@Suite struct IsolatedEvaluationTests {
    @Test("a subject that traps fails the vector in flight; its other vectors and the other subjects still run")
    func trapIsAFailureOfTheVectorInFlight() throws {
        let job = IsolatedEvaluation.Job(kind: "trap", round: nil, suite: "bundled", trapAt: 2)
        let plan = try IsolatedEvaluation.Plan(job)
        let ids = plan.groups[0].vectors
        let failures = try IsolatedEvaluation.failures(of: job)
        #expect(failures.count == 1 && failures[0].count == 2)
        #expect(failures[0][0].isEmpty, "the reference fails \(failures[0][0])")
        #expect(failures[0][1] == [ids[2]], "the trapping subject fails \(failures[0][1]), not just \(ids[2])")
    }

    /// The child's entry point: in a child (``IsolatedEvaluation/jobVariable`` set) it runs the job; in a test run it
    /// checks that a job survives its text form, which is how it reaches a child.
    @Test("the child entry: runs the job it is given; a job reaches it whole")
    func child() throws {
        if let text = ProcessInfo.processInfo.environment[IsolatedEvaluation.jobVariable] {
            try IsolatedEvaluation.runAsChild(JSONDecoder().decode(IsolatedEvaluation.Job.self, from: Data(text.utf8)))
            return
        }
        let job = IsolatedEvaluation.Job(kind: "round", round: 3, suite: "/tmp/Vectors", trapAt: nil, start: [1, 2, 3],
                                         output: "/tmp/out")
        #expect(try JSONDecoder().decode(IsolatedEvaluation.Job.self, from: JSONEncoder().encode(job)) == job)
    }
}
