import Leaks
@testable import Scenarios
import XCTest

final class BeyondTheGuideScenarioTests: GuideScenarioTestCase {
    func testIgnoredDisposableLeakingLeavesOneSubscriptionPerViewModel() throws {
        try assertGrowth(run("ignored-disposable", "leaking", repetitions: 3), perRepetition: 1)
    }

    func testIgnoredDisposableFixedIsClean() throws {
        try assertClean(run("ignored-disposable", "fixed", repetitions: 3))
    }

    func testIgnoredDisposableOnACompletingRequestIsClean() throws {
        try assertClean(run("ignored-disposable", "completing-request", repetitions: 3))
    }

    func testShareForeverRetainsTheLastPhoto() throws {
        try assertLeak(
            run("share-forever-retains-element", "leaking"), .retainedFromOutside, types: ["Photo"], pattern: nil)
    }

    func testShareWhileConnectedIsClean() throws {
        try assertClean(run("share-forever-retains-element", "fixed", repetitions: 3))
    }

    func testNestedSubscribeLeakingAddsOneInnerSubscriptionPerChatOpened() throws {
        try assertGrowth(run("nested-subscribe-growth", "leaking", repetitions: 3), perRepetition: 1)
    }

    func testNestedSubscribeFixedWithFlatMapLatestIsClean() throws {
        try assertClean(run("nested-subscribe-growth", "fixed", repetitions: 3))
    }

    func testSingletonServiceBagLeakingRetainsTheViewModel() throws {
        try assertLeak(
            run("singleton-service-bag", "leaking"), .retainedFromOutside,
            types: ["ServiceBagBadgeViewModel"], pattern: nil)
    }

    func testSingletonServiceBagWithWeakSelfLeavesOneSubscriptionPerViewModel() throws {
        try assertGrowth(run("singleton-service-bag", "weak-self", repetitions: 3), perRepetition: 1)
    }

    func testSingletonServiceBagFixedIsClean() throws {
        try assertClean(run("singleton-service-bag", "fixed", repetitions: 3))
    }

    func testSingleValueNeverResumesLeakingKeepsTheViewModel() throws {
        try assertLeak(
            run("single-value-never-resumes", "leaking"), .retainedFromOutside, types: ["ProfileViewModel"],
            pattern: nil)
    }

    func testSingleValueCompletedOnEveryPathIsClean() throws {
        try assertClean(run("single-value-never-resumes", "fixed", repetitions: 3))
    }

    func testValuesLoopKeepsOwnerLeakingKeepsTheViewModel() throws {
        try assertLeak(
            run("values-loop-keeps-owner", "leaking"), .retainedFromOutside, types: ["LeakingChatViewModel"],
            pattern: nil)
    }

    func testValuesLoopWithWeakSelfInTheLoopIsClean() throws {
        try assertClean(run("values-loop-keeps-owner", "fixed", repetitions: 3))
    }
}
