import LeakTesting
import Leaks
import RxCore
import XCTest

private final class ViewModel {
    let disposeBag = DisposeBag()
    let taps = PublishSubject<Void>()
    var count = 0

    func bindLeaking() { taps.subscribe(onNext: { self.count += 1 }).disposed(by: disposeBag) }
    func bindFixed() { taps.subscribe(onNext: { [weak self] in self?.count += 1 }).disposed(by: disposeBag) }
}

/// Leaks through its own subscription's closure; only its parent is tracked.
private final class Child {
    let disposeBag = DisposeBag()
    let events = PublishSubject<Int>()
    var count = 0

    func bind() { events.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag) }
}

private final class Parent {
    let child = Child()

    func start() { child.bind() }
}

/// Failures the helpers record are captured here instead of failing the
/// run, so the tests can prove that the helpers fail when they should
/// (corelibs XCTest has no `XCTExpectFailure`).
class FailureCapturingTestCase: XCTestCase {
    var capturedFailures: [(description: String, line: Int)] = []
    var capturesFailures = false

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturesFailures {
            capturedFailures.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
}

final class AssertNoLeaksTests: FailureCapturingTestCase {
    func testPassesForCodeThatReleasesEverything() {
        capturesFailures = true
        let report = assertNoLeaks { scope in
            let model = ViewModel()
            scope.track(model)
            model.bindFixed()
        }
        capturesFailures = false
        XCTAssertTrue(report.isClean)
        XCTAssertTrue(capturedFailures.isEmpty, "\(capturedFailures)")
    }

    func testFailsAtTheCallersLineWithTheReport() {
        capturesFailures = true
        let checkLine = #line + 1
        assertNoLeaks { scope in
            let model = ViewModel()
            scope.track(model)
            model.bindLeaking()
            breakCycleAfterTest(through: model.taps)
        }
        capturesFailures = false
        XCTAssertEqual(capturedFailures.count, 1)
        XCTAssertEqual(capturedFailures.first?.line, checkLine)
        let message = capturedFailures.first?.description ?? ""
        XCTAssertTrue(message.contains("ViewModel leaked (held only by a retain cycle)"), message)
        XCTAssertTrue(message.contains("PublishSubject<()> → subscribe at XCTestHelperTests.swift:11"), message)
        XCTAssertTrue(message.contains("closure captures self strongly"), message)
    }
}

final class TrackForLeaksTests: FailureCapturingTestCase {
    private var model: ViewModel?
    /// The line of the `trackForLeaks` call the teardown block expects the failure at.
    private var trackedAtLine = 0

    // The teardown blocks of this class assert what the check recorded; they
    // are registered before the check, so they run after it (last in, first out).
    func testFailsForAnObjectStillAliveAtTeardown() {
        capturesFailures = true
        addTeardownBlock { [unowned self] in
            capturesFailures = false
            XCTAssertEqual(capturedFailures.count, 1)
            XCTAssertEqual(capturedFailures.first?.line, trackedAtLine)
            XCTAssertTrue(capturedFailures.first?.description.contains("ViewModel leaked") ?? false)
        }
        let leaking = ViewModel()
        leaking.bindLeaking()
        breakCycleAfterTest(through: leaking.taps)
        trackedAtLine = #line + 1
        trackForLeaks(leaking)
    }

    func testFindsTheCycleOfAChildOfTheTrackedObjectWithItsSites() {
        capturesFailures = true
        addTeardownBlock { [unowned self] in
            capturesFailures = false
            XCTAssertEqual(capturedFailures.count, 1)
            let message = capturedFailures.first?.description ?? ""
            XCTAssertTrue(
                message.contains(
                    "Child leaked (held only by a retain cycle); tracked as captured by the closure given to subscribe(onNext:) at XCTestHelperTests.swift:21"
                ), message)
            XCTAssertTrue(message.contains("─captures (strong)→ Child"), message)
            XCTAssertTrue(message.contains("1 subscription(s) made in the check still alive:"), message)
            XCTAssertTrue(message.contains("PublishSubject<Int> → subscribe at XCTestHelperTests.swift:21"), message)
            XCTAssertFalse(message.contains("Parent leaked"), message)
        }
        let parent = Parent()
        breakCycleAfterTest(through: parent.child.events)
        trackForLeaks(parent)
        parent.start()
    }

    func testSeesWhatLaterTeardownBlocksRelease() {
        capturesFailures = true
        addTeardownBlock { [unowned self] in
            capturesFailures = false
            XCTAssertTrue(capturedFailures.isEmpty, "\(capturedFailures)")
        }
        model = ViewModel()
        model?.bindFixed()
        trackForLeaks(model!)
        addTeardownBlock { [unowned self] in model = nil }
    }
}

/// Keeps view models for the process, as a singleton's cache would.
private enum Cache {
    nonisolated(unsafe) static var models: [ViewModel] = []
}

/// A plain `XCTestCase` that releases its subject in `tearDown()`, which
/// XCTest runs after the check's teardown block: the check judges as if the
/// test case had released what it holds.
final class TearDownReleaseTests: FailureCapturingTestCase {
    private var sut: ViewModel?

    override func tearDown() {
        sut = nil
        super.tearDown()
    }

    func testAnObjectTheTestCaseReleasesInTearDownIsClean() {
        capturesFailures = true
        addTeardownBlock { [unowned self] in
            capturesFailures = false
            XCTAssertTrue(capturedFailures.isEmpty, "\(capturedFailures)")
        }
        sut = ViewModel()
        trackForLeaks(sut!)
        sut?.bindFixed()
        sut?.taps.onNext(())
    }

    func testACycleIsStillReportedWithItsSites() {
        capturesFailures = true
        addTeardownBlock { [unowned self] in
            capturesFailures = false
            XCTAssertEqual(capturedFailures.count, 1)
            let message = capturedFailures.first?.description ?? ""
            XCTAssertTrue(message.contains("ViewModel leaked (held only by a retain cycle)"), message)
            XCTAssertTrue(message.contains("PublishSubject<()> → subscribe at XCTestHelperTests.swift:11"), message)
        }
        sut = ViewModel()
        breakCycleAfterTest(through: sut!.taps)
        trackForLeaks(sut!)
        sut?.bindLeaking()
    }

    func testAnObjectAlsoHeldByAStaticIsRetainedFromOutside() {
        capturesFailures = true
        addTeardownBlock { [unowned self] in
            capturesFailures = false
            Cache.models = []
            XCTAssertEqual(capturedFailures.count, 1)
            let message = capturedFailures.first?.description ?? ""
            XCTAssertTrue(message.contains("ViewModel leaked (retained from outside the check)"), message)
        }
        sut = ViewModel()
        trackForLeaks(sut!)
        sut?.bindFixed()
        Cache.models.append(sut!)
    }
}

final class LeakTrackingTestCaseTests: LeakTrackingTestCase {
    private var model: ViewModel?

    override func tearDown() {
        model = nil
        super.tearDown()
    }

    func testChecksAfterTearDownReleasedTheObject() {
        model = ViewModel()
        model?.bindFixed()
        trackForLeaks(model!)
    }
}

/// What a `LeakTrackingTestCase` reports, captured in its own `invokeTest()`
/// after the check has run (corelibs XCTest has no `XCTExpectFailure`): a
/// tracked cycle fails the test, and what `tearDown()` releases from a static
/// does not. A no-op `LeakTrackingTestCase` fails one of the two: without the
/// check after `tearDown()` the leak goes unreported; with the check before it
/// (the plain `XCTestCase` way) the object the static still holds is reported.
final class LeakTrackingTestCaseFailureTests: LeakTrackingTestCase {
    private var capturedFailures: [String] = []
    private var capturesFailures = false
    /// Set by the test: the failures its check must record, and a subject whose completion frees the leak
    /// (weak: the test case holding it would hold the cycle from outside).
    private var expectedFailures = 0
    private weak var leakingThrough: PublishSubject<Void>?

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturesFailures {
            capturedFailures.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    override func invokeTest() {
        capturesFailures = true
        super.invokeTest()
        capturesFailures = false
        // After the check, so that it saw the cycle; completing ends the subscription that closes it.
        leakingThrough?.onCompleted()
        XCTAssertEqual(capturedFailures.count, expectedFailures, "\(capturedFailures)")
        if expectedFailures > 0 {
            XCTAssertTrue(
                capturedFailures.first?.contains("ViewModel leaked (held only by a retain cycle)") == true,
                "\(capturedFailures)")
        }
    }

    override func tearDown() {
        Cache.models = []
        super.tearDown()
    }

    func testATrackedCycleFailsTheTest() {
        expectedFailures = 1
        let model = ViewModel()
        leakingThrough = model.taps
        trackForLeaks(model)
        model.bindLeaking()
    }

    func testWhatTearDownReleasesFromAStaticIsNotReported() {
        let model = ViewModel()
        trackForLeaks(model)
        model.bindFixed()
        Cache.models.append(model)
    }
}
