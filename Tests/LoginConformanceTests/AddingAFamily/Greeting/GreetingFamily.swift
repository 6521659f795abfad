import LoginConformance
import LoginConformanceTestSupport

/// Step 1: the family's definition, tying its name, protocol, input and outcome together.
public enum GreetingFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "greeting", protocolName: "Greeting")

    /// Greets the input's name with `implementation`, if it adopts ``Greeting``.
    public static func run(_ input: GreetingInput, on implementation: any ConformanceSubject) throws -> GreetingOutcome? {
        (implementation as? any Greeting)?.greet(input.name)
    }

    /// The outcome in a few words, for failure messages.
    public static func label(of outcome: GreetingOutcome) -> String {
        switch outcome {
        case .greeting: "greeting"
        case .refused(let reason): "refused(\(reason.rawValue))"
        }
    }

    /// The refusal's reason, if any.
    public static func declaredReason(of outcome: GreetingOutcome) -> String? {
        if case .refused(let reason) = outcome { reason.rawValue } else { nil }
    }
}

extension ConformanceFamily {
    /// The test family, as a toolkit family declares its member.
    public static let greeting = GreetingFamily.family
}

/// Step 2: the registration (for a family of the toolkit: one line in `FamilyRegistry.standard`).
let greetingRegistry = FamilyRegistry.standard.adding(GreetingFamily.self)
