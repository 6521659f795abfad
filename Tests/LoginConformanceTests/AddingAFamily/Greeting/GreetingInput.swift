import LoginConformance
import LoginConformanceTestSupport

/// Step 1 of "Adding a family" for the test family `greeting`: the input, exactly the vector's `input` member.
public struct GreetingInput: Codable, Sendable, Hashable {
    /// The name to greet.
    public let name: String

    /// An input greeting `name`.
    public init(name: String) { self.name = name }

    /// A closed object: the decoder refuses any other member, and a missing `name`.
    private enum CodingKeys: String, ClosedObjectKeys { case name }
}
