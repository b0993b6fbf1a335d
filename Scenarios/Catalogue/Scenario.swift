import Leaks

/// One leak case of the guide, reproduced as a small module that runs for
/// real, in a leaking and a fixed variant (and controls where needed).
package struct Scenario: Sendable, Identifiable {
    /// A stable identifier, such as `"method-reference-implicit-self"`.
    package let id: String
    /// A one-line title.
    package let title: String
    /// The guide passage the scenario reproduces.
    package let guide: GuideReference
    /// Why the leaking variant leaks, in a few sentences.
    package let explanation: String
    /// How the fixed variant fixes it, in a line or two.
    package let fix: String
    /// The variants, leaking first.
    package let variants: [Variant]

    /// Creates a scenario.
    package init(
        id: String, title: String, guide: GuideReference, explanation: String, fix: String, variants: [Variant]
    ) {
        self.id = id
        self.title = title
        self.guide = guide
        self.explanation = explanation
        self.fix = fix
        self.variants = variants
    }

    /// The variant called `name`, if any.
    package func variant(named name: String) -> Variant? {
        variants.first { $0.name == name }
    }
}

/// Where in the guide a scenario comes from.
package struct GuideReference: Sendable, Hashable, CustomStringConvertible {
    /// The guide document's file name, such as `"000_96c7dbaa37a9d1af.txt"`.
    package let file: String
    /// The section heading the case is under.
    package let section: String
    /// A short quotation or paraphrase of the passage, for the CLI's `explain`.
    package let passage: String

    /// Creates a reference.
    package init(file: String, section: String, passage: String) {
        self.file = file
        self.section = section
        self.passage = passage
    }

    /// `guide 000, "Capture lists"`.
    package var description: String { "guide \(file.prefix(3)), \"\(section)\"" }
}

/// One way of writing a scenario's code, with the outcome it must have.
package struct Variant: Sendable {
    /// What the variant is for.
    package enum Role: String, Sendable, Codable, CaseIterable {
        /// The code as the guide warns against: it leaks (or crashes, or loops).
        case leaking
        /// The code with the guide's fix applied.
        case fixed
        /// A variant that must come out clean, guarding against false positives.
        case control
    }

    /// The variant's name, such as `"leaking"`, `"fixed"` or `"completing-source"`.
    package let name: String
    /// What it is for.
    package let role: Role
    /// The outcome it must have.
    package let expectation: Expectation
    /// How pending work is settled before judging.
    package let settle: SettlePolicy
    /// Runs one repetition of the scenario's code inside a leak check; it
    /// tracks the objects whose lifetime matters with `scope.track`.
    package let body: @Sendable (LeakScope) throws -> Void
    /// Builds, before the leak check starts, the part of the app that outlives
    /// the code under test (a screen that stays on display while a child
    /// module opens and closes, a list the user scrolls); nil for variants
    /// whose body builds and tears down everything itself.
    package let host: (@Sendable () -> AnyObject)?

    /// Creates a variant whose body builds and tears down everything it uses.
    package init(
        _ name: String, role: Role, expect expectation: Expectation,
        settle: SettlePolicy = .drain,
        body: @escaping @Sendable (LeakScope) throws -> Void
    ) {
        self.name = name
        self.role = role
        self.expectation = expectation
        self.settle = settle
        self.body = body
        self.host = nil
    }

    /// Creates a variant that runs against a host built before the leak check
    /// and released after the verdict: what the host made before the check
    /// is not judged, and subscriptions and resources are judged by how much
    /// their live counts grew during the check (the host's own bindings may
    /// be replaced while it runs, as a list's cells are when it scrolls).
    ///
    /// ``ScenarioRunner`` builds the host outside the check; a caller that
    /// runs ``body`` directly gets a host built inside it.
    package init<Host: AnyObject>(
        _ name: String, role: Role, expect expectation: Expectation,
        settle: SettlePolicy = .drain,
        host makeHost: @escaping @Sendable () -> Host,
        body: @escaping @Sendable (LeakScope, Host) throws -> Void
    ) {
        self.name = name
        self.role = role
        self.expectation = expectation
        self.settle = settle
        self.host = makeHost
        self.body = { scope in
            try body(scope, VariantHost.current?.object as? Host ?? makeHost())
        }
    }
}

/// The host of the variant the runner is running, for the variant's body.
enum VariantHost {
    /// A host handed across the leak check's task-local boundary.
    struct Box: @unchecked Sendable {
        let object: AnyObject
    }

    @TaskLocal static var current: Box?
}

/// The outcome a variant must have.
package enum Expectation: Sendable, Equatable, CustomStringConvertible {
    /// Nothing leaks, nothing stays subscribed, resources back to baseline.
    case clean
    /// These types leak with this verdict; `pattern` is the guide pattern's id
    /// the cycle must be classified as (nil when no cycle is expected).
    case leak(LeakKind, types: [String], pattern: String?)
    /// No object leaks, but each repetition leaves this many more live subscriptions.
    case subscriptionGrowth(perRepetition: Int)
    /// The process crashes (run in a child process), for this reason.
    case crash(reason: String)
    /// Delivery re-enters itself without end (stopped by the simulated UI's
    /// guard, or by RxCore's bound on re-entrant delivery into a subject).
    case runawayReentrancy
    /// The body throws (the fault fixtures' expectation).
    case threw
    /// Pending work is still pending when settling gives up (the fault fixtures' expectation).
    case unsettled

    package var description: String {
        switch self {
        case .clean: "clean"
        case .leak(let kind, let types, let pattern): Self.leakDescription(kind, types, pattern)
        case .subscriptionGrowth(let count): Self.growthDescription(count)
        case .crash(let reason): "crash (\(reason))"
        case .runawayReentrancy: "runaway re-entrancy"
        case .threw: "threw"
        case .unsettled: "did not settle"
        }
    }

    /// A leak in words, as an expectation or an observation says it.
    static func leakDescription(_ kind: LeakKind, _ types: [String], _ pattern: String?) -> String {
        "leak (\(kind.rawValue): \(types.joined(separator: ", "))\(pattern.map { "; pattern \($0)" } ?? ""))"
    }

    /// Subscription growth in words, as an expectation or an observation says it.
    static func growthDescription(_ perRepetition: Int) -> String {
        "subscription growth (+\(perRepetition) per repetition)"
    }
}
