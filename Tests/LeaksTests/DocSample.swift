import Foundation
import XCTest

/// A sample report shown in `docs/`, compared with a real one line by line: each `…` of the sample
/// stands for any text, so a sample may shorten what it does not explain.
enum DocSample {
    /// The lines of the fenced block in `docs/<document>` whose first line starts with `firstLine`,
    /// with the block's indentation removed.
    static func lines(
        in document: String, startingWith firstLine: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent(
            "../../docs/\(document)")
        let text = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let start = try XCTUnwrap(
            text.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(firstLine) },
            "no sample starting with \(firstLine) in docs/\(document)", file: file, line: line)
        let indent = text[start].prefix { $0 == " " }.count
        let end = text[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" } ?? text.endIndex
        return text[start..<end].map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
    }

    /// Asserts that `printed`, from the sample's first line on, reads as `sample`; a sample line
    /// that is `…` alone stands for any number of printed lines.
    static func assert(_ sample: [String], matches printed: String, file: StaticString = #filePath, line: UInt = #line)
    {
        var real = printed.components(separatedBy: "\n")
        let head = sample.first?.components(separatedBy: "…").first ?? ""
        real = Array(
            real.drop { !$0.trimmingCharacters(in: .whitespaces).hasPrefix(head.trimmingCharacters(in: .whitespaces)) })
        let indent = real.first?.prefix { $0 == " " }.count ?? 0
        real = real.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
        var next = 0
        for (index, shown) in sample.enumerated() {
            if shown.trimmingCharacters(in: .whitespaces) == "…" {
                // Skip printed lines up to the one the next sample line matches.
                guard index + 1 < sample.count else { return }
                while next < real.count, !matches(real[next], sample[index + 1]) { next += 1 }
                continue
            }
            guard next < real.count, matches(real[next], shown) else {
                XCTFail(
                    "the sample shows\n\(shown)\nwhere the check prints\n\(next < real.count ? real[next] : "nothing more"):\n\(printed)",
                    file: file, line: line)
                return
            }
            next += 1
        }
        if next < real.count, !real[next].isEmpty, real[next].hasPrefix(" ") {
            XCTFail("the check prints more than the sample shows:\n\(printed)", file: file, line: line)
        }
    }

    /// Whether `real` reads as `shown`, where each `…` of `shown` stands for any text.
    static func matches(_ real: String, _ shown: String) -> Bool {
        let parts = shown.components(separatedBy: "…")
        guard parts.count > 1 else { return real == shown }
        guard real.hasPrefix(parts[0]), real.hasSuffix(parts[parts.count - 1]),
            real.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = real.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
            guard let found = rest.range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
