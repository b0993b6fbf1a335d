import Foundation

/// A JUnit XML document, as CI dashboards read it: suites of test cases,
/// each passed, failed or in error. `rxleaks run` and `rxleaks test` both build one.
package struct JUnitXML: Sendable {
    package var name: String
    package var seconds: Double?
    package var suites: [Suite]

    package init(name: String, seconds: Double? = nil, suites: [Suite]) {
        self.name = name
        self.seconds = seconds
        self.suites = suites
    }

    package struct Suite: Sendable {
        package var name: String
        package var cases: [Case]

        package init(name: String, cases: [Case]) {
            self.name = name
            self.cases = cases
        }
    }

    package struct Case: Sendable {
        package var classname: String
        package var name: String
        package var seconds: Double?
        package var problem: Problem?
        package var output: String?

        package init(
            classname: String, name: String, seconds: Double? = nil, problem: Problem? = nil, output: String? = nil
        ) {
            self.classname = classname
            self.name = name
            self.seconds = seconds
            self.problem = problem
            self.output = output
        }
    }

    /// Why a case did not pass: a `failure` (it ran and its check said no) or an `error` (it could not run as meant).
    package struct Problem: Sendable {
        package enum Kind: String, Sendable {
            case failure, error
        }

        package var kind: Kind
        package var type: String
        package var message: String
        package var details: String

        package init(_ kind: Kind, type: String, message: String, details: String) {
            self.kind = kind
            self.type = type
            self.message = message
            self.details = details
        }
    }

    /// The document, ending with a newline.
    package func render() -> String {
        let cases = suites.flatMap(\.cases)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml +=
            "<testsuites"
            + Self.attributes(
                [("name", name), ("tests", "\(cases.count)")] + Self.counts(cases)
                    + (seconds.map { [("time", Self.time($0))] } ?? [])) + ">\n"
        for suite in suites {
            let time = suite.cases.contains { $0.seconds != nil } ? suite.cases.compactMap(\.seconds).reduce(0, +) : nil
            xml +=
                "  <testsuite"
                + Self.attributes(
                    [("name", suite.name), ("tests", "\(suite.cases.count)")] + Self.counts(suite.cases)
                        + (time.map { [("time", Self.time($0))] } ?? [])) + ">\n"
            for test in suite.cases {
                xml +=
                    "    <testcase"
                    + Self.attributes(
                        [("classname", test.classname), ("name", test.name)]
                            + (test.seconds.map { [("time", Self.time($0))] } ?? [])) + ">\n"
                if let problem = test.problem {
                    let element = problem.kind.rawValue
                    xml +=
                        "      <\(element)" + Self.attributes([("type", problem.type), ("message", problem.message)])
                        + ">\(Self.escape(problem.details))</\(element)>\n"
                }
                if let output = test.output { xml += "      <system-out>\(Self.escape(output))</system-out>\n" }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func counts(_ cases: [Case]) -> [(String, String)] {
        [
            ("failures", "\(cases.filter { $0.problem?.kind == .failure }.count)"),
            ("errors", "\(cases.filter { $0.problem?.kind == .error }.count)"),
        ]
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// Escapes the five XML specials and drops the characters XML 1.0 forbids.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
