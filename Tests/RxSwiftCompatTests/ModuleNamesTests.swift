import Foundation
import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

/// A view model as an RxSwift code base writes it: module-qualified RxSwift names, a relay, a
/// `Driver`, a `Binder` and a dispose bag, reached only through RxSwift's module names.
private final class SearchViewModel {
    let query = RxRelay.BehaviorRelay<String>(value: "")
    let results: RxCocoa.Driver<[String]>

    init(catalogue: [String], scheduler: RxSwift.SchedulerType) {
        results =
            query
            .debounce(.milliseconds(300), scheduler: scheduler)
            .map { query in catalogue.filter { $0.hasPrefix(query) } }
            .asDriver(onErrorJustReturn: [])
    }
}

private final class Label {
    var text = ""
}

final class ModuleNamesTests: XCTestCase {
    func testViewModelWrittenForRxSwiftRunsOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)  // one tick per millisecond
        var viewModel: SearchViewModel!
        SharingScheduler.mock(scheduler: scheduler) {
            viewModel = SearchViewModel(catalogue: ["apple", "apricot", "banana"], scheduler: scheduler)
        }
        let typed = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "ap"), .next(700, "b"),
        ])
        let bag = RxSwift.DisposeBag()
        typed.bind(to: viewModel.query).disposed(by: bag)

        let recorded = scheduler.start(created: 0, subscribed: 0, disposed: 2000) {
            viewModel.results.asObservable()
        }

        // "" is dropped ("a" comes within 300 ms); the Driver delivers one tick after the debounce, as
        // TestScheduler simulates the hop onto the sharing scheduler.
        XCTAssertEqual(
            recorded.events,
            [
                .next(521, ["apple", "apricot"]),
                .next(1001, ["banana"]),
            ])
    }

    func testBinderWritesIntoItsTargetThroughRxCocoa() {
        let label = Label()
        let binder = RxCocoa.Binder(label, scheduler: CurrentThreadScheduler.instance) { label, text in
            label.text = text
        }
        let subject = RxSwift.PublishSubject<String>()
        let subscription = subject.bind(to: binder)

        subject.onNext("loaded")
        subscription.dispose()
        subject.onNext("ignored after dispose")

        XCTAssertEqual(label.text, "loaded")
    }

    func testBlockingOperatorsThroughRxBlocking() throws {
        let numbers = RxSwift.Observable.from([1, 2, 3]).map { $0 * 10 }

        XCTAssertEqual(try numbers.toBlocking(timeout: 1).toArray(), [10, 20, 30])
        XCTAssertEqual(try numbers.toBlocking().first(), 10)
        XCTAssertThrowsError(try numbers.toBlocking().single())
    }

    func testRelayNeverEndsThroughRxRelay() {
        let relay = RxRelay.PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })

        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)

        XCTAssertEqual(received, [1, 2])
    }

    /// Names code written for RxSwift 6.10 uses that RxCore once lacked or spelt differently.
    func testRxSwiftSpellingsOfSubjectsSchedulersAndTypes() throws {
        let replayed = RxSwift.ReplaySubject<Int>.createUnbounded()
        let observer: RxSwift.ReplaySubject<Int>.SubjectObserverType = replayed.asObserver()
        for value in 1...3 { observer.onNext(value) }
        observer.onCompleted()
        let sequence: RxSwift.RxObservable<Int> = replayed.asObservable()
        XCTAssertEqual(
            try sequence.toBlocking(timeout: 1).toArray(), [1, 2, 3], "an unbounded replay keeps every element")

        let delay: RxSwift.SerialDispatchQueueScheduler.TimeInterval = 0.25
        let start: RxSwift.ConcurrentMainScheduler.Time = RxSwift.ConcurrentMainScheduler.instance.now
        XCTAssertEqual(start.addingTimeInterval(delay).timeIntervalSince(start), 0.25)

        var subscribedOnMain: [Bool] = []
        _ = RxSwift.Observable<Int>.create { observer in
            subscribedOnMain.append(Thread.isMainThread)
            return Disposables.create()
        }.subscribe(on: RxSwift.ConcurrentMainScheduler.instance).subscribe()
        XCTAssertEqual(subscribedOnMain, [true], "from the main thread, subscribed at once")

        let subject = RxSwift.PublishSubject<Int>()
        var received: [Int] = []
        var base: RxSwift.DisposeBase? = RxSwift.DisposeBag()
        subject.subscribe(onNext: { received.append($0) }).disposed(by: try XCTUnwrap(base as? RxSwift.DisposeBag))
        subject.onNext(1)
        base = nil
        subject.onNext(2)
        XCTAssertEqual(received, [1], "a bag released through its base type disposes what it holds")
    }
}
