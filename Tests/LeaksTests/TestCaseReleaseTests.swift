import Leaks
import RxCore
import RxCoreTesting
import XCTest

private final class NoteStore {
    var notes = ["first"]
}

/// Its Rx closure captures its dependency, which the test case also keeps.
private final class NotesViewModel {
    let refresh = PublishSubject<Void>()
    private let disposeBag = DisposeBag()
    private(set) var shown: [String] = []

    init(store: NoteStore) {
        refresh.map { store.notes }.subscribe(onNext: { [weak self] in self?.shown = $0 }).disposed(by: disposeBag)
    }
}

/// What an `XCTestCase` keeps between `setUp()` and the end of the process:
/// a `sut` made in `setUp()` with its dependency, both in properties.
private final class NotesTestCase {
    var store: NoteStore!
    var sut: NotesViewModel!

    func setUp() {
        store = NoteStore()
        sut = NotesViewModel(store: store)
    }
}

/// Keeps a hot test observable and its scheduler in properties, as a test case does.
private final class HotObservableTestCase {
    let scheduler = TestScheduler(initialClock: 0)
    var taps: TestableObservable<Int>!
    var disposeBag: DisposeBag! = DisposeBag()

    func setUp() {
        taps = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    }

    func tearDown() {
        disposeBag = nil
    }
}

/// The whole-suite mode judges an XCTest test as if its test case had
/// released what it holds (``OpenLeakCheck/finish(settle:releasing:)``): what
/// the case alone holds, through any number of objects, is clean.
final class TestCaseReleaseTests: XCTestCase {
    func testADependencyThatSutsRxClosureCapturesIsCleanInATestThatNeverTouchesSut() {
        let (report, survivors) = judgeReleasing(NotesTestCase.init) { testCase in
            testCase.setUp()
            return [testCase.store, testCase.sut]
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(survivors.map(\.name), [])
    }

    func testADependencyThatSutsRxClosureCapturesIsCleanInATestThatUsesSut() {
        let (report, survivors) = judgeReleasing(NotesTestCase.init) { testCase in
            testCase.setUp()
            testCase.store.notes.append("second")
            testCase.sut.refresh.onNext(())
            XCTAssertEqual(testCase.sut.shown, ["first", "second"])
            return [testCase.store, testCase.sut]
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(survivors.map(\.name), [])
    }

    /// The subscription goes into the test case's bag, which the test case
    /// still holds: releasing the case frees the bag, which ends the
    /// subscription, which lets go of the closure and the bag it captured.
    func testAHotTestObservableInAPropertyWhoseClosureCapturesALocalBagIsClean() {
        let (report, survivors) = judgeReleasing(HotObservableTestCase.init) { testCase in
            testCase.setUp()
            let captured = subscribeCapturingALocalBag(to: testCase)
            testCase.scheduler.start()
            return [testCase.taps, testCase.scheduler, testCase.disposeBag, captured]
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(survivors.map(\.name), [])
    }

    func testAHotTestObservableInAPropertyWhoseClosureCapturesALocalBagIsCleanAfterTearDown() {
        let (report, survivors) = judgeReleasing(HotObservableTestCase.init) { testCase in
            testCase.setUp()
            let captured = subscribeCapturingALocalBag(to: testCase)
            testCase.scheduler.start()
            testCase.tearDown()
            return [testCase.taps, testCase.scheduler, captured]
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(survivors.map(\.name), [])
    }

    /// As RxTest's does, the hot observable's subscription holds the
    /// observable: with the closure capturing the bag the subscription is
    /// disposed into, they hold each other, whoever else lets go.
    func testAClosureCapturingTheBagItsSubscriptionIsDisposedIntoIsACycleThroughTheTestDouble() {
        weak var subscription: AnyObject?
        let (report, survivors) = judgeReleasing(HotObservableTestCase.init) { testCase in
            testCase.setUp()
            let captured = DisposeBag()
            let made = testCase.taps.subscribe(onNext: { _ in _ = captured })
            subscription = made as AnyObject
            made.disposed(by: captured)
            testCase.scheduler.start()
            return [testCase.taps, captured]
        }
        XCTAssertEqual(report.leaks.map(\.typeName), ["DisposeBag"], report.description)
        XCTAssertEqual(report.leaks.first?.kind, .cycle, report.description)
        XCTAssertEqual(report.leaks.first?.pattern?.id, "dispose-bag-captured", report.description)
        XCTAssertTrue(
            report.description.contains("─AnonymousDisposable.action→ TestableObservable"), report.description)
        XCTAssertTrue(report.description.contains("─captures (strong)→ DisposeBag"), report.description)
        XCTAssertEqual(survivors.map(\.name), ["TestableObservable<Int>", "DisposeBag"])
        (subscription as? Disposable)?.dispose()
        XCTAssertEqual(survivors.filter { $0.reference.object != nil }.map(\.name), [])
    }

    func testASutAlsoKeptByAStaticIsRetainedFromOutside() {
        let (report, survivors) = judgeReleasing(NotesTestCase.init) { testCase in
            testCase.setUp()
            NotesCache.stores.append(testCase.store)
            return [testCase.store, testCase.sut]
        }
        XCTAssertEqual(report.leaks.map(\.typeName), ["NoteStore"], report.description)
        XCTAssertEqual(report.leaks.first?.kind, .retainedFromOutside, report.description)
        XCTAssertEqual(survivors.map(\.name), ["NoteStore"])
        NotesCache.stores = []
    }

    /// Subscribes, into the test case's bag, a closure capturing a bag made here; returns that bag.
    private func subscribeCapturingALocalBag(to testCase: HotObservableTestCase) -> DisposeBag {
        let bag = DisposeBag()
        testCase.taps.subscribe(onNext: { _ in _ = bag }).disposed(by: testCase.disposeBag)
        return bag
    }

    /// An object still alive once the test case is released, as a weak-reference oracle sees it.
    private struct Survivor {
        let name: String
        let reference: WeakReference
    }

    private final class WeakReference {
        weak var object: AnyObject?
    }

    /// The most objects a test here watches.
    private static let watchedLimit = 8

    /// Runs `test` on a test case `make` makes, in a check judged as the whole-suite mode
    /// judges an XCTest test, as if the case had released what it holds; then
    /// releases the case for real. Returns the report and which of the objects
    /// `test` returned are still alive then.
    private func judgeReleasing<Case: AnyObject>(_ make: () -> Case, _ test: (Case) -> [AnyObject]) -> (
        LeakReport, [Survivor]
    ) {
        var testCase: Case? = make()
        // Made before the check, which would track them (the test module's own objects) and
        // judge them held from outside: they are the oracles, not the code under test.
        let references = (0..<Self.watchedLimit).map { _ in WeakReference() }
        let check = OpenLeakCheck(name)
        let watched = zip(test(testCase!), references).map { object, reference in
            reference.object = object
            return Survivor(name: "\(type(of: object))", reference: reference)
        }
        let report = check.finish(releasing: testCase)
        testCase = nil
        return (report, watched.filter { $0.reference.object != nil })
    }
}

/// Keeps stores for the process, as a singleton's cache would.
private enum NotesCache {
    nonisolated(unsafe) static var stores: [NoteStore] = []
}
