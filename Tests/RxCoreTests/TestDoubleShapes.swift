#if canImport(RxCoreTesting)
import RxCore
import RxCoreTesting
#else
import RxBlocking
import RxSwift
import RxTest
#endif

/// Usage shapes of the test doubles (``TestScheduler``, its hot and cold
/// observables, ``TestableObserver``, scheduled closures, `toBlocking()`),
/// each written the way a test writes it. A shape returns weak references to
/// what it made, by name; the objects' fates are read once the shape has
/// returned, so once the test has dropped every reference it held.
///
/// The same source compiles against RxSwift 6.10.2's RxTest and RxBlocking,
/// which is how ``TestDoubleRetentionTests`` got its expectations.
enum TestDoubleShapes {
    /// What a shape's closures capture, to see what they keep.
    final class Token {}

    /// The weak references a shape hands back, and the scheduler to run and
    /// the subscriptions to dispose afterwards, which end whatever a cycle
    /// still keeps alive.
    final class Made {
        private var watched: [(name: String, reference: WeakReference)] = []
        private(set) var received: [String: Int] = [:]
        private weak var scheduler: TestScheduler?
        private var subscriptions: [WeakReference] = []

        func watch(_ objects: KeyValuePairs<String, AnyObject>) {
            for (name, object) in objects {
                watched.append((name, WeakReference(object)))
                if let scheduler = object as? TestScheduler { self.scheduler = scheduler }
            }
        }

        /// Records how many elements the observer named `name` received.
        func count(_ name: String) -> () -> Void {
            received[name] = 0
            return { [unowned self] in received[name, default: 0] += 1 }
        }

        /// `alive` or `freed` for each watched object, then the elements each observer received.
        var fates: [String: String] {
            var fates = Dictionary(
                uniqueKeysWithValues: watched.map { ($0.name, $0.reference.object == nil ? "freed" : "alive") })
            for (name, count) in received { fates["\(name) received"] = "\(count)" }
            return fates
        }

        /// A subscription to dispose after the fates are read, if it is still alive then.
        func disposeAfterwards(_ subscription: Disposable) {
            subscriptions.append(WeakReference(subscription as AnyObject))
        }

        /// Runs the scheduler if a cycle kept it and disposes what ``disposeAfterwards(_:)``
        /// named; true when everything watched is freed after it.
        func runWhatIsLeft() -> Bool {
            scheduler?.start()
            for subscription in subscriptions { (subscription.object as? Disposable)?.dispose() }
            return watched.allSatisfy { $0.reference.object == nil }
        }
    }

    final class WeakReference {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    static let hotEvents: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(300)]
    static let endlessHotEvents: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
    static let coldEvents: [Recorded<Event<Int>>] = [.next(10, 1), .next(20, 2), .completed(100)]

    /// Each shape by name.
    static let all: [(name: String, make: (Made) -> Void)] = [
        (
            "hot, never subscribed, scheduler not started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                made.watch(["scheduler": scheduler, "hot": hot])
            }
        ),
        (
            "hot, never subscribed, scheduler started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                made.watch(["scheduler": scheduler, "hot": hot])
                scheduler.start()
            }
        ),
        (
            "hot not kept, subscribed into a bag the closure does not capture, scheduler started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let bag = DisposeBag()
                let token = Token()
                let received = made.count("observer")
                do {
                    let hot = scheduler.createHotObservable(hotEvents)
                    made.watch(["hot": hot])
                    hot.subscribe(onNext: { _ in
                        _ = token; received()
                    }).disposed(by: bag)
                }
                made.watch(["scheduler": scheduler, "bag": bag, "token": token])
                scheduler.start()
            }
        ),
        (
            "hot, subscribed into a bag the closure does not capture, scheduler run part way",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                let bag = DisposeBag()
                let token = Token()
                hot.subscribe(onNext: { _ in _ = token }).disposed(by: bag)
                made.watch(["scheduler": scheduler, "hot": hot, "bag": bag, "token": token])
                scheduler.advanceTo(250)
            }
        ),
        (
            "hot, subscribed into a bag the closure captures, scheduler run part way",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                let bag = DisposeBag()
                hot.subscribe(onNext: { _ in _ = bag }).disposed(by: bag)
                made.watch(["scheduler": scheduler, "hot": hot, "bag": bag])
                scheduler.advanceTo(250)
            }
        ),
        (
            "hot, subscribed into a bag the closure captures, scheduler started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                let bag = DisposeBag()
                hot.subscribe(onNext: { _ in _ = bag }).disposed(by: bag)
                made.watch(["scheduler": scheduler, "hot": hot, "bag": bag])
                scheduler.start()
            }
        ),
        (
            "hot that never completes, subscribed into a bag the closure captures, scheduler started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(endlessHotEvents)
                let bag = DisposeBag()
                let subscription = hot.subscribe(onNext: { _ in _ = bag })
                subscription.disposed(by: bag)
                made.disposeAfterwards(subscription)
                made.watch(["scheduler": scheduler, "hot": hot, "bag": bag])
                scheduler.start()
            }
        ),
        (
            "hot that never completes, subscription never disposed, scheduler started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(endlessHotEvents)
                let token = Token()
                let subscription = hot.subscribe(onNext: { _ in _ = token })
                made.disposeAfterwards(subscription)
                made.watch(["scheduler": scheduler, "hot": hot, "token": token])
                scheduler.start()
            }
        ),
        (
            "hot, subscription never disposed, scheduler run part way",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                let token = Token()
                _ = hot.subscribe(onNext: { _ in _ = token })
                made.watch(["scheduler": scheduler, "hot": hot, "token": token])
                scheduler.advanceTo(250)
            }
        ),
        (
            "cold, subscribed into a bag the closure does not capture, scheduler not started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let cold = scheduler.createColdObservable(coldEvents)
                let bag = DisposeBag()
                let token = Token()
                cold.subscribe(onNext: { _ in _ = token }).disposed(by: bag)
                made.watch(["scheduler": scheduler, "cold": cold, "bag": bag, "token": token])
            }
        ),
        (
            "cold, subscribed into a bag the closure captures, scheduler not started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let cold = scheduler.createColdObservable(coldEvents)
                let bag = DisposeBag()
                cold.subscribe(onNext: { _ in _ = bag }).disposed(by: bag)
                made.watch(["scheduler": scheduler, "cold": cold, "bag": bag])
            }
        ),
        (
            "cold, subscribed into a bag the closure captures, scheduler started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let cold = scheduler.createColdObservable(coldEvents)
                let bag = DisposeBag()
                cold.subscribe(onNext: { _ in _ = bag }).disposed(by: bag)
                made.watch(["scheduler": scheduler, "cold": cold, "bag": bag])
                scheduler.start()
            }
        ),
        (
            "cold, disposed before the scheduler runs its events",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let cold = scheduler.createColdObservable(coldEvents)
                let token = Token()
                let received = made.count("observer")
                let subscription = cold.subscribe(onNext: { _ in
                    _ = token; received()
                })
                scheduler.advanceTo(15)
                subscription.dispose()
                made.watch(["scheduler": scheduler, "cold": cold, "token": token])
                scheduler.start()
            }
        ),
        (
            "createObserver and start",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let cold = scheduler.createColdObservable(coldEvents)
                let observer = scheduler.start { cold.map { $0 * 2 } }
                made.watch(["scheduler": scheduler, "cold": cold, "observer": observer])
            }
        ),
        (
            "createObserver subscribed to a hot observable, scheduler not started",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable(hotEvents)
                let observer = scheduler.createObserver(Int.self)
                hot.subscribe(observer).disposed(by: DisposeBag())
                made.watch(["scheduler": scheduler, "hot": hot, "observer": observer])
            }
        ),
        (
            "scheduled closure capturing an object, never run",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                let token = Token()
                scheduler.scheduleAt(10) { _ = token }
                made.watch(["scheduler": scheduler, "token": token])
            }
        ),
        (
            "scheduled closure capturing its scheduler, never run",
            { made in
                let scheduler = TestScheduler(initialClock: 0)
                scheduler.scheduleAt(10) { _ = scheduler.clock }
                made.watch(["scheduler": scheduler])
            }
        ),
        (
            "toBlocking",
            { made in
                let token = Token()
                let source = Observable.from([1, 2, 3]).map { element -> Int in
                    _ = token; return element
                }
                made.watch(["token": token])
                _ = try? source.toBlocking().toArray()
            }
        ),
    ]
}
