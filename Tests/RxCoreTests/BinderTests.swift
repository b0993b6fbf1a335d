import Foundation
import RxCore
import RxCoreTesting
import XCTest

private enum BinderTestError: Error { case boom }

/// A stand-in for a UI control.
private final class Label: ReactiveCompatible {
    var text: String?
    var isHidden = false
}

extension Reactive where Base == Label {
    /// A custom binder, written the way RxCocoa extensions are.
    fileprivate var isVisible: Binder<Bool> {
        Binder(base) { label, visible in label.isHidden = !visible }
    }
}

private final class View: NSObject {
    var alpha = 1.0
}

final class BinderTests: RxTestCase {
    override func setUp() {
        super.setUp()
        Resources.clearDiagnostics()
    }

    func testABinderWritesIntoItsTargetOnTheMainThread() {
        let label = Label()
        let subject = PublishSubject<String?>()
        let bag = DisposeBag()
        subject.bind(to: Binder(label) { label, text in label.text = text }).disposed(by: bag)
        subject.onNext("now")
        XCTAssertEqual(label.text, "now", "on the main thread with nothing queued the write is immediate")
        BackgroundThread.run { subject.onNext("later") }
        XCTAssertEqual(label.text, "now", "a write from another thread waits for the main thread")
        MainScheduler.drain()
        XCTAssertEqual(label.text, "later")
    }

    func testABinderHoldsItsTargetWeaklyAndThenDoesNothing() {
        var label: Label? = Label()
        weak let watched = label
        var writes = 0
        let binder = Binder(label!) { label, text in
            label.text = text
            writes += 1
        }
        let subject = PublishSubject<String?>()
        let bag = DisposeBag()
        subject.bind(to: binder).disposed(by: bag)
        subject.onNext("a")
        label = nil
        XCTAssertNil(watched, "neither the binder nor the binding keeps the target alive")
        subject.onNext("b")
        XCTAssertEqual(writes, 1)
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.verb), ["bind"], "the binding itself lives until its bag goes")
    }

    func testABinderUsesTheSchedulerItIsGiven() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        var writes: [(TestTime, String?)] = []
        let binder = Binder(label, scheduler: scheduler) { label, text in
            label.text = text
            writes.append((scheduler.clock, text))
        }
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b")])
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = xs.bind(to: binder) }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(writes.map(\.0), [211, 221])
        XCTAssertEqual(writes.map(\.1), ["a", "b"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testAnErrorReachingABinderIsRecordedWithTheBindersSite() {
        let label = Label()
        let line: UInt = #line + 1
        let binder = Binder<String?>(label) { label, text in label.text = text }
        let subject = PublishSubject<String?>()
        _ = subject.bind(to: binder)
        subject.onError(BinderTestError.boom)
        XCTAssertEqual(Resources.diagnostics.map(\.kind), [.bindingError])
        XCTAssertEqual(Resources.diagnostics.first?.resource, "Binder<Optional<String>>")
        XCTAssertEqual(Resources.diagnostics.first?.site?.line, line)
        XCTAssertEqual(liveSubscriptionsOfThisTest.count, 0)
    }

    func testRxDynamicMembersAreBindersForReactiveCompatibleClassesAndNSObjects() {
        let label = Label()
        let view = View()
        let bag = DisposeBag()
        let texts = PublishSubject<String?>()
        let visibility = PublishSubject<Bool>()
        let alphas = PublishSubject<Double>()
        texts.bind(to: label.rx.text).disposed(by: bag)
        visibility.bind(to: label.rx.isVisible).disposed(by: bag)
        alphas.bind(to: view.rx.alpha).disposed(by: bag)
        let plainTexts = PublishSubject<String>()
        plainTexts.bind(to: label.rx.text).disposed(by: bag)
        plainTexts.onNext("plain")
        XCTAssertEqual(label.text, "plain", "a non-optional source binds to an optional property")
        texts.onNext("hello")
        visibility.onNext(false)
        alphas.onNext(0.5)
        XCTAssertEqual(label.text, "hello")
        XCTAssertTrue(label.isHidden)
        XCTAssertEqual(view.alpha, 0.5)
        XCTAssertTrue(Label.rx == Reactive<Label>.self)
        XCTAssertTrue(label.rx.base === label)
    }

    func testAControlPropertyReadsItsValuesAndWritesIntoItsSink() {
        let storage = BehaviorRelay<String?>(value: nil)
        let property = ControlProperty(values: storage.asObservable(), valueSink: Binder(storage) { $0.accept($1) })
        var read: [String] = [], changes: [String] = []
        let bag = DisposeBag()
        property.orEmpty.subscribe(onNext: { read.append($0) }).disposed(by: bag)
        property.orEmpty.changed.subscribe(onNext: { changes.append($0) }).disposed(by: bag)
        Observable.just("typed").bind(to: property).disposed(by: bag)
        Observable.just("again").bind(to: property.orEmpty).disposed(by: bag)
        XCTAssertEqual(read, ["", "typed", "again"])
        XCTAssertEqual(changes, ["typed", "again"])
        XCTAssertEqual(storage.value, "again")

        let failing = PublishSubject<String?>()
        failing.bind(to: property).disposed(by: bag)
        failing.onError(BinderTestError.boom)
        XCTAssertEqual(Resources.diagnostics.map(\.kind), [.bindingError])
        XCTAssertEqual(storage.value, "again")
    }

    func testAControlEventAsDriverAndSignal() {
        let taps = PublishSubject<Void>()
        let event = ControlEvent(events: taps)
        var driven = 0, emitted = 0
        let bag = DisposeBag()
        event.asDriver().drive(onNext: { driven += 1 }).disposed(by: bag)
        event.asSignal().emit(onNext: { emitted += 1 }).disposed(by: bag)
        taps.onNext(())
        taps.onNext(())
        XCTAssertEqual([driven, emitted], [2, 2])
        XCTAssertEqual(liveSubscriptionsOfThisTest.map(\.verb), ["drive", "emit"])
    }
}
