import Foundation
import Leaks
import RxCore
@testable import Scenarios
import SimUI
import XCTest

/// Runs scenario variants through ``ScenarioRunner`` and asserts their
/// outcome in detail: the leaked types and verdicts, the cycle's pattern and
/// the line of the Rx call that took the capturing closure, or a clean run
/// with no resource left.
class GuideScenarioTestCase: XCTestCase {
    /// Runs `variant` of scenario `id`.
    func run(
        _ id: String, _ variant: String, repetitions: Int = 1,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> VariantResult {
        let scenario = try XCTUnwrap(Catalogue.scenario(id: id), "no scenario \(id)", file: file, line: line)
        let found = try XCTUnwrap(
            scenario.variant(named: variant), "no variant \(id)/\(variant)", file: file, line: line)
        return ScenarioRunner.run(scenario, found, repetitions: repetitions)
    }

    /// Asserts that the run leaked `types` (each of them), that it matched its
    /// expectation, that the first of them leaked with verdict `kind`, and, for
    /// a cycle, its pattern and the line holding `marker` in `sourceFile` (the
    /// Rx call that took the capturing closure) among the cycle's call sites.
    func assertLeak(
        _ result: VariantResult, _ kind: LeakKind, types: [String], pattern: String?,
        capturedAt marker: String? = nil, in sourceFile: String? = nil, after anchor: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let report = try XCTUnwrap(result.report, "\(result.observed)", file: file, line: line)
        let leaked = report.leaks.map(\.typeName)
        for type in types {
            XCTAssertTrue(leaked.contains(type), "\(type) did not leak:\n\(report)", file: file, line: line)
        }
        XCTAssertTrue(
            result.matched, "expected \(result.expectation), observed \(result.observed)\n\(report)",
            file: file, line: line)
        let primary = try XCTUnwrap(report.leaks.first { $0.typeName == types[0] }, "\(report)", file: file, line: line)
        XCTAssertEqual(primary.kind, kind, "\(report)", file: file, line: line)
        guard kind == .cycle else { return }
        let cycle = try XCTUnwrap(
            primary.cycle, "no cycle reported for \(primary.typeName)\n\(report)", file: file, line: line)
        if let pattern {
            XCTAssertEqual(primary.pattern?.id, pattern, "\(report)", file: file, line: line)
        }
        if let marker, let sourceFile {
            let site = try Self.site(of: marker, in: sourceFile, after: anchor)
            XCTAssertTrue(
                cycle.description.contains(site), "the cycle does not name \(site):\n\(cycle)",
                file: file, line: line)
        }
    }

    /// Asserts that nothing leaked, no subscription stayed, and no RxCore
    /// resource made in the run is alive (net of what a host's own bindings
    /// replaced, for hosted variants).
    func assertClean(_ result: VariantResult, file: StaticString = #filePath, line: UInt = #line) throws {
        let report = try XCTUnwrap(result.report, "\(result.observed)", file: file, line: line)
        XCTAssertEqual(result.observed, .clean, "\(report)", file: file, line: line)
        XCTAssertTrue(report.leaks.isEmpty, "\(report)", file: file, line: line)
        let scenario = try XCTUnwrap(Catalogue.scenario(id: result.scenarioID), file: file, line: line)
        if scenario.variant(named: result.variant)?.host != nil {
            XCTAssertEqual(
                report.counts.afterSettling.total - report.counts.before.total, 0, "\(report)", file: file, line: line)
        } else {
            XCTAssertTrue(report.liveSubscriptions.isEmpty, "\(report)", file: file, line: line)
            XCTAssertEqual(report.resourceDelta, 0, "\(report)", file: file, line: line)
        }
    }

    /// Asserts that the run leaked no object and left `perRepetition` more
    /// live subscriptions for each repetition.
    func assertGrowth(_ result: VariantResult, perRepetition: Int, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let report = try XCTUnwrap(result.report, "\(result.observed)", file: file, line: line)
        XCTAssertEqual(
            result.observed, .subscriptionGrowth(perRepetition: perRepetition), "\(report)", file: file, line: line)
        XCTAssertTrue(report.leaks.isEmpty, "\(report)", file: file, line: line)
        XCTAssertEqual(
            report.counts.afterSettling[kind: "subscriptions"] - report.counts.before[kind: "subscriptions"],
            perRepetition * result.repetitions, "\(report)", file: file, line: line)
    }

    /// `File.swift:42`, the line of `sourceFile` (under `Scenarios/`) that
    /// contains `marker`, the first one after the line containing `anchor`.
    static func site(of marker: String, in sourceFile: String, after anchor: String? = nil) throws -> String {
        let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")
        let lines = try String(contentsOf: scenarios.appendingPathComponent(sourceFile), encoding: .utf8)
            .components(separatedBy: "\n")
        let start = anchor.flatMap { anchor in lines.firstIndex { $0.contains(anchor) } } ?? 0
        let index = try XCTUnwrap(lines[start...].firstIndex { $0.contains(marker) }, "no \(marker) in \(sourceFile)")
        return "\(URL(fileURLWithPath: sourceFile).lastPathComponent):\(index + 1)"
    }
}

final class Guide001to004ScenarioTests: GuideScenarioTestCase {
    // MARK: Guide 001

    func testAppearBindingsWithoutResetLeakingGrowsTwoBindingsPerAppearance() throws {
        try assertGrowth(run("appear-bindings-without-reset", "leaking", repetitions: 3), perRepetition: 2)
    }

    func testAppearBindingsWithoutResetFixedIsClean() throws {
        try assertClean(run("appear-bindings-without-reset", "fixed", repetitions: 3))
    }

    func testViewModelInitBindingsLeakingIsACycleThroughTheSubscribeClosure() throws {
        try assertLeak(
            run("viewmodel-init-bindings", "leaking"), .cycle, types: ["SubscribingProfileViewModel"],
            pattern: "closure-strong-self", capturedAt: "// captures self", in: "Guide001/ViewModelInitBindings.swift")
    }

    func testViewModelInitBindingsFixedIsClean() throws {
        try assertClean(run("viewmodel-init-bindings", "fixed"))
    }

    func testViewModelInitBindingsCompletingRequestIsClean() throws {
        try assertClean(run("viewmodel-init-bindings", "completing-request"))
    }

    // MARK: Guide 002

    func testConnectableLazyOutputLeakingIsACycleThroughTheStoredOutput() throws {
        try assertLeak(
            run("connectable-lazy-output", "leaking"), .cycle, types: ["SearchViewModel"],
            pattern: "method-reference-implicit-self",
            capturedAt: "// captures self", in: "Guide002/ConnectableLazyOutput.swift")
    }

    func testConnectableLazyOutputFixedIsClean() throws {
        try assertClean(run("connectable-lazy-output", "fixed"))
    }

    func testConnectableLazyOutputNeverReadIsClean() throws {
        try assertClean(run("connectable-lazy-output", "output-never-read"))
    }

    func testBindableViewControllerLeakingIsACycleThroughTheMethodReference() throws {
        try assertLeak(
            run("bindable-view-controller", "leaking"), .cycle,
            types: ["MethodReferenceProfileViewController", "ProfileViewModel"],
            pattern: "method-reference-implicit-self",
            capturedAt: "render(profile:)).disposed", in: "Guide002/BindableViewController.swift")
    }

    func testBindableViewControllerFixedIsClean() throws {
        try assertClean(run("bindable-view-controller", "fixed"))
    }

    func testBindableViewControllerCompletingOutputIsClean() throws {
        try assertClean(run("bindable-view-controller", "completing-output"))
    }

    // MARK: Guide 003

    func testReactorMutateSelfLeakingIsACycleThroughTheDeferredClosure() throws {
        try assertLeak(
            run("reactor-mutate-self", "leaking"), .cycle, types: ["DeferredIdentifierReactor"],
            pattern: "closure-strong-self", capturedAt: "// captures self", in: "Guide003/ReactorMutateSelf.swift")
    }

    func testReactorMutateSelfFixedIsClean() throws {
        try assertClean(run("reactor-mutate-self", "fixed"))
    }

    func testReactorMutateSelfAnsweredRequestIsClean() throws {
        try assertClean(run("reactor-mutate-self", "request-answered"))
    }

    func testUnownedSubscribeVsBinderLeakingIsACycleThroughTheSubscribeClosure() throws {
        try assertLeak(
            run("unowned-subscribe-vs-binder", "leaking"), .cycle, types: ["StrongSelfBrowserViewController"],
            pattern: "closure-strong-self", capturedAt: "// captures self",
            in: "Guide003/UnownedSubscribeVsBinder.swift")
    }

    func testUnownedSubscribeVsBinderFixedIsClean() throws {
        try assertClean(run("unowned-subscribe-vs-binder", "fixed"))
    }

    func testUnownedSubscribeVsBinderUnownedSelfIsClean() throws {
        try assertClean(run("unowned-subscribe-vs-binder", "unowned-self"))
    }

    func testUnownedSubscribeVsBinderCompletingJustIsClean() throws {
        try assertClean(run("unowned-subscribe-vs-binder", "just-completes"))
    }

    // MARK: Guide 004

    func testStepperGlobalSubjectTableLeakingKeepsTheSubjectAndItsLastStep() throws {
        try assertLeak(
            run("stepper-global-subject-table", "leaking"), .retainedFromOutside,
            types: ["BehaviorSubject<Step>", "Movie"], pattern: nil)
    }

    func testStepperGlobalSubjectTableFixedIsClean() throws {
        try assertClean(run("stepper-global-subject-table", "fixed"))
    }

    /// A stepper allocated where a dead one lived has its identity, so it
    /// inherits the dead one's subject and replays its last step: the list
    /// opens the old movie's detail without a tap.
    func testStepperGlobalSubjectTableNewStepperAtARecycledIdentityInheritsTheOldSubject() throws {
        typealias TableStepperList = Guide004.StepperGlobalSubjectTable.MoviesListViewModel
        let movies = Guide004.sampleMovies()
        for _ in 0..<100 {
            var old: TableStepperList? = TableStepperList(movies: movies)
            let oldIdentity = ObjectIdentifier(old!)
            old!.pick(movie: movies[0])
            old = nil
            let reopened = TableStepperList(movies: movies)
            guard ObjectIdentifier(reopened) == oldIdentity else { continue }

            guard case .movieIsPicked(let movie)? = try reopened.step.value() as? Guide004.MovieStep else {
                return XCTFail("the new stepper did not inherit the old step")
            }
            XCTAssertTrue(movie === movies[0])
            let app = Guide004.MoviesApp(coordinator: Guide004.Coordinator(), listViewModel: reopened)
            app.waitForTransitions()
            let detail = try XCTUnwrap(
                app.flow.topScreen as? Guide004.MovieDetailViewController,
                "the reopened list did not navigate by itself")
            XCTAssertTrue(detail.viewModel.movie === movies[0])
            app.quit()
            return
        }
        throw XCTSkip("the allocator did not reuse a stepper's address in 100 attempts")
    }

    /// The article's reactive view controller: visible on `viewDidAppear`,
    /// not on `viewWillDisappear`, displayed the first time once, dismissed
    /// when dismissed, and its sequences end with it.
    func testPresentableViewControllerReportsItsDisplayAndDismissal() throws {
        let root = UIViewController()
        var cast: Guide004.CastViewController? = Guide004.CastViewController(movieID: 78)
        var visible: [Bool] = [], firstTimeVisible = 0, dismissed = 0, ended = 0
        let bag = DisposeBag()
        cast!.rxVisible.subscribe(onNext: { visible.append($0) }, onCompleted: { ended += 1 }).disposed(by: bag)
        cast!.rxFirstTimeVisible.subscribe(onSuccess: { firstTimeVisible += 1 }).disposed(by: bag)
        cast!.rxDismissed.subscribe(onSuccess: { dismissed += 1 }).disposed(by: bag)
        UIWindow.showScreen(root) {
            root.present(cast!, animated: true)
            cast!.dismiss(animated: true)
            root.present(cast!, animated: true)
            root.dismiss(animated: true)
        }
        cast = nil
        XCTAssertEqual(visible, [true, false, true, false])
        XCTAssertEqual(firstTimeVisible, 1)
        XCTAssertEqual(dismissed, 1)
        XCTAssertEqual(ended, 1)
    }

    func testCoordinatorNestedSubscriptionsLeakingKeepsTheUndisplayedDetail() throws {
        try assertLeak(
            run("coordinator-nested-subscriptions", "leaking"), .retainedFromOutside,
            types: ["MovieDetailViewController", "MovieDetailViewModel"], pattern: nil)
    }

    func testCoordinatorNestedSubscriptionsFixedIsClean() throws {
        try assertClean(run("coordinator-nested-subscriptions", "fixed"))
    }

    func testCoordinatorNestedSubscriptionsStrongCapturesInThePresentableBagAreACycle() throws {
        try assertLeak(
            run("coordinator-nested-subscriptions", "strong-captures-presentable-bag"), .cycle,
            types: ["MovieDetailViewController", "MovieDetailViewModel"],
            pattern: "capture-list-missing-modifier",
            capturedAt: "rxFirstTimeVisible.subscribe", in: "Guide004/CoordinatorNestedSubscriptions.swift",
            after: "class StrongCapturesPresentableBagCoordinator")
    }

    func testCoordinatorNestedSubscriptionsStrongCapturesOfADisplayedScreenAreClean() throws {
        try assertClean(run("coordinator-nested-subscriptions", "strong-captures-displayed"))
    }

    func testPausableStepsLeakingLeavesOnePausedSubscriptionPerScreen() throws {
        try assertGrowth(run("pausable-steps", "leaking", repetitions: 3), perRepetition: 1)
    }

    func testPausableStepsFixedIsClean() throws {
        try assertClean(run("pausable-steps", "fixed", repetitions: 3))
    }
}
