import LoginConformance
import LoginConformanceTestSupport

/// Step 1: the protocol an implementation adopts to be checked against the family.
public protocol Greeting: ConformanceSubject {
    /// `Hello, <name>!`, or a refusal.
    func greet(_ name: String) -> GreetingOutcome
}
