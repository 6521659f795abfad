import LoginConformance
import LoginConformanceReference

/// Step 4 of "Adding a family": the reference. The test family's rules (`greeting.exact`, `greeting.empty-refused`)
/// written as code, and ``ReferenceImplementation`` adopting the family's protocol through it, as each family of the
/// toolkit does beside its reference type (`ReferenceNonceValidator.swift`, …).
public struct ReferenceGreeter: Greeting, Sendable {
    /// The reference greeter.
    public init() {}

    /// `Hello, <name>!` with the name exactly as given; the empty name refused.
    public func greet(_ name: String) -> GreetingOutcome {
        name.isEmpty ? .refused(.emptyName) : .greeting("Hello, " + name + "!")
    }
}

extension ReferenceImplementation: Greeting {
    /// The reference greeting (``ReferenceGreeter``): the same in every profile.
    public func greet(_ name: String) -> GreetingOutcome {
        ReferenceGreeter().greet(name)
    }
}
