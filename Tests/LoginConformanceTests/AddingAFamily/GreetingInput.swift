import LoginConformance
import LoginConformanceTestSupport

/// Step 1 of "Adding a family" for the test family `greeting`: the input, exactly the vector's `input` member.
struct GreetingInput: Codable, Sendable, Hashable {
    /// The name to greet.
    let name: String

    /// A closed object: the decoder refuses any other member, and a missing `name`.
    private enum CodingKeys: String, ClosedObjectKeys { case name }
}
