import LoginConformance
import LoginConformanceReference

/// Step 4 of "Adding a family": the reference. The test family's rules (`greeting.exact`, `greeting.empty-refused`)
/// written as code, and ``ReferenceImplementation`` adopting the family's protocol through it, as each family of the
/// toolkit does beside its reference type (`ReferenceNonceValidator.swift`, …).
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the family's mutant
/// catalogue (step 5) replaces with one realistic bug. The rules are written once, here.
public struct ReferenceGreeter: Greeting, Sendable {
    /// The name as greeted: exactly as given (`greeting.exact`).
    package var greeted: @Sendable (String) -> String = { $0 }
    /// Whether a name is refused as empty: only the empty string (`greeting.empty-refused`).
    package var isEmpty: @Sendable (String) -> Bool = { $0.isEmpty }

    /// The reference greeter.
    public init() {}

    /// `Hello, <name>!` with the name exactly as given; the empty name refused.
    public func greet(_ name: String) -> GreetingOutcome {
        isEmpty(name) ? .refused(.emptyName) : .greeting("Hello, " + greeted(name) + "!")
    }
}

extension ReferenceImplementation: Greeting {
    /// The reference greeting (``ReferenceGreeter``): the same in every profile.
    public func greet(_ name: String) -> GreetingOutcome {
        ReferenceGreeter().greet(name)
    }
}
