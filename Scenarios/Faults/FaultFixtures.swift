#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Leaks
import RxCore

/// Deliberately faulty scenarios for testing the runner, not the guide: a
/// body that throws, work that never settles, a re-entrant flood, a body
/// slower than the time limit, a crash.
/// Each is followed by a clean variant that shows the run went on.
///
/// They are not in ``Catalogue/all`` (they describe no leak of the guide);
/// `rxleaks run --fault-fixtures` runs them, and their expectations name the
/// fault, so a run in which every fault is reported as such matches.
package enum FaultFixtures {
    /// Every fixture. `fault-unexpected-crash` kills an in-process run: it
    /// shows what the CLI says then (run it with `--isolate`).
    package static let all: [Scenario] = [throwing, unsettled, flood, slow, crash, unexpectedCrash]

    static let reference = GuideReference(file: "fault fixtures", section: "Faults", passage: "")

    /// The error the throwing fixture throws.
    struct GaveUp: Error, CustomStringConvertible {
        var description: String { "the fixture gave up half way" }
    }

    /// A screen that keeps itself through its own subscription.
    final class FaultyScreen {
        let disposeBag = DisposeBag()
        let taps = PublishSubject<Int>()
        var count = 0

        func bind() { taps.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag) }
    }

    /// Entered while the unsettled fixture's timer runs, left when it ends.
    /// Pending work is waited for by the check that scheduled it only, so the
    /// variant after the fault waits for the timer explicitly: otherwise it
    /// would end, and free its subscription, during whatever check runs next.
    static let pendingTimers = DispatchGroup()

    static let afterTheFault = Variant("after-the-fault", role: .control, expect: .clean) { scope in
        _ = pendingTimers.wait(timeout: .now() + 5)
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe()
        subject.onNext(1)
        subscription.dispose()
    }

    static let throwing = Scenario(
        id: "fault-throws", title: "A body that throws after leaking", guide: reference,
        explanation: "The body leaks a screen, then throws: the run reports the error and what leaked.",
        fix: "",
        variants: [
            Variant("throws-after-leaking", role: .leaking, expect: .threw) { scope in
                let screen = FaultyScreen()
                scope.track(screen)
                screen.bind()
                throw GaveUp()
            },
            afterTheFault,
        ])

    static let unsettled = Scenario(
        id: "fault-unsettled", title: "Work still pending when settling gives up", guide: reference,
        explanation: """
            A delayed item outlives the settling deadline: the run reports what is pending. Pending work is \
            waited for by its own check only, so the next variant waits for the item. It is due seconds after \
            the deadline, so that a check slowed down by a loaded machine still ends before it.
            """,
        fix: "",
        variants: [
            Variant("pending-timer", role: .leaking, expect: .unsettled, settle: .timeout(.milliseconds(200))) { _ in
                let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "fault-unsettled")
                pendingTimers.enter()
                _ = Observable<Int>.timer(.seconds(3), scheduler: scheduler).subscribe(onDisposed: {
                    pendingTimers.leave()
                })
            },
            afterTheFault,
        ])

    static let flood = Scenario(
        id: "fault-flood", title: "An observer that sends into the subject it observes, without end", guide: reference,
        explanation:
            "Each event sends another from inside its own delivery; RxCore drops the deliveries nested too deep.",
        fix: "",
        variants: [
            Variant("reentrant-subject", role: .leaking, expect: .runawayReentrancy) { _ in
                let subject = PublishSubject<Int>()
                let subscription = subject.subscribe(onNext: { subject.onNext($0 + 1) })
                subject.onNext(0)
                subscription.dispose()
            },
            afterTheFault,
        ])

    static let slow = Scenario(
        id: "fault-slow", title: "A body that takes longer than the time limit", guide: reference,
        explanation: "It returns after a second and a half: past a short --time-limit the CLI names it while it runs.",
        fix: "",
        variants: [
            Variant("sleeps", role: .control, expect: .clean) { _ in usleep(1_500_000) },
            afterTheFault,
        ])

    static let crash = crashing(
        id: "fault-crash", title: "A body that stops the process",
        explanation: "Expected to crash, so it runs in a child process and the crash is its outcome.",
        expect: .crash(reason: "fatal error: fault fixture"), message: "fault fixture")

    static let unexpectedCrash = crashing(
        id: "fault-unexpected-crash", title: "A body that stops the process when it should not",
        explanation: "Expected to be clean, so it runs in-process unless --isolate is given.",
        expect: .clean, message: "fault fixture, unexpected")

    private static func crashing(
        id: String, title: String, explanation: String, expect expectation: Expectation, message: String
    ) -> Scenario {
        Scenario(
            id: id, title: title, guide: reference, explanation: explanation, fix: "",
            variants: [
                Variant("fatal-error", role: .leaking, expect: expectation) { _ in fatalError(message) },
                afterTheFault,
            ])
    }
}
