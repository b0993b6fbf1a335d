import ChildProcesses
import Foundation
import Leaks
import RxCore
import SimUI
@testable import Scenarios
import XCTest

/// One test per variant of the guide-000 scenarios, each run through
/// ``ScenarioRunner`` and judged by the leak engine.
final class Guide000ScenarioTests: XCTestCase {
    // MARK: closure-strong-self

    func testClosureStrongSelfLeaking() {
        assertLeak(
            run("closure-strong-self", "leaking"), alsoLeaked: ["ProfileInteractor", "ProfileWireframe"],
            site: site(
                of: ".flatMap { profile in", after: "case .strongSelfOnProfileChanges:",
                in: "ClosureStrongSelf.swift"))
    }

    func testClosureStrongSelfFixed() {
        assertClean(run("closure-strong-self", "fixed"))
    }

    func testClosureStrongSelfCompletingRequest() {
        assertClean(run("closure-strong-self", "completing-request"))
    }

    // MARK: method-reference-implicit-self

    func testMethodReferenceImplicitSelfLeaking() {
        assertLeak(
            run("method-reference-implicit-self", "leaking"),
            alsoLeaked: ["DashboardInteractor", "DashboardWireframe"],
            site: site(
                of: ".flatMap(doWork(model:))", after: "case .instanceMethodOnModelUpdates:",
                in: "MethodReferenceImplicitSelf.swift"))
    }

    func testMethodReferenceImplicitSelfFixed() {
        assertClean(run("method-reference-implicit-self", "fixed"))
    }

    func testMethodReferenceImplicitSelfCompletingRequest() {
        assertClean(run("method-reference-implicit-self", "completing-request"))
    }

    // MARK: capture-list-missing-modifier

    func testCaptureListMissingModifierLeaking() {
        assertLeak(
            run("capture-list-missing-modifier", "leaking"), alsoLeaked: ["OrdersWireframe"],
            site: site(
                of: "openDetails.subscribe(onNext: { [unowned wireframe, view] in",
                after: "case .strongView:", in: "CaptureListMissingModifier.swift"))
    }

    func testCaptureListMissingModifierFixed() {
        assertClean(run("capture-list-missing-modifier", "fixed"))
    }

    func testCaptureListMissingModifierStrongWireframe() {
        assertClean(run("capture-list-missing-modifier", "strong-wireframe"))
    }

    // MARK: unowned-outlives-owner

    func testUnownedOutlivesOwnerLeakingIsNotRunInProcess() {
        XCTAssertEqual(run("unowned-outlives-owner", "leaking")?.observed, .requiresIsolation)
    }

    func testUnownedOutlivesOwnerLeakingCrashesInAChildProcess() throws {
        try assertCrashesIsolated("unowned-outlives-owner", "leaking")
    }

    func testUnownedOutlivesOwnerFixed() {
        assertClean(run("unowned-outlives-owner", "fixed"))
    }

    func testUnownedOutlivesOwnerUnownedInDisposeBag() {
        assertClean(run("unowned-outlives-owner", "unowned-in-dispose-bag"))
    }

    // MARK: shared-dispose-bag

    func testSharedDisposeBagLeaking() {
        assertGrowth(
            run("shared-dispose-bag", "leaking", repetitions: 3), perRepetition: 1, site: "SharedDisposeBag.swift")
    }

    func testSharedDisposeBagUnownedCaptureIsNotRunInProcess() {
        XCTAssertEqual(run("shared-dispose-bag", "unowned-capture")?.observed, .requiresIsolation)
    }

    func testSharedDisposeBagUnownedCaptureCrashesInAChildProcess() throws {
        try assertCrashesIsolated("shared-dispose-bag", "unowned-capture")
    }

    func testSharedDisposeBagFixed() {
        assertCleanAgainstHost(run("shared-dispose-bag", "fixed", repetitions: 3))
    }

    // MARK: dispose-bag-captured

    func testDisposeBagCapturedLeaking() {
        let result = run("dispose-bag-captured", "leaking")
        XCTAssertFalse(
            result?.report?.liveSubscriptions.isEmpty ?? true,
            "none of the bag's resources are disposed: its subscriptions stay alive")
        assertLeak(
            result, alsoLeaked: ["FeedInteractor"],
            site: site(
                of: ".subscribe(onNext: { post in", after: "private static func handle(newPosts:",
                in: "DisposeBagCaptured.swift"))
    }

    func testDisposeBagCapturedFixed() {
        assertClean(run("dispose-bag-captured", "fixed"))
    }

    func testDisposeBagCapturedCompletingRequest() {
        assertClean(run("dispose-bag-captured", "completing-request"))
    }

    // MARK: cell-reuse-without-new-bag

    func testCellReuseWithoutNewBagLeaking() {
        assertGrowth(
            run("cell-reuse-without-new-bag", "leaking", repetitions: 2), perRepetition: 24,
            site: "CellReuseWithoutNewBag.swift")
    }

    func testCellReuseWithoutNewBagFixed() {
        assertCleanAgainstHost(run("cell-reuse-without-new-bag", "fixed", repetitions: 2))
    }

    // MARK: item-owns-dispose-bag

    func testItemOwnsDisposeBagLeaking() {
        assertGrowth(
            run("item-owns-dispose-bag", "leaking", repetitions: 2), perRepetition: 24,
            site: "ItemOwnsDisposeBag.swift")
    }

    func testItemOwnsDisposeBagFixed() {
        assertCleanAgainstHost(run("item-owns-dispose-bag", "fixed", repetitions: 2))
    }

    // MARK: stored-subject-in-child

    func testStoredSubjectInChildLeaking() {
        assertLeak(
            run("stored-subject-in-child", "leaking"),
            site: site(
                of: ".subscribe(onNext: didChangeSelection)", after: "if let selectionRelay {",
                in: "StoredSubjectInChild.swift"))
    }

    func testStoredSubjectInChildFixed() {
        assertClean(run("stored-subject-in-child", "fixed"))
    }

    // MARK: subject-retains-element

    func testSubjectRetainsElementLeaking() {
        let result = run("subject-retains-element", "leaking")
        assertLeak(result, site: nil)
        let leaked = Set(result?.report?.leaks.map(\.typeName) ?? [])
        XCTAssertFalse(leaked.contains("PhotoPickerPresenter"), "only what the element holds stays: \(leaked)")
    }

    func testSubjectRetainsElementFixed() {
        assertCleanAgainstHost(run("subject-retains-element", "fixed"))
    }

    func testSubjectRetainsElementPublishRelay() {
        assertCleanAgainstHost(run("subject-retains-element", "publish-relay"))
    }

    // MARK: switch-feedback-loop

    func testSwitchFeedbackLoopLeaking() {
        // By date: the log keeps only its latest 1,000 entries, so its length may not grow.
        let start = Date()
        let result = run("switch-feedback-loop", "leaking")
        let reentrant = Resources.diagnostics.filter { $0.kind == .reentrantDelivery && $0.date >= start }
        XCTAssertEqual(result?.observed, .runawayReentrancy, result?.report?.description ?? "")
        XCTAssertEqual(result?.matched, true)
        XCTAssertGreaterThanOrEqual(
            reentrant.count, UIControl.maximumDeliveryDepth - 1,
            "every nested round re-enters the relay")
        XCTAssertTrue(reentrant.allSatisfy { $0.resource.contains("Bool") }, "\(reentrant)")
        XCTAssertTrue(result?.report?.leaks.isEmpty ?? false, "the loop is stopped, and the module is released")
    }

    func testSwitchFeedbackLoopFixed() {
        assertClean(run("switch-feedback-loop", "fixed"))
    }

    func testSwitchFeedbackLoopBoundToIsOn() {
        assertClean(run("switch-feedback-loop", "bound-to-isOn"))
    }

    // MARK: bidirectional-relay-binder

    func testBidirectionalRelayBinderLeaking() {
        assertLeak(
            run("bidirectional-relay-binder", "leaking"), alsoLeaked: ["BidirectionalBehaviorRelay<Bool>"],
            site: site(
                of: "to: Binder(self) { (_, isOn) in", after: "case .binderRetainingSelf:",
                in: "BidirectionalRelayBinder.swift"))
    }

    func testBidirectionalRelayBinderFixed() {
        assertClean(run("bidirectional-relay-binder", "fixed"))
    }
}

// MARK: - Running and judging

extension Guide000ScenarioTests {
    /// Runs a variant of a catalogued scenario in this process.
    func run(
        _ id: String, _ variantName: String, repetitions: Int = 1,
        file: StaticString = #filePath, line: UInt = #line
    ) -> VariantResult? {
        guard let scenario = Catalogue.scenario(id: id) else {
            XCTFail("no scenario \(id)", file: file, line: line)
            return nil
        }
        guard let variant = scenario.variant(named: variantName) else {
            XCTFail("\(id) has no variant \(variantName)", file: file, line: line)
            return nil
        }
        return ScenarioRunner.run(scenario, variant, repetitions: repetitions)
    }

    /// The variant leaked its expectation's types (and `alsoLeaked`); those
    /// types have the expected verdict, one of them the expected pattern, and
    /// a cycle edge was made at `site`.
    func assertLeak(
        _ result: VariantResult?, alsoLeaked: [String] = [], site: String?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let result, let report = result.report else {
            XCTFail("the variant did not run in this process", file: file, line: line)
            return
        }
        guard case .leak(let kind, let types, let pattern) = result.expectation else {
            XCTFail("\(result.variant) does not expect a leak", file: file, line: line)
            return
        }
        let leaked = Set(report.leaks.map(\.typeName))
        XCTAssertTrue(
            Set(types + alsoLeaked).isSubset(of: leaked),
            "leaked \(leaked.sorted()), expected \(types + alsoLeaked)\n\(report)", file: file, line: line)
        var mismatches: [String] = []
        if !result.matched { mismatches.append("expected \(result.expectation), observed \(result.observed)") }
        let expectedLeaks = report.leaks.filter { types.contains($0.typeName) }
        for leak in expectedLeaks where leak.kind != kind {
            mismatches.append("\(leak.typeName) is \(leak.kind.rawValue), not \(kind.rawValue)")
        }
        if let pattern, !expectedLeaks.contains(where: { $0.pattern?.id == pattern }) {
            mismatches.append("pattern \(expectedLeaks.map { $0.pattern?.id ?? "none" }), not \(pattern)")
        }
        if let site {
            let sites = report.leaks.compactMap(\.cycle).flatMap(\.edges).compactMap(\.site)
            if !sites.contains(where: { $0.hasSuffix(site) }) {
                mismatches.append("no cycle edge made at \(site) (edge sites: \(sites))")
            }
        }
        guard !mismatches.isEmpty else { return }
        XCTFail("\(mismatches.joined(separator: "\n"))\n\(report)", file: file, line: line)
    }

    /// The variant left no subscription, resource or object behind.
    func assertClean(_ result: VariantResult?, file: StaticString = #filePath, line: UInt = #line) {
        guard let result, let report = result.report else {
            XCTFail("the variant did not run in this process", file: file, line: line)
            return
        }
        XCTAssertEqual(result.observed, .clean, "\(report.description)", file: file, line: line)
        XCTAssertTrue(report.leaks.isEmpty, report.description, file: file, line: line)
        XCTAssertEqual(report.resourceDelta, 0, report.description, file: file, line: line)
        XCTAssertTrue(report.liveSubscriptions.isEmpty, report.description, file: file, line: line)
        XCTAssertTrue(result.matched, file: file, line: line)
    }

    /// No object leaked, and each repetition left `perRepetition` more live
    /// subscriptions, made in `site`'s file.
    func assertGrowth(
        _ result: VariantResult?, perRepetition: Int, site: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let result, let report = result.report else {
            XCTFail("the variant did not run in this process", file: file, line: line)
            return
        }
        XCTAssertEqual(
            result.observed, .subscriptionGrowth(perRepetition: perRepetition), report.description,
            file: file, line: line)
        XCTAssertTrue(result.matched, file: file, line: line)
        XCTAssertTrue(report.leaks.isEmpty, report.description, file: file, line: line)
        XCTAssertEqual(
            report.liveSubscriptions.count >= perRepetition * result.repetitions, true,
            "live subscriptions made in the check: \(report.liveSubscriptions.count)", file: file, line: line)
        XCTAssertTrue(
            report.liveSubscriptions.allSatisfy { $0.site.file.hasSuffix(site) },
            "subscriptions made elsewhere: \(report.liveSubscriptions)", file: file, line: line)
    }

    /// A variant run against a host: nothing leaked, and live subscriptions
    /// and resources are where they were before the check.
    func assertCleanAgainstHost(_ result: VariantResult?, file: StaticString = #filePath, line: UInt = #line) {
        guard let result, let report = result.report else {
            XCTFail("the variant did not run in this process", file: file, line: line)
            return
        }
        XCTAssertEqual(result.observed, .clean, report.description, file: file, line: line)
        XCTAssertTrue(report.leaks.isEmpty, report.description, file: file, line: line)
        XCTAssertEqual(
            report.counts.afterSettling[kind: "subscriptions"], report.counts.before[kind: "subscriptions"],
            file: file, line: line)
        XCTAssertEqual(report.counts.afterSettling.total, report.counts.before.total, file: file, line: line)
        XCTAssertTrue(result.matched, file: file, line: line)
    }

    /// Runs the variant in a child process through the built `rxleaks`
    /// (`rxleaks run ID --variant NAME --isolate --format json`) and asserts
    /// that it crashed for its expectation's reason, without taking this
    /// process down.
    func assertCrashesIsolated(
        _ id: String, _ variantName: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard case .crash(let reason) = Catalogue.scenario(id: id)?.variant(named: variantName)?.expectation else {
            XCTFail("\(id)/\(variantName) does not expect a crash", file: file, line: line)
            return
        }
        let testBinary = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let executable = testBinary.deletingLastPathComponent().appendingPathComponent("rxleaks")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("rxleaks is not built at \(executable.path)", file: file, line: line)
            return
        }
        let run = try ChildProcess.run(
            executable.path, ["run", id, "--variant", variantName, "--isolate", "--format", "json"],
            timeLimit: 300)
        XCTAssertNotEqual(run.termination, .timedOut, file: file, line: line)

        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let results = document?["results"] as? [[String: Any]] ?? []
        let result = try XCTUnwrap(
            results.first { $0["scenario"] as? String == id && $0["variant"] as? String == variantName },
            "no result for \(id)/\(variantName) in \(document ?? [:])", file: file, line: line)
        let outcome = result["outcome"] as? [String: Any]
        XCTAssertEqual(result["isolated"] as? Bool, true, file: file, line: line)
        XCTAssertEqual(outcome?["kind"] as? String, "crashed", "\(result)", file: file, line: line)
        XCTAssertEqual(outcome?["cause"] as? String, reason, "\(result)", file: file, line: line)
        XCTAssertEqual(result["matched"] as? Bool, true, "\(result)", file: file, line: line)
    }

    /// `File.swift:N`, where N is the line of the first line containing
    /// `snippet` after the first line containing `anchor` in the scenario source.
    func site(
        of snippet: String, after anchor: String, in fileName: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        let testFile = URL(fileURLWithPath: "\(file)")
        let source = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/Guide000/\(fileName)")
        guard let text = try? String(contentsOf: source, encoding: .utf8) else {
            XCTFail("cannot read \(source.path)", file: file, line: line)
            return nil
        }
        let lines = text.components(separatedBy: "\n")
        guard let anchorIndex = lines.firstIndex(where: { $0.contains(anchor) }),
            let index = lines[anchorIndex...].firstIndex(where: { $0.contains(snippet) })
        else {
            XCTFail("no line with \(snippet) after \(anchor) in \(fileName)", file: file, line: line)
            return nil
        }
        return "\(fileName):\(index + 1)"
    }
}
