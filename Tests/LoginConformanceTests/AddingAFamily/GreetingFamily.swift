import LoginConformance
import LoginConformanceTestSupport

/// Step 1: the family's definition, tying its name, protocol, input and outcome together.
enum GreetingFamily: VectorFamily {
    static let family = ConformanceFamily(name: "greeting", protocolName: "Greeting")

    static func run(_ input: GreetingInput, on implementation: any ConformanceSubject) throws -> GreetingOutcome? {
        (implementation as? any Greeting)?.greet(input.name)
    }

    static func label(of outcome: GreetingOutcome) -> String {
        switch outcome {
        case .greeting: "greeting"
        case .refused(let reason): "refused(\(reason.rawValue))"
        }
    }

    static func declaredReason(of outcome: GreetingOutcome) -> String? {
        if case .refused(let reason) = outcome { reason.rawValue } else { nil }
    }
}

extension ConformanceFamily {
    /// The test family (in the toolkit's own families, this member is public and documented).
    static let greeting = GreetingFamily.family
}

/// Step 2: the registration (for a family of the toolkit: one line in `FamilyRegistry.standard`).
let greetingRegistry = FamilyRegistry.standard.adding(GreetingFamily.self)
