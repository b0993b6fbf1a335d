#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scenarios

/// The scenarios and variants a command works on, resolved from the ids and
/// glob patterns given on the command line.
struct Selection {
    /// Each selected variant with its scenario, in catalogue order.
    let pairs: [(Scenario, Variant)]

    /// The selected scenarios, in catalogue order.
    var scenarios: [Scenario] {
        var seen = Set<String>()
        return pairs.map(\.0).filter { seen.insert($0.id).inserted }
    }

    /// Resolves `patterns` (ids, `guide000-…` qualified ids, or glob patterns
    /// over either; every scenario when empty) and `filter` against `catalogue`.
    static func resolve(_ patterns: [String], variants filter: VariantFilter, in catalogue: [Scenario] = Catalogue.all)
        throws(BadInput) -> Selection
    {
        var chosen = Set<String>()
        for pattern in patterns {
            let matches = catalogue.filter { $0.matches(pattern) }
            guard !matches.isEmpty else { throw unknown(pattern, in: catalogue) }
            chosen.formUnion(matches.map(\.id))
        }
        let scenarios = patterns.isEmpty ? catalogue : catalogue.filter { chosen.contains($0.id) }
        let pairs = scenarios.flatMap { scenario in
            scenario.variants.filter(filter.accepts).map { (scenario, $0) }
        }
        if pairs.isEmpty, !scenarios.isEmpty {
            throw noVariant(filter, in: scenarios)
        }
        return Selection(pairs: pairs)
    }

    private static func unknown(_ pattern: String, in catalogue: [Scenario]) -> BadInput {
        if pattern.contains(where: { "*?[".contains($0) }) {
            return BadInput(
                "no scenario matches '\(pattern)'",
                hint:
                    "`rxleaks list` shows every id; patterns match ids and guide-qualified ids such as guide000-closure-strong-self"
            )
        }
        let candidates = catalogue.map(\.id) + catalogue.compactMap(\.qualifiedID)
        let commands = RxLeaksCommand.configuration.subcommands
            .filter { $0.configuration.shouldDisplay }
            .compactMap { $0.configuration.commandName }
        let suggestions = Suggestions.closest(to: pattern, among: candidates)
        let command = Suggestions.closest(to: pattern, among: commands, limit: 1).first
        var hint = suggestions.isEmpty ? "" : "did you mean \(suggestions.joined(separator: ", "))?\n"
        if let command {
            hint += (suggestions.isEmpty ? "did you mean" : "or") + " the subcommand `rxleaks \(command)`?\n"
        }
        hint += "`rxleaks list` shows every id"
        return BadInput("unknown scenario id '\(pattern)'", hint: hint)
    }

    private static func noVariant(_ filter: VariantFilter, in scenarios: [Scenario]) -> BadInput {
        let names = Array(Set(scenarios.flatMap { $0.variants.map(\.name) })).sorted()
        switch filter {
        case .named(let name):
            let suggestions = Suggestions.closest(to: name, among: names)
            return BadInput(
                "no selected scenario has a variant named '\(name)'",
                hint: (suggestions.isEmpty ? "" : "did you mean \(suggestions.joined(separator: ", "))?\n")
                    + "variants: \(names.joined(separator: ", ")); roles: leaking, fixed, control; or clean, all")
        case .role(let role):
            return BadInput(
                "no selected scenario has a \(role.rawValue) variant",
                hint: "variants: \(names.joined(separator: ", "))")
        case .clean:
            return BadInput(
                "no selected scenario has a variant expected to come out clean",
                hint: "variants: \(names.joined(separator: ", "))")
        case .all:
            return BadInput("the selected scenarios have no variants")
        }
    }
}

extension Scenario {
    /// The id qualified by the number of its guide document,
    /// `guide000-closure-strong-self`, so that patterns such as `guide000-*`
    /// select a document's scenarios; the plain id when the document has no number.
    var qualifiedID: String {
        let number = guide.file.prefix(3)
        return number.count == 3 && number.allSatisfy(\.isNumber) ? "guide\(number)-\(id)" : id
    }

    /// Whether `pattern` (an id, a qualified id, or a glob over either) names this scenario.
    func matches(_ pattern: String) -> Bool {
        let names: [String] = [id, qualifiedID]
        return names.contains { (name: String) in fnmatch(pattern, name, 0) == 0 }
    }
}

/// Input the user can fix: printed as an error with a hint, exit status 64.
struct BadInput: Error {
    let message: String
    let hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}

/// The closest strings to a mistyped one, by edit distance.
enum Suggestions {
    /// Up to `limit` candidates within a small edit distance of `word` (or
    /// containing it), closest first.
    static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let threshold = max(2, word.count / 3)
        let scored = Set(candidates).compactMap { candidate -> (String, Int)? in
            let distance = editDistance(word, candidate)
            if distance <= threshold { return (candidate, distance) }
            if word.count >= 4, candidate.contains(word) { return (candidate, threshold + 1) }
            return nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Edit distance over characters, a swap of two neighbours counting as one
    /// edit (optimal string alignment): `lsit` is one edit from `list`, two from `lint`.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = Array(0...b.count)
        var previous = beforePrevious
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
