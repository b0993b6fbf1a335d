import Foundation
import Leaks

/// `.rxleaks.json` in the package (found by default), or the file `--config`
/// names: leaks that are known and not the package's to fix (a library's),
/// and tests or types to leave out, each with its reason. Schema:
/// docs/rxleaks-config.schema.json.
struct GateConfiguration: Codable, Equatable {
    /// The name looked for in the package's folder.
    static let fileName = ".rxleaks.json"

    var schemaVersion = 1
    /// Leaks a library causes: reported in their own section, never failing.
    var knownLibraryLeaks: [Matcher] = []
    /// Tests and types whose leaks are not judged: listed with the reason.
    var ignore: [Matcher] = []

    init(knownLibraryLeaks: [Matcher] = [], ignore: [Matcher] = []) {
        (self.knownLibraryLeaks, self.ignore) = (knownLibraryLeaks, ignore)
    }

    /// Decodes a file in which either list may be absent.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        knownLibraryLeaks = try container.decodeIfPresent([Matcher].self, forKey: .knownLibraryLeaks) ?? []
        ignore = try container.decodeIfPresent([Matcher].self, forKey: .ignore) ?? []
    }

    /// What an entry matches, and why it is there. Every field given must match.
    struct Matcher: Codable, Equatable {
        /// A signature id, as `rxleaks test` prints it.
        var signature: String?
        /// The leaked type (`left work` for work left behind): a name, or a pattern with `*` (`ActionSubject<*>`).
        var type: String?
        /// The global or static that holds the leak or the work left (``LeakSignature/holder``).
        var holder: Holder?
        /// No longer read: it matched the text of a report, which changes with the wording. The
        /// loader refuses an entry that gives it (``GateConfiguration/load(_:package:)``).
        var edgeContains: String?
        /// The tests it applies to: a name, or a pattern with `*` (`ReactorTests.testStub_*`).
        var test: String?
        /// The platforms it applies on (`linux`, `macos`); all when absent.
        var platforms: [String]?
        /// Applies only when the package's graph holds this package (SwiftPM's identity, `weakmaptable`).
        var package: String?
        /// Why: printed with every leak it matches.
        var reason: String
        /// Where the cause is explained (an issue, a commit).
        var link: String?
        /// At most this many tests: more fail as if the entry were not there.
        var count: Int?

        /// A global or static variable: `ReactorKit`'s `MapTables.disposeBag`.
        struct Holder: Codable, Equatable {
            var module: String
            /// The type whose static it is; absent for a global.
            var type: String?
            var field: String

            func matches(_ variable: GlobalVariable) -> Bool {
                module == variable.module && type == variable.type && field == variable.name
            }
        }

        init(
            signature: String? = nil, type: String? = nil, holder: Holder? = nil, test: String? = nil,
            reason: String, link: String? = nil, count: Int? = nil
        ) {
            (self.signature, self.type, self.holder, self.test) = (signature, type, holder, test)
            (self.reason, self.link, self.count) = (reason, link, count)
        }

        func matches(_ signature: LeakSignature, test name: String) -> Bool {
            if let id = self.signature, id != signature.id { return false }
            if let type, !Self.glob(type, matches: signature.type) { return false }
            if let holder, !(signature.holder.map(holder.matches) ?? false) { return false }
            if let test, !Self.glob(test, matches: name) { return false }
            return matchesSomething
        }

        /// Whether it names what it matches: an entry with none of these would match every leak.
        var matchesSomething: Bool { signature != nil || type != nil || holder != nil || test != nil }

        /// Whether it applies on this platform, to a package whose graph holds `dependencies`.
        func applies(toDependencies dependencies: Set<String>) -> Bool {
            (platforms.map { $0.contains(Self.platform) } ?? true)
                && (package.map { dependencies.contains($0.lowercased()) } ?? true)
        }

        /// This platform, as `platforms` names it.
        static var platform: String {
            #if os(Linux)
            "linux"
            #elseif os(macOS)
            "macos"
            #elseif os(Windows)
            "windows"
            #else
            "other"
            #endif
        }

        /// `*` matches any run of characters; everything else itself.
        static func glob(_ pattern: String, matches name: String) -> Bool {
            let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > 1 else { return pattern == name }
            guard name.hasPrefix(parts[0]), name.dropFirst(parts[0].count).hasSuffix(parts[parts.count - 1]) else {
                return false
            }
            var rest = Substring(name.dropFirst(parts[0].count))
            for part in parts.dropFirst().dropLast() where !part.isEmpty {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return rest.count >= parts[parts.count - 1].count
        }

        /// `reason (link)`.
        var because: String { reason + (link.map { " (\($0))" } ?? "") }
    }

    /// The configuration at `path`, or the package's `.rxleaks.json`, or none.
    static func load(_ path: String?, package: URL) throws(BadInput) -> GateConfiguration {
        let url = path.map { URL(fileURLWithPath: $0) } ?? package.appendingPathComponent(fileName)
        guard path != nil || FileManager.default.fileExists(atPath: url.path) else { return GateConfiguration() }
        return try load(url)
    }

    /// What the messages about a configuration add: where its schema is.
    private static let hint = "its schema is docs/rxleaks-config.schema.json"

    /// The configuration in the file at `url`.
    static func load(_ url: URL) throws(BadInput) -> GateConfiguration {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BadInput("cannot read the configuration \(url.path): \(error.localizedDescription)", hint: hint)
        }
        return try decode(data, from: url.path)
    }

    /// The configuration `data` holds; `source` names it in messages (the file's path).
    static func decode(_ data: Data, from source: String) throws(BadInput) -> GateConfiguration {
        let configuration: GateConfiguration
        do { configuration = try JSONDecoder().decode(GateConfiguration.self, from: data) } catch {
            throw BadInput("the configuration \(source) is not valid: \(error)", hint: hint)
        }
        guard configuration.schemaVersion == 1 else {
            throw BadInput(
                "the configuration \(source) has schema version \(configuration.schemaVersion); this rxleaks reads 1",
                hint: hint)
        }
        for entry in configuration.knownLibraryLeaks + configuration.ignore {
            if entry.edgeContains != nil {
                throw BadInput(
                    "an entry of \(source) gives edgeContains, which is no longer read: it matched the text of a report, which changes with its wording (reason: \(entry.reason))",
                    hint:
                        "match the variable that holds the leak with holder {module, type, field}, or its signature id, as rxleaks test prints them; \(hint)"
                )
            }
            guard entry.matchesSomething else {
                throw BadInput(
                    "an entry of \(source) matches nothing: give signature, type, holder or test (reason: \(entry.reason))",
                    hint: hint)
            }
        }
        return configuration
    }
}
