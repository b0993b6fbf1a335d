import App
import LeakTesting
import Leaks
import RxCore
import RxPolling
import RxSwift
import XCTest

/// The app's graph after `rxleaks switch`: the library's `import RxSwift` means RxLeaks too.
final class SwitchedGraphTests: XCTestCase {
    /// RxCore records the library's operators in the live subscription's chain: its code runs on RxCore.
    func testTheLibrarysOperatorsRunOnRxCore() {
        let scores = PublishSubject<Int>()
        let subscription = ScoreViewModel(scores: scores).changes.subscribe()
        let chains = SubscriptionRegistry.live.map(\.chain)
        XCTAssertTrue(chains.contains { $0.contains("scan") && $0.contains("compactMap") }, "\(chains)")
        subscription.dispose()
    }

    func testAChainThroughTheLibrarysOperatorsIsClean() {
        assertNoLeaks { _ in
            let scores = PublishSubject<Int>()
            var shown: [String] = []
            let subscription = ScoreViewModel(scores: scores).changes.subscribe(onNext: { shown.append($0) })
            scores.onNext(1)
            scores.onNext(3)
            scores.onNext(2)
            XCTAssertEqual(shown, ["1 → 3", "3 → 2"])
            subscription.dispose()
        }
    }

    func testTheLeakPlantedInTheLibraryIsFoundAtItsClosureSite() {
        let report = LeakCheck.run { _ in
            let trigger = PublishSubject<Void>()
            let refresher = Refresher(trigger: trigger, load: { .just(["b", "a"]) })
            trigger.onNext(())
            XCTAssertEqual(refresher.items.value, ["a", "b"])
        }
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Refresher"], report.description)
        XCTAssertTrue(report.description.contains("closure given to map at Refresher.swift:15"), report.description)
    }
}
