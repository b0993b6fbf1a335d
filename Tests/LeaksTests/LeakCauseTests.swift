@testable import Leaks
import RxCore
import XCTest

// Every reason a leaked object cannot be freed, in one report: each reference
// to break is named, so one test run shows every fix.

/// Two stored closures, each capturing its owner.
private final class Editor {
    var onSave: (() -> Void)?
    var onCancel: (() -> Void)?
    var edits = 0

    func configure() {
        onSave = { self.edits += 1 }
        onCancel = { self.edits -= 1 }
    }
}

/// A method reference and a strong closure in one chain.
private final class LoginViewModel {
    let disposeBag = DisposeBag()
    let username = PublishSubject<String>()
    let password = PublishSubject<String>()
    var isValid = false

    func validate(_ credentials: (String, String)) -> Bool { !credentials.0.isEmpty && !credentials.1.isEmpty }

    func bind() {
        Observable.combineLatest(username, password).map(validate).subscribe(onNext: { self.isValid = $0 })
            .disposed(by: disposeBag)
    }
}

/// In a cycle through its subscription's closure.
private final class Session {
    let disposeBag = DisposeBag()
    let ticks = PublishSubject<Int>()
    var count = 0

    func bind() { ticks.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag) }
}

/// Seven handlers, each capturing their owner.
private final class Hub {
    var handlers: [() -> Void] = []
    var calls = 0

    func register(_ count: Int) {
        for _ in 0..<count { handlers.append { self.calls += 1 } }
    }
}

final class LeakCauseTests: XCTestCase {
    /// A check in which an editor leaks through its two handlers; the cycle
    /// is broken once the test has ended.
    private func leakedEditorReport(_ name: String = #function) -> LeakReport {
        weak var editor: Editor?
        let report = LeakCheck.run(name) { scope in
            let created = Editor()
            scope.track(created)
            created.configure()
            editor = created
        }
        leakedEditor = editor
        addTeardownBlock {
            editor?.onSave = nil
            editor?.onCancel = nil
        }
        return report
    }

    func testTwoStoredClosuresCapturingTheOwnerAreBothNamed() throws {
        let report = leakedEditorReport()
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.kind, .cycle)
        XCTAssertEqual(
            leak.causes.map(\.summary).sorted(), ["Editor ─onCancel→ Editor", "Editor ─onSave→ Editor"],
            report.description)
        XCTAssertEqual(report.fixCount, 2)
        XCTAssertTrue(
            report.description.hasPrefix(
                "Leak check \"testTwoStoredClosuresCapturingTheOwnerAreBothNamed()\": NOT clean (2 distinct fixes below)"
            ), report.description)
        XCTAssertTrue(
            report.description.contains(
                "Editor leaked (held only by a retain cycle); tracked at LeakCauseTests.swift:61; 2 causes, each a fix of its own:"
            ), report.description)
    }

    func testAMethodReferenceAndAStrongClosureInOneChainAreBothNamed() throws {
        let report = LeakCheck.run { scope in
            let model = LoginViewModel()
            scope.track(model)
            model.bind()
            breakCycleAfterTest(through: model.username)
            breakCycleAfterTest(through: model.password)
        }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.causes.count, 2, report.description)
        let summaries = leak.causes.map(\.summary)
        XCTAssertTrue(
            summaries.contains(
                "closure given to subscribe(onNext:) at LeakCauseTests.swift:30 ─captures→ LoginViewModel"),
            "\(summaries)")
        XCTAssertTrue(
            summaries.contains("closure given to map at LeakCauseTests.swift:30 ─captures→ LoginViewModel"),
            report.description)
        XCTAssertEqual(
            Set(leak.causes.compactMap(\.pattern?.id)), ["closure-strong-self", "method-reference-implicit-self"])
        XCTAssertEqual(report.fixCount, 2)
    }

    /// docs/reports.md shows this check's report, with some lines shortened by `…`: each of its
    /// lines must be the report's line at the same place, up to the shortened parts.
    func testTheSampleInReportsDocIsWhatThisCheckPrints() throws {
        let report = LeakCheck.run("login") { scope in
            let model = LoginViewModel()
            scope.track(model)
            model.bind()
            breakCycleAfterTest(through: model.username)
            breakCycleAfterTest(through: model.password)
        }
        DocSample.assert(
            try DocSample.lines(in: "reports.md", startingWith: "Leak check \"login\""), matches: report.description)
    }

    func testACycleAndAnOutsideHolderOnOneObjectAreBothNamed() throws {
        let report = LeakCheck.run { scope in
            let session = Session()
            scope.track(session)
            session.bind()
            Self.openSessions.append(session)
            breakCycleAfterTest(through: session.ticks)
        }
        addTeardownBlock { Self.openSessions.removeAll() }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.kind, .retainedFromOutside)
        XCTAssertEqual(leak.causes.count, 2, report.description)
        XCTAssertEqual(
            leak.causes[0].summary, "closure given to subscribe(onNext:) at LeakCauseTests.swift:41 ─captures→ Session")
        XCTAssertEqual(leak.causes[0].pattern?.id, "closure-strong-self")
        XCTAssertNil(leak.causes[1].reference)
        XCTAssertEqual(
            leak.causes[1].outsideHolder?.hasPrefix("1 strong reference(s) from what the check did not read"), true,
            leak.causes[1].summary)
        // The holder the check could not read names no fix: the report promises only the one it shows.
        XCTAssertEqual(report.fixCount, 1)
        XCTAssertTrue(
            report.description.hasPrefix(
                "Leak check \"testACycleAndAnOutsideHolderOnOneObjectAreBothNamed()\": NOT clean (1 distinct fix below)"
            ),
            report.description)
    }

    func testCausesPastTheCapAreCounted() throws {
        weak var hub: Hub?
        let report = LeakCheck.run { scope in
            let created = Hub()
            scope.track(created)
            created.register(7)
            hub = created
        }
        defer { hub?.handlers.removeAll() }
        let leak = try XCTUnwrap(report.leaks.first, report.description)
        XCTAssertEqual(leak.causes.count, 5, report.description)
        XCTAssertEqual(leak.unlistedCauses, 2)
        XCTAssertEqual(Set(leak.causes.map(\.summary)).count, 5, "each listed cause is another handler")
        // The headline counts the fixes listed, and says how many more were found.
        XCTAssertEqual(report.fixCount, 5)
        XCTAssertEqual(report.unlistedFixCount, 2)
        XCTAssertTrue(report.description.contains("(5 distinct fixes below, 2 more not listed)"), report.description)
        XCTAssertTrue(report.description.contains("7 causes, each a fix of its own"), report.description)
        XCTAssertTrue(report.description.contains("  2 more cause(s) not listed"), report.description)
    }

    /// One closure site made four times, capturing the same service, is one fix on four paths: the report lists
    /// each site once, and its headline counts what it lists.
    func testAClosureMadeAgainIsOneCauseWithItsPathsCounted() throws {
        weak var service: InvitationService?
        let report = LeakCheck.run { scope in
            let created = InvitationService()
            scope.track(created)
            let model = InvitationViewModel(service: created)
            let bag = DisposeBag()
            for _ in 0..<4 { model.bind(disposeBag: bag) }
            service = created
        }
        // Completed, the streams let their observers go, and the cycles end.
        defer { [service?.accepted, service?.declined].forEach { $0?.onCompleted() } }
        let leak = try XCTUnwrap(report.leaks.first { $0.heldBy == nil }, report.description)
        XCTAssertEqual(leak.typeName, "InvitationService", report.description)
        XCTAssertEqual(leak.causes.map(\.paths), [4, 4], report.description)
        XCTAssertEqual(leak.unlistedCauses, 0, report.description)
        XCTAssertEqual(report.fixCount, 2)
        XCTAssertTrue(report.description.contains("NOT clean (2 distinct fixes below)"), report.description)
        XCTAssertTrue(
            report.description.contains("(on 4 paths: the same reference made 4 times, one fix)"), report.description)
    }

    func testTheJSONReportListsTheCauses() throws {
        let report = leakedEditorReport()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        XCTAssertEqual(json["fixCount"] as? Int, 2)
        let leaks = try XCTUnwrap(json["leaks"] as? [[String: Any]])
        let causes = try XCTUnwrap(leaks.first?["causes"] as? [[String: Any]])
        let labels = causes.compactMap { ($0["reference"] as? [String: Any])?["label"] as? String }
        XCTAssertEqual(Set(labels), ["onSave", "onCancel"])
    }

    nonisolated(unsafe) private static var openSessions: [Session] = []

    /// The editor of the last ``leakedEditorReport(_:)``, while it lives.
    private weak var leakedEditor: Editor?

    func testTheTextMarksEachCausesSuspectEdgeAndBreakingThoseFreesTheObject() throws {
        let report = leakedEditorReport()
        let marked = report.description.split(separator: "\n").filter { $0.hasSuffix(RetainCycle.suspectMarker) }
        XCTAssertEqual(
            marked.map { $0.trimmingCharacters(in: .whitespaces) }.sorted(),
            ["─onCancel→ Editor" + RetainCycle.suspectMarker, "─onSave→ Editor" + RetainCycle.suspectMarker],
            report.description)
        leakedEditor?.onSave = nil
        XCTAssertNotNil(leakedEditor, "the other marked reference still holds it")
        leakedEditor?.onCancel = nil
        XCTAssertNil(leakedEditor, "the marked references were all that held it")
    }
}

/// Invitations a team sends: the streams a view model binds to, and what loads a team.
private final class InvitationService {
    let accepted = PublishSubject<String>()
    let declined = PublishSubject<String>()

    func team(_ name: String) -> Observable<String> { .just("team \(name)") }
}

/// Binds through a bag it is handed, and disposes the inner subscriptions into it from closures that keep
/// the service: the service's streams keep the closures, which keep the service. Bound four times, each of its
/// two closure sites is made four times.
private final class InvitationViewModel {
    let service: InvitationService
    var shown: [String] = []

    init(service: InvitationService) { self.service = service }

    func bind(disposeBag: DisposeBag) {
        let service = service
        service.accepted.subscribe(onNext: { [weak self] name in
            service.team(name).subscribe(onNext: { self?.shown.append($0) }).disposed(by: disposeBag)
        }).disposed(by: disposeBag)
        service.declined.subscribe(onNext: { [weak self] _ in
            service.team("").subscribe(onNext: { _ in self?.shown.removeAll() }).disposed(by: disposeBag)
        }).disposed(by: disposeBag)
    }
}
