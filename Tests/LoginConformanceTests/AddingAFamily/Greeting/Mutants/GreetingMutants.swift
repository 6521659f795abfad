import Foundation
import LoginConformance
import LoginConformanceMutants
import LoginConformanceReference
import LoginConformanceTestSupport

extension GreetingFamily: MutatedFamily { package typealias Mutants = GreetingMutants }

/// Step 5 of "Adding a family": the family's mutant catalogue, the bugs a greeter is likely to have, each the reference
/// (step 4) with one mutation site replaced. The family names it (``MutatedFamily``, above), so the mutation tests find
/// it through the registry.
package enum GreetingMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { ReferenceGreeter() }

    package static let all: [Mutant] = [
        mutant("greeting.trims", "trims the whitespace around a name (greeting.exact: exactly as given)") {
            $0.greeted = { $0.trimmingCharacters(in: .whitespaces) }
        },
        mutant("greeting.composes", "composes the name to NFC (greeting.exact: code point for code point)") {
            $0.greeted = { $0.precomposedStringWithCanonicalMapping }
        },
        mutant("greeting.capitalises", "capitalises the name (greeting.exact: never case-mapped)") {
            $0.greeted = { $0.capitalized }
        },
        mutant("greeting.blank-is-empty", "refuses a name of whitespace only as empty (greeting.empty-refused)") {
            $0.isEmpty = { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        },
    ]

    /// The reference with one bug; the family's rules are the same in every profile, so it claims documented.
    private static func mutant(_ name: String, _ description: String, _ bug: (inout ReferenceGreeter) -> Void) -> Mutant {
        var greeter = ReferenceGreeter()
        bug(&greeter)
        return Mutant(name: name, description: description, family: .greeting, profile: .documented, implementation: greeter)
    }
}
