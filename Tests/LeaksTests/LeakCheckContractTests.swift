import Leaks
import RxCore
import XCTest

private final class Presenter {
    let disposeBag = DisposeBag()
    let events = PublishSubject<Int>()
    var received: [Int] = []

    func configureLeaking() {
        events.subscribe(onNext: { self.received.append($0) }).disposed(by: disposeBag)
    }

    func configureFixed() {
        events.subscribe(onNext: { [weak self] in self?.received.append($0) }).disposed(by: disposeBag)
    }
}

private struct Model {}

final class LeakCheckContractTests: XCTestCase {
    func testAReleasedObjectIsClean() {
        let report = LeakCheck.run("fixed presenter") { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.configureFixed()
        }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.leaks.count, 0)
        XCTAssertEqual(report.resourceDelta, 0)
        XCTAssertEqual(report.liveSubscriptions.count, 0)
    }

    func testAnObjectKeptAliveByItsOwnSubscriptionLeaks() {
        let report = LeakCheck.run("leaking presenter") { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.configureLeaking()
            breakCycleAfterTest(through: presenter.events)
        }
        XCTAssertFalse(report.isClean)
        XCTAssertEqual(report.leaks.map(\.typeName), ["Presenter"])
        XCTAssertEqual(report.leaks.first?.trackedAt.origin, .explicit)
        XCTAssertEqual(report.leaks.first?.trackedAt.line, 37)
        XCTAssertEqual(report.liveSubscriptions.count, 1)
        XCTAssertEqual(report.liveSubscriptions.first?.chain, "PublishSubject<Int> → subscribe")
        XCTAssertGreaterThan(report.resourceDelta, 0)
        XCTAssertTrue(report.description.contains("Presenter leaked"), report.description)
    }

    func testTrackingAValueTypeIsReportedAsAProblem() {
        let report = LeakCheck.run { scope in
            scope.track(Model())
        }
        XCTAssertEqual(report.problems.count, 1)
        XCTAssertTrue(report.problems[0].contains("cannot track a value of type Model"), report.problems[0])
        XCTAssertTrue(report.leaks.isEmpty)
    }

    func testTrackingTwiceIsReportedOnce() {
        let report = LeakCheck.run { scope in
            let presenter = Presenter()
            scope.track(presenter)
            scope.track(presenter)
        }
        XCTAssertEqual(report.problems.count, 1)
        XCTAssertTrue(report.problems[0].contains("tracked twice"))
        XCTAssertTrue(report.leaks.isEmpty)
    }

    func testAThrowingBlockIsReportedWithWhatItLeaked() {
        struct Failure: Error {}
        let report = LeakCheck.run { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.configureLeaking()
            breakCycleAfterTest(through: presenter.events)
            throw Failure()
        }
        XCTAssertEqual(report.thrownError, "Failure()")
        XCTAssertEqual(report.leaks.map(\.typeName), ["Presenter"])
        XCTAssertFalse(report.isClean)
    }

    func testAnEmptyBlockIsClean() {
        let report = LeakCheck.run { _ in }
        XCTAssertTrue(report.isClean, report.description)
        XCTAssertEqual(report.counts.before.total, report.counts.afterSettling.total)
    }

    func testTheReportEncodesAsJSON() throws {
        let report = LeakCheck.run("json") { scope in
            let presenter = Presenter()
            scope.track(presenter)
            presenter.configureLeaking()
            breakCycleAfterTest(through: presenter.events)
        }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        XCTAssertEqual(json["name"] as? String, "json")
        XCTAssertEqual(json["isClean"] as? Bool, false)
        let leaks = try XCTUnwrap(json["leaks"] as? [[String: Any]])
        XCTAssertEqual(leaks.first?["typeName"] as? String, "Presenter")
        let subscriptions = try XCTUnwrap(json["liveSubscriptions"] as? [[String: Any]])
        XCTAssertEqual(subscriptions.first?["chain"] as? String, "PublishSubject<Int> → subscribe")
    }

    func testOneOpenCheckAtATimeAttributesWorkAndASecondSaysItCannot() {
        let first = OpenLeakCheck("first")
        let second = OpenLeakCheck("second")
        let secondReport = second.finish()
        XCTAssertTrue(first.finish().problems.isEmpty)
        XCTAssertEqual(secondReport.problems.count, 1)
        XCTAssertTrue(
            secondReport.problems.first?.contains("another open leak check was running") ?? false,
            secondReport.description)
        XCTAssertTrue(OpenLeakCheck("third").finish().problems.isEmpty, "the first one's end frees the place")
    }
}
