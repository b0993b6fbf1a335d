#if Lint
import Foundation
import LeakLint
import SwiftParser
import SwiftSyntax
import XCTest

/// Lint over the scenario catalogue's own sources: every leaking variant's
/// leak site flagged with its pattern (recall), and nothing flagged that is
/// not a leak site (precision).
///
/// The catalogue's variants are read from `Scenarios/` by syntax (each
/// `Variant("name", role: …)` inside a `Scenario(id: …)`), so a variant added
/// there without a line here fails the test. A leak site is a scope in a
/// file, as ``Finding/scope`` names it: the code only that leaking variant
/// runs, or code it shares with variants that differ from it at run time only
/// (a control whose sequence completes, or whose output is never read).
final class ScenarioCatalogueTests: XCTestCase {
    /// Where a leaking variant leaks, and the pattern lint must name there.
    struct Site {
        let variant: String
        let pattern: String
        let file: String
        let scope: String
    }

    static let sites: [Site] = [
        // Guide 000
        Site(
            variant: "closure-strong-self/leaking", pattern: "closure-strong-self",
            file: "ClosureStrongSelf.swift", scope: "ProfilePresenter.loadAvatar() case .strongSelfOnProfileChanges"),
        Site(
            variant: "method-reference-implicit-self/leaking", pattern: "method-reference-implicit-self",
            file: "MethodReferenceImplicitSelf.swift",
            scope: "DashboardPresenter.configure() case .instanceMethodOnModelUpdates"),
        Site(
            variant: "capture-list-missing-modifier/leaking", pattern: "capture-list-missing-modifier",
            file: "CaptureListMissingModifier.swift", scope: "OrdersPresenter.handle(openDetails:) case .strongView"),
        Site(
            variant: "unowned-outlives-owner/leaking", pattern: "unowned-outlives-owner",
            file: "UnownedOutlivesOwner.swift",
            scope: "PhotoUploadPresenter.startUpload() case .unownedSelfOutlivingTheScreen"),
        // Both leaking variants hand the shop's bag to the details; they differ in the details' capture only.
        Site(
            variant: "shared-dispose-bag/leaking", pattern: "dispose-bag-sent-to-another-object",
            file: "SharedDisposeBag.swift", scope: "ShopPresenter.handle(openProduct:cartChanges:) case .shopsBag"),
        Site(
            variant: "shared-dispose-bag/unowned-capture", pattern: "dispose-bag-sent-to-another-object",
            file: "SharedDisposeBag.swift", scope: "ShopPresenter.handle(openProduct:cartChanges:) case .shopsBag"),
        // The helper that captures the bag is shared with the control, whose request completes.
        Site(
            variant: "dispose-bag-captured/leaking", pattern: "dispose-bag-captured",
            file: "DisposeBagCaptured.swift", scope: "FeedPresenter.handle(newPosts:interactor:disposeBag:)"),
        Site(
            variant: "cell-reuse-without-new-bag/leaking", pattern: "cell-reuse-without-new-bag",
            file: "CellReuseWithoutNewBag.swift", scope: "StaleBagProductCell.prepareForReuse()"),
        Site(
            variant: "item-owns-dispose-bag/leaking", pattern: "dispose-bag-sent-to-another-object",
            file: "ItemOwnsDisposeBag.swift", scope: "BagOwningItemCell.configure(with:)"),
        Site(
            variant: "stored-subject-in-child/leaking", pattern: "stored-subject-in-child",
            file: "StoredSubjectInChild.swift", scope: "AddressPickerPresenter.init case .storedRelay"),
        // The stored relay is subscribed with a method of the child: the second half of the same cycle.
        Site(
            variant: "stored-subject-in-child/leaking", pattern: "method-reference-implicit-self",
            file: "StoredSubjectInChild.swift", scope: "AddressPickerPresenter.configure(with:)"),
        Site(
            variant: "bidirectional-relay-binder/leaking", pattern: "closure-strong-self",
            file: "BidirectionalRelayBinder.swift",
            scope: "NotificationSettingsViewController.viewDidLoad() case .binderRetainingSelf"),
        // Guide 001: the fixed controller inherits viewWillAppear and adds the reset in viewWillDisappear.
        Site(
            variant: "appear-bindings-without-reset/leaking", pattern: "appear-bindings-without-reset",
            file: "Guide001.swift", scope: "Guide001.ProfileViewController.viewWillAppear(_:)"),
        Site(
            variant: "viewmodel-init-bindings/leaking", pattern: "closure-strong-self",
            file: "ViewModelInitBindings.swift",
            scope: "Guide001.ViewModelInitBindings.SubscribingProfileViewModel.init"),
        // Guide 002: the output-never-read control runs the leaking view model without reading its output.
        Site(
            variant: "bindable-view-controller/leaking", pattern: "method-reference-implicit-self",
            file: "BindableViewController.swift",
            scope: "Guide002.BindableViewController.MethodReferenceProfileViewController.bind(to:)"),
        Site(
            variant: "connectable-lazy-output/leaking", pattern: "method-reference-implicit-self",
            file: "ConnectableLazyOutput.swift",
            scope: "Guide002.ConnectableLazyOutput.Leaking.SearchViewModel.transform(input:)"),
        // Guide 003: the request-answered and just-completes controls run the leaking class on a completing source.
        Site(
            variant: "reactor-mutate-self/leaking", pattern: "closure-strong-self",
            file: "ReactorMutateSelf.swift",
            scope: "Guide003.ReactorMutateSelf.DeferredIdentifierReactor.mutate(action:) case .addButtonTapped"),
        Site(
            variant: "unowned-subscribe-vs-binder/leaking", pattern: "closure-strong-self",
            file: "UnownedSubscribeVsBinder.swift",
            scope: "Guide003.UnownedSubscribeVsBinder.StrongSelfBrowserViewController.bindRequests()"),
        // Guide 004: the strong-captures-displayed control runs the same coordinator as strong-captures-presentable-bag.
        Site(
            variant: "coordinator-nested-subscriptions/leaking", pattern: "capture-list-missing-modifier",
            file: "CoordinatorNestedSubscriptions.swift",
            scope: "Guide004.CoordinatorNestedSubscriptions.StrongCapturesCoordinator.listen(to:)"),
        Site(
            variant: "coordinator-nested-subscriptions/strong-captures-presentable-bag",
            pattern: "capture-list-missing-modifier",
            file: "CoordinatorNestedSubscriptions.swift",
            scope: "Guide004.CoordinatorNestedSubscriptions.StrongCapturesPresentableBagCoordinator.listen(to:)"),
        Site(
            variant: "pausable-steps/leaking", pattern: "nested-subscribe",
            file: "PausableSteps.swift", scope: "Guide004.PausableSteps.CoordinatorBagStepsCoordinator.listen(to:)"),
        // Beyond the guide
        Site(
            variant: "ignored-disposable/leaking", pattern: "ignored-disposable",
            file: "IgnoredDisposable.swift", scope: "BeyondTheGuide.IgnoredDisposable.ForgetfulInboxViewModel.init"),
        Site(
            variant: "nested-subscribe-growth/leaking", pattern: "nested-subscribe",
            file: "NestedSubscribeGrowth.swift",
            scope: "BeyondTheGuide.NestedSubscribeGrowth.NestingChatsViewModel.init"),
        Site(
            variant: "share-forever-retains-element/leaking", pattern: "share-forever",
            file: "ShareForeverRetainsElement.swift",
            scope: "BeyondTheGuide.ShareForeverRetainsElement.Leaking.AvatarRepository.init"),
        Site(
            variant: "singleton-service-bag/leaking", pattern: "dispose-bag-sent-to-another-object",
            file: "SingletonServiceBag.swift", scope: "BeyondTheGuide.SingletonServiceBag.ServiceBagBadgeViewModel.init"
        ),
        Site(
            variant: "singleton-service-bag/leaking", pattern: "closure-strong-self",
            file: "SingletonServiceBag.swift", scope: "BeyondTheGuide.SingletonServiceBag.ServiceBagBadgeViewModel.init"
        ),
        Site(
            variant: "singleton-service-bag/weak-self", pattern: "dispose-bag-sent-to-another-object",
            file: "SingletonServiceBag.swift",
            scope: "BeyondTheGuide.SingletonServiceBag.WeakSelfServiceBagBadgeViewModel.init"),
        // The fault fixtures: the one that leaks does so with a closure over self.
        Site(
            variant: "fault-throws/throws-after-leaking", pattern: "closure-strong-self",
            file: "FaultFixtures.swift", scope: "FaultFixtures.FaultyScreen.bind()"),
    ]

    /// Leaking variants no syntactic rule can see, and why.
    static let outOfReach: [String: String] = [
        "subject-retains-element/leaking":
            "the relay's element is an object of the picker or a value depending on a run-time choice; the syntax is the same",
        "switch-feedback-loop/leaking":
            "re-entrant delivery (setOn(_:animated:) emitting into the binding that set it) is an ordering question, not a retention one",
        "stepper-global-subject-table/leaking":
            "a global dictionary keyed by ObjectIdentifier is plain Swift, outside the Rx calls the rules read",
        "single-value-never-resumes/leaking":
            "whether the single ever emits is decided by the callback API's paths at run time; the await reads the same",
        "values-loop-keeps-owner/leaking":
            "a strong self in a task's loop is no Rx call the rules read: rxleaks test names the task and rxleaks fix mends it",
        "fault-unsettled/pending-timer": "a fixture for settling: a one-shot timer that completes, not a leak",
        "fault-flood/reentrant-subject": "a fixture for runaway re-entrancy, not a leak",
    ]

    private static let scenariosDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    func testEveryLeakSiteIsFlaggedAndNothingElse() throws {
        let variants = try Self.catalogueVariants()
        let result = try Linter().lint(paths: [Self.scenariosDirectory.path])
        XCTAssertEqual(result.unparsableFiles, [])

        let leaking = variants.filter { $0.role == "leaking" }.map(\.label)
        for label in leaking where Self.outOfReach[label] == nil && !Self.sites.contains(where: { $0.variant == label })
        {
            XCTFail("leaking variant \(label) has neither a leak site nor a reason it is out of lint's reach")
        }
        for site in Self.sites {
            XCTAssertTrue(leaking.contains(site.variant), "\(site.variant) is not a leaking variant of the catalogue")
        }

        func matches(_ finding: Finding, _ site: Site) -> Bool {
            (finding.file as NSString).lastPathComponent == site.file && finding.scope == site.scope
                && finding.rule == site.pattern
        }
        let found = Self.sites.filter { site in result.findings.contains { matches($0, site) } }
        let falsePositives = result.findings.filter { finding in !Self.sites.contains { matches(finding, $0) } }
        let truePositives = result.findings.count - falsePositives.count

        var table = "variant | pattern | flagged\n"
        for site in Self.sites {
            table +=
                "\(site.variant) | \(site.pattern) | \(found.contains { $0.variant == site.variant && $0.pattern == site.pattern && $0.scope == site.scope } ? "yes" : "NO")\n"
        }
        for (label, reason) in Self.outOfReach.sorted(by: { $0.key < $1.key }) {
            table += "\(label) | (out of reach: \(reason)) | -\n"
        }
        for finding in falsePositives {
            table +=
                "FALSE POSITIVE \((finding.file as NSString).lastPathComponent):\(finding.line) | \(finding.rule) | \(finding.scope)\n"
        }
        let recall = Double(found.count) / Double(max(Self.sites.count, 1))
        let precision = Double(truePositives) / Double(max(result.findings.count, 1))
        table += String(
            format: "recall %.1f %% (%d of %d leak sites), precision %.1f %% (%d of %d findings)\n",
            recall * 100, found.count, Self.sites.count, precision * 100, truePositives, result.findings.count)
        print(table)
        XCTAssertEqual(found.count, Self.sites.count, "recall below 100 %")
        XCTAssertEqual(falsePositives.count, 0, "precision below 100 %")
    }

    /// A variant as the catalogue's sources declare it.
    struct DeclaredVariant {
        let scenario: String
        let name: String
        let role: String
        var label: String { "\(scenario)/\(name)" }
    }

    /// Every `Variant("name", role: .role, …)` written inside a `Scenario(id: "…", …)`,
    /// or in a function returning `[Variant]` that a scenario's `variants:` calls.
    static func catalogueVariants() throws -> [DeclaredVariant] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: scenariosDirectory.path).filter {
            $0.hasSuffix(".swift")
        }
        let trees = try files.map { file in
            Parser.parse(
                source: try String(contentsOf: scenariosDirectory.appendingPathComponent(file), encoding: .utf8))
        }
        var helpers: [String: [(name: String, role: String)]] = [:]
        for tree in trees {
            for function in tree.nodes(FunctionDeclSyntax.self)
            where function.signature.returnClause?.type.trimmedDescription == "[Variant]" {
                helpers[function.name.text] = variantCalls(in: Syntax(function))
            }
        }
        var variants: [DeclaredVariant] = []
        for tree in trees {
            for scenario in tree.nodes(FunctionCallExprSyntax.self)
            where scenario.calledExpression.trimmedDescription == "Scenario" {
                guard let id = scenario.arguments.first(where: { $0.label?.text == "id" })?.expression.stringLiteral,
                    let list = scenario.arguments.first(where: { $0.label?.text == "variants" })?.expression
                else { continue }
                var declared = variantCalls(in: Syntax(list))
                if let helper = list.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription {
                    declared += helpers[helper] ?? []
                }
                variants += declared.map { DeclaredVariant(scenario: id, name: $0.name, role: $0.role) }
            }
        }
        XCTAssertGreaterThan(variants.count, 50, "the catalogue's variants were not found")
        return variants
    }

    private static func variantCalls(in node: Syntax) -> [(name: String, role: String)] {
        node.nodes(FunctionCallExprSyntax.self).compactMap { call in
            guard call.calledExpression.trimmedDescription == "Variant",
                let name = call.arguments.first?.expression.stringLiteral,
                let role = call.arguments.first(where: { $0.label?.text == "role" })?.expression.trimmedDescription
            else { return nil }
            return (name, String(role.dropFirst()))
        }
    }
}

private final class Collector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [Node] = []
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { found.append(match) }
        return .visitChildren
    }
}

private extension SyntaxProtocol {
    func nodes<Node: SyntaxProtocol>(_ type: Node.Type) -> [Node] {
        let collector = Collector<Node>(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.found
    }
}

private extension ExprSyntax {
    var stringLiteral: String? {
        self.as(StringLiteralExprSyntax.self)?.segments.trimmedDescription
    }
}
#endif
