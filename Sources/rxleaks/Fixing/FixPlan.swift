#if Lint
import Foundation
import LeakSuiteRecords
import Leaks
import LeakLint

/// A leak `rxleaks fix` tried or left: the test, the leaked type, and where
/// the fix goes (the lint finding its suspect edge is in, when there is one).
struct FixedLeak: Encodable {
    var test: String
    var type: String
    var file: String?
    var line: Int?
    var rule: String?
    /// Why it is left; nil for a fixed leak.
    var reason: String?
    /// The `swift test --filter` pattern that runs the test alone.
    var filter: String
    /// Whether the test passed in the first run (nil when it has no result).
    var passedBefore: Bool?

    private enum CodingKeys: String, CodingKey {
        case test, type, file, line, rule, reason
    }

    init(_ verdict: SuiteVerdict, type: String) {
        test = verdict.name
        self.type = type
        passedBefore = verdict.passed
        // XCTest's verdicts name `Suite.test`, its filter matches `Module.Suite/test`.
        let name =
            verdict.framework == .xctest
            ? verdict.name.replacingOccurrences(
                of: ".", with: "/", options: .backwards, range: verdict.name.range(of: ".", options: .backwards))
            : verdict.name
        filter = NSRegularExpression.escapedPattern(for: name)
    }

    var place: String {
        guard let file, let line else { return type }
        return "\(type), \(file):\(line)" + (rule.map { " [rxleaks.\($0)]" } ?? "")
    }

    /// The leak, left for `reason`.
    func left(_ reason: String) -> FixedLeak {
        var leak = self
        leak.reason = reason
        return leak
    }
}

/// What `rxleaks fix` will try: one attempt per distinct edit, each made on
/// the file as it was read, and the leaks it cannot try, each with why.
///
/// A leak whose suspect edge is in a lint finding gets that finding's fix;
/// one no rule finds (a delegate, a stored closure, a `Task`, a work item, an
/// observer block) gets the fix of the reference the report names as holding it.
struct FixPlan {
    /// One edit and the leaks it should end.
    struct Attempt {
        /// Relative to the package when it is inside it.
        var file: String
        var path: String
        /// The file's text as the plan read it; `edits` apply to it.
        var original: String
        var edits: [SourceEdit]
        var leaks: [FixedLeak]
    }

    /// An attempt to make, or a leak left with why.
    private enum Planned {
        case attempt(Attempt)
        case left(FixedLeak)
    }

    private(set) var attempts: [Attempt] = []
    private(set) var left: [FixedLeak] = []

    init(_ verdicts: [SuiteVerdict], package: URL) {
        let join = LintJoin(package: package, verdicts: verdicts)
        let sources = Self.sourceFiles(of: package)
        for verdict in verdicts where verdict.verdict == .leaked {
            for leak in verdict.report.leaks where leak.heldBy == nil {
                let fixed = FixedLeak(verdict, type: leak.typeName)
                let marks = join.marks(of: leak)
                let planned =
                    marks.isEmpty
                    ? Self.heldReferenceFix(of: leak, fixed, in: sources)
                    : Self.lintFix(of: marks, fixed, package: package)
                switch planned {
                case .attempt(let attempt): add(attempt)
                case .left(let leftLeak): left.append(leftLeak)
                }
            }
        }
    }

    /// Joins `attempt` to the one with the same edits, if any.
    private mutating func add(_ attempt: Attempt) {
        if let index = attempts.firstIndex(where: { $0.path == attempt.path && $0.edits == attempt.edits }) {
            attempts[index].leaks += attempt.leaks
        } else {
            attempts.append(attempt)
        }
    }

    /// The lint's fix of the findings the leak's suspect edge is in (those in the first one's file).
    private static func lintFix(of marks: [LintJoin.Mark], _ leak: FixedLeak, package: URL) -> Planned {
        var leak = leak
        let mark = marks[0]
        (leak.file, leak.line, leak.rule) = (mark.file, mark.line, mark.rule)
        let path = mark.file.hasPrefix("/") ? mark.file : package.appendingPathComponent(mark.file).path
        guard let original = read(path) else { return .left(leak.left("\(mark.file) cannot be read")) }
        let wanted = marks.filter { $0.file == mark.file }
        let isWanted = { (finding: Finding) in
            wanted.contains { $0.rule == finding.rule && $0.line == finding.line && $0.column == finding.column }
        }
        switch Linter().fix(source: original, path: path, selecting: isWanted) {
        case .failure(let unparsable):
            return .left(leak.left("\(mark.file) does not parse: \(unparsable.message)"))
        case .success(let fix):
            guard fix.fixedFindings.contains(where: isWanted) else {
                let unfixed = fix.unfixed.first { isWanted($0.finding) }
                // Each cause of the leak is a reference to break: the lines past the first are named too.
                let others = marks.dropFirst().map { "\($0.file):\($0.line)" }
                return .left(
                    leak.left(
                        "no rule can fix it: "
                            + (unfixed.map { "\($0.reason); the guide's fix: \($0.finding.fix)" }
                                ?? "the finding is suppressed")
                            + (others.isEmpty ? "" : "; the same at \(others.joined(separator: ", "))")))
            }
            return .attempt(Attempt(file: mark.file, path: path, original: original, edits: fix.edits, leaks: [leak]))
        }
    }

    /// The fix of the reference the report names as holding the leak, in the
    /// file of `sources` (relative path, absolute path) that declares its class.
    private static func heldReferenceFix(
        of leak: Leak, _ fixed: FixedLeak,
        in sources: [(file: String, path: String)]
    ) -> Planned {
        guard let reference = heldReference(of: leak) else {
            return .left(
                fixed.left(
                    "no lint finding in the package's Sources is on the reference that holds it, "
                        + "and it is no delegate, stored closure, task, work item or observer block: see rxleaks test's explanation"
                ))
        }
        for source in sources {
            guard let original = read(source.path),
                let result = HeldReferenceRewrite.edits(for: reference, source: original, path: source.path)
            else { continue }
            var leak = fixed
            leak.file = source.file
            switch result {
            case .failure(let unfixable):
                return .left(leak.left("no fix fits: \(unfixable.reason)"))
            case .success(let edits):
                let offset = edits.map(\.range.lowerBound).min() ?? 0
                leak.line = original.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                return .attempt(
                    Attempt(file: source.file, path: source.path, original: original, edits: edits, leaks: [leak]))
            }
        }
        return .left(
            fixed.left("the class \(reference.type), whose code holds it, is not declared in the package's Sources"))
    }

    /// What holds the leak, read from its report's structured fields: an
    /// observer block (the pattern's id, and the block's site when the suspect
    /// edge has one), a property of the holder (`ChartView ─delegate→`), a
    /// closure written at a known site (`closure given at PlainSwift.swift:170`),
    /// or a closure kept by what a property of the leaked object holds
    /// (`ChangeCounter ─task._task→ Task ─captures→`). Never from a node's display name.
    static func heldReference(of leak: Leak) -> HeldReference? {
        let cause = leak.causes.first
        let leaked = leak.typeName.split(separator: ".").last.map(String.init) ?? leak.typeName
        let site = cause?.reference?.site.flatMap(fileAndLine(of:))
        if (cause?.pattern ?? leak.pattern)?.id == LeakPattern.notificationObserverID {
            return .observerBlock(type: leaked, file: site?.file, line: site?.line)
        }
        guard let reference = cause?.reference else { return nil }
        if reference.from.kind == .object, let name = propertyName(reference.reference) {
            return .property(
                type: reference.from.name.split(separator: ".").last.map(String.init) ?? reference.from.name,
                name: name)
        }
        // A closure written at a known site, the closure of a task made there (one nothing stores), or a block
        // given there to a dispatch queue.
        if [.closure, .task, .dispatchWork].contains(reference.from.kind), let site {
            return .closureAt(type: leaked, file: site.file, line: site.line)
        }
        if let first = (cause?.cycle ?? leak.cycle)?.edges.first, let name = propertyName(first.reference) {
            return .closureKept(type: leaked, property: name)
        }
        return nil
    }

    /// `("PlainSwift.swift", 170)` for the site `PlainSwift.swift:170`.
    private static func fileAndLine(of site: String) -> (file: String, line: Int)? {
        guard let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) else { return nil }
        return (String(site[..<colon]), line)
    }

    /// `task` for `task._task`; nil for a reference that is no property of the code under test's
    /// (`holds`, `captures`, a library's `Do.onNext`).
    private static func propertyName(_ reference: RetainReference) -> String? {
        guard let field = reference.field, field.owner == nil else { return nil }
        return field.name
    }

    /// The package's `.swift` files under `Sources`, sorted: (relative path, absolute path).
    private static func sourceFiles(of package: URL) -> [(file: String, path: String)] {
        let sources = package.appendingPathComponent("Sources")
        guard
            let walk = FileManager.default.enumerator(
                at: sources, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else {
            return []
        }
        let root = package.path.hasSuffix("/") ? package.path : package.path + "/"
        return walk.compactMap { ($0 as? URL)?.standardizedFileURL.path }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { (String($0.hasPrefix(root) ? $0.dropFirst(root.count) : Substring($0)), $0) }
    }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
#endif
