import LoginConformance
import LoginConformanceTestSupport

/// Step 5 of "Adding a family": the model its mutants are made from, the family's rules written as mutation sites.
/// Unmutated it conforms in every profile (``MutationTests`` checks that once the family is registered).
struct GreetingModel: Greeting, Sendable {
    /// The name as greeted. Conformant: exactly as given (`greeting.exact`).
    var greeted: @Sendable (String) -> String = { $0 }
    /// Whether a name is refused as empty. Conformant: only the empty string (`greeting.empty-refused`).
    var isEmpty: @Sendable (String) -> Bool = { $0.isEmpty }

    func greet(_ name: String) -> GreetingOutcome {
        isEmpty(name) ? .refused(.emptyName) : .greeting("Hello, " + greeted(name) + "!")
    }
}
