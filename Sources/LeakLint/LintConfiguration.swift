#if Lint
import Foundation

/// The settings `rxleaks lint` reads from `.rxleaks-lint.json`:
///
/// ```json
/// { "paths": ["Sources"], "exclude": ["Sources/Generated"], "disabled": ["share-forever"] }
/// ```
///
/// Every key is optional. Paths are relative to the directory `rxleaks lint` runs in.
package struct LintConfiguration: Sendable, Codable, Equatable {
    /// What to lint when no path is given on the command line (default `Sources`).
    package var paths: [String]
    /// Files and directories to leave out.
    package var exclude: [String]
    /// Pattern ids not to report.
    package var disabled: [String]

    /// The name of the file looked for in the current directory.
    package static let fileName = ".rxleaks-lint.json"

    /// A configuration.
    package init(paths: [String] = ["Sources"], exclude: [String] = [], disabled: [String] = []) {
        self.paths = paths
        self.exclude = exclude
        self.disabled = disabled
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            .filter { CodingKeys(stringValue: $0) == nil }
        guard unknown.isEmpty else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "unknown key \(unknown.sorted().joined(separator: ", "))"))
        }
        paths = try container.decodeIfPresent([String].self, forKey: .paths) ?? ["Sources"]
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
        disabled = try container.decodeIfPresent([String].self, forKey: .disabled) ?? []
        if let unknownRule = disabled.first(where: { Rules.rule(id: $0) == nil }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [CodingKeys.disabled], debugDescription: "unknown pattern id \(unknownRule)"))
        }
    }

    /// Reads the configuration at `path`; the defaults when `path` is nil.
    package static func load(from path: String?) throws(LintError) -> LintConfiguration {
        guard let path else { return LintConfiguration() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .badConfiguration(path: path, reason: "cannot be read")
        }
        do {
            return try JSONDecoder().decode(LintConfiguration.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .badConfiguration(path: path, reason: context.debugDescription)
        } catch {
            throw .badConfiguration(path: path, reason: "\(error)")
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
#endif
