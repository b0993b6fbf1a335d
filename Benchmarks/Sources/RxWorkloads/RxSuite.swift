// Compiled twice: as RxWorkloads against RxCore, and (through the
// Sources/RxWorkloadsUnaccounted symlink) as RxWorkloadsUnaccounted against the
// same core built with RXCORE_NO_ACCOUNTING.
#if RXCORE_NO_ACCOUNTING
import RxCoreUnaccounted
#else
import RxCore
#endif
#if !RXCORE_NO_ACCOUNTING
import Leaks
#endif
import BenchSupport
import Dispatch

/// The RxCore workloads; each runs `n` operations and returns the nanoseconds
/// its timed part took (setup that is not the operation stays outside).
public enum RxSuite {
    /// Captures a libunwind backtrace for every subscription while on, as leak
    /// checks with backtraces do (the unaccounted core keeps no registry).
    public static func setBacktraces(_ on: Bool) {
        #if !RXCORE_NO_ACCOUNTING
        Backtraces.isEnabled = on
        #endif
    }

    /// (a) subject → map → filter → one subscriber, per event.
    public static func a(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 &+ 1 }.filter { $0 >= 0 }.subscribe(onNext: { consume($0) })
        let start = now()
        for i in 0..<n { subject.onNext(i) }
        let elapsed = now() - start
        subscription.dispose()
        return elapsed
    }

    /// (b) `just(1).map.filter`, subscribe and dispose, per operation.
    public static func b(_ n: Int) -> UInt64 {
        let start = now()
        for _ in 0..<n {
            Observable.just(1).map { $0 &+ 1 }.filter { $0 >= 0 }.subscribe(onNext: { consume($0) }).dispose()
        }
        return now() - start
    }

    /// (c) `n` subscriptions of one subject into a bag, then the bag freed, per subscription.
    public static func c(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let start = now()
        do {
            let bag = DisposeBag()
            for _ in 0..<n { subject.subscribe(onNext: { consume($0) }).disposed(by: bag) }
        }
        return now() - start
    }

    /// (d) `flatMap { just($0) }`, per event.
    public static func d(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: { consume($0) })
        let start = now()
        for i in 0..<n { subject.onNext(i) }
        let elapsed = now() - start
        subscription.dispose()
        return elapsed
    }

    /// (e) one subject, 1,000 subscribers, per delivery (`n` is rounded to whole events).
    public static func e(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        for _ in 0..<1000 { subject.subscribe(onNext: { consume($0) }).disposed(by: bag) }
        let start = now()
        for i in 0..<max(1, n / 1000) { subject.onNext(i) }
        return now() - start
    }

    /// (f) `combineLatest` of two BehaviorSubjects, per emission (the
    /// subjects take turns, so every element makes a result).
    public static func f(_ n: Int) -> UInt64 {
        let first = BehaviorSubject(value: 0), second = BehaviorSubject(value: 0)
        let subscription = Observable.combineLatest(first, second) { $0 &+ $1 }.subscribe(onNext: { consume($0) })
        let start = now()
        for i in 0..<n {
            if i & 1 == 0 { first.onNext(i) } else { second.onNext(i) }
        }
        let elapsed = now() - start
        subscription.dispose()
        return elapsed
    }

    /// (g) `share(replay: 1)` of a subject with 100 subscribers, per delivery
    /// (`n` is rounded to whole events).
    public static func g(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let bag = DisposeBag()
        for _ in 0..<100 { shared.subscribe(onNext: { consume($0) }).disposed(by: bag) }
        let start = now()
        for i in 0..<max(1, n / 100) { subject.onNext(i) }
        return now() - start
    }

    /// (h) an 8-operator chain from a subject to one subscriber, per event.
    public static func h(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let subscription =
            subject
            .map { $0 &+ 1 }
            .filter { $0 >= 0 }
            .compactMap { $0 }
            .map { $0 &* 2 }
            .scan(0) { $0 &+ $1 }
            .distinctUntilChanged()
            .filter { $0 != -1 }
            .map { $0 &- 1 }
            .subscribe(onNext: { consume($0) })
        let start = now()
        for i in 0..<n { subject.onNext(i) }
        let elapsed = now() - start
        subscription.dispose()
        return elapsed
    }

    /// (i) `observe(on:)` a serial dispatch scheduler, per event: the time
    /// until the last event reached the subscriber on the queue.
    public static func i(_ n: Int) -> UInt64 {
        let subject = PublishSubject<Int>()
        let delivered = DispatchSemaphore(value: 0)
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            consume(value)
            if value == n - 1 { delivered.signal() }
        })
        let start = now()
        for i in 0..<n { subject.onNext(i) }
        delivered.wait()
        let elapsed = now() - start
        subscription.dispose()
        return elapsed
    }

    /// The soak: `n` subscribe/dispose cycles on one subject.
    public static func soak(_ n: Int) {
        let subject = PublishSubject<Int>()
        for _ in 0..<n { subject.subscribe(onNext: { consume($0) }).dispose() }
    }
}
