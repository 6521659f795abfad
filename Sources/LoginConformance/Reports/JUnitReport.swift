import Foundation

/// JUnit XML with one `testcase` per vector and one `testsuite` per family, for CI systems that show test results.
///
/// Swift Testing's own xUnit output has one test case per test function, which says nothing about vectors. Here a
/// blocking result is a `failure` (an `error` for errors, crashes and hangs); a known failure, a non-blocking new
/// vector, changed vector or newly passing vector and a skip are `skipped`, with the reason; blocking stale baseline
/// entries are `error` test cases in a `baseline` suite (non-blocking ones, retired after the baseline, `skipped`);
/// the run's incidents (an interrupt, an adapter that exited unasked) are `error` test cases in a `run` suite.
/// A lenient pass is a pass with a `system-out` line saying which accepted outcome it gave.
extension ReportFormat {
    /// JUnit XML, one test case per vector.
    public static let junit = ReportFormat(
        name: "junit", fileName: "junit.xml", summary: "write JUnit XML, one test case per vector",
        render: { JUnitReport.render($0, rerun: $1) })
}

public enum JUnitReport {
    /// The report as XML text; `rerun` gives the one-line command that reruns a vector.
    public static func render(_ report: GateReport, rerun: (String) -> String) -> String {
        let stale = report.staleEntries.map { entry in
            Case(classname: "baseline", name: entry.id, time: 0,
                 element: entry.blocks
                    ? .error(type: "stale-baseline-entry", message: entry.explanation, body: nil)
                    : .skipped(message: "retired since the baseline: \(entry.explanation)"))
        }
        var suites = Dictionary(grouping: report.entries, by: \.result.family)
            .sorted { $0.key < $1.key }
            .map { family, entries in (name: family.rawValue, cases: entries.map { testCase($0, rerun: rerun) }) }
        if !stale.isEmpty { suites.append((name: "baseline", cases: stale)) }
        // What happened to the run as a whole (an interrupt, an adapter that exited unasked): an error each, so a
        // CI system that shows only test cases still shows that the results are not the whole answer.
        let incidents = report.run.incidents.map { incident in
            Case(classname: "run", name: incident.kind.rawValue, time: 0,
                 element: .error(type: incident.kind.rawValue,
                                 message: incident.message + (incident.notRun > 0 ? " (\(incident.notRun) selected vectors not run)" : ""),
                                 body: nil))
        }
        if !incidents.isEmpty { suites.append((name: "run", cases: incidents)) }

        let all = suites.flatMap(\.cases)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let title = "LoginConformance \(report.run.suiteVersion) (\(report.run.profile.rawValue)) · \(report.implementation.name)"
        xml += "<testsuites name=\(attribute(title))\(counts(all))>\n"
        for suite in suites {
            let time = suite.cases.reduce(0) { $0 + $1.time }
            xml += "  <testsuite name=\(attribute(suite.name))\(counts(suite.cases)) time=\"\(format(time))\">\n"
            for testCase in suite.cases {
                xml += testCase.xml
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// What a test case contains.
    enum Element {
        case passed
        case passedWithNote(String)
        case skipped(message: String)
        case failure(type: String, message: String, body: String?)
        case error(type: String, message: String, body: String?)
    }

    struct Case {
        let classname: String
        let name: String
        let time: Double
        let element: Element

        var xml: String {
            let open = "    <testcase classname=\(attribute(classname)) name=\(attribute(name)) time=\"\(format(time))\""
            switch element {
            case .passed:
                return open + "/>\n"
            case .passedWithNote(let note):
                return open + ">\n      <system-out>\(text(note))</system-out>\n    </testcase>\n"
            case .skipped(let message):
                return open + ">\n      <skipped message=\(attribute(message))/>\n    </testcase>\n"
            case .failure(let type, let message, let body), .error(let type, let message, let body):
                let tag = if case .failure = element { "failure" } else { "error" }
                let content = body.map { ">\(text($0))</\(tag)>" } ?? "/>"
                return open + ">\n      <\(tag) type=\(attribute(type)) message=\(attribute(message))\(content)\n    </testcase>\n"
            }
        }
    }

    /// The one place that decides how a classified result appears in JUnit.
    static func testCase(_ entry: GateReport.Entry, rerun: (String) -> String) -> Case {
        let result = entry.result
        let kind = result.outcome.failureKind?.rawValue ?? result.outcome.kind
        let detail = FailureMessage.text(for: result, vector: nil, rerunCommand: rerun(result.id))
        let element: Element
        switch entry.classification {
        case .pass:
            if case .lenient(let leniency) = result.outcome {
                element = .passedWithNote("lenient: \(leniency.summary)")
            } else {
                element = .passed
            }
        case .skipped:
            element = .skipped(message: detail)
        case .knownFailure:
            element = .skipped(message: "known failure (\(kind)): \(entry.known?.reason ?? "in the baseline")")
        case .changedVector where !entry.blocks:
            let change = entry.change.map { "changed in suite \($0.version): \($0.reason)" } ?? "changed since the baseline"
            element = .skipped(message: "expectation \(change); failing (\(kind)), not blocking: \(detail)")
        case .newVector where !entry.blocks:
            element = .skipped(message: "new vector since the baseline, failing (\(kind)), not blocking: \(detail)")
        case .newlyPassing where !entry.blocks:
            element = .skipped(message: "newly passing: remove it from the baseline")
        case .newlyPassing:
            element = .failure(type: "newly-passing",
                               message: "newly passing: remove it from the baseline (login-conformance baseline update)",
                               body: nil)
        case .regression, .newVector, .changedVector:
            let was = entry.known.map { " (baseline: \($0.kind.rawValue))" } ?? ""
            let message = "\(entry.classification.rawValue)\(was): \(result.outcome.summary)"
            element = result.outcome.kind == "fail"
                ? .failure(type: kind, message: message, body: detail)
                : .error(type: kind, message: message, body: detail)
        }
        return Case(classname: result.family.rawValue, name: result.id, time: result.durationSeconds, element: element)
    }

    private static func counts(_ cases: [Case]) -> String {
        var failures = 0, errors = 0, skipped = 0
        for testCase in cases {
            switch testCase.element {
            case .passed, .passedWithNote: break
            case .skipped: skipped += 1
            case .failure: failures += 1
            case .error: errors += 1
            }
        }
        return " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.6f", seconds)
    }

    /// An attribute value in double quotes.
    static func attribute(_ value: String) -> String {
        "\"" + text(value).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\n", with: "&#10;") + "\""
    }

    /// Character data: markup escaped, and characters XML 1.0 cannot carry even escaped shown as `\uXXXX`.
    static func text(_ value: String) -> String {
        let visible = FailureMessage.visible(value)
        if !visible.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
            && FailureMessage.isPrintableASCII(visible) {
            return visible  // nothing to escape, checked byte by byte
        }
        var out = ""
        for scalar in visible.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
