import RxCore
import RxCoreTesting
import XCTest

/// RxCoreTesting's test doubles keep, and are kept by, what RxTest's do: each
/// shape of ``TestDoubleShapes`` leaves the same objects alive as on RxSwift.
///
/// How the expectations were obtained: `TestDoubleShapes.swift`, unchanged,
/// was compiled in a scratch package outside this repository against
/// RxSwift 6.10.2's RxSwift, RxTest and RxBlocking (Linux, Swift 6.3.1, debug
/// build), whose executable ran every shape and printed each object's fate as
/// below. Nothing of that package is kept here.
///
/// The two shapes whose hot observable never completes are RxSwift's own
/// `InfallibleTest.testAsInfallible_*Relay` (a subscription never disposed)
/// and the `transform(input:disposeBag:)` leak of Tests/Fixtures/TransformApp:
/// on RxTest the subscription's disposable holds the hot observable, so both
/// keep it and its scheduler alive.
final class TestDoubleRetentionTests: XCTestCase {
    private static let onRxTest: [String: [String: String]] = [
        "hot, never subscribed, scheduler not started": ["hot": "alive", "scheduler": "alive"],
        "hot, never subscribed, scheduler started": ["hot": "freed", "scheduler": "freed"],
        "hot not kept, subscribed into a bag the closure does not capture, scheduler started":
            ["bag": "freed", "hot": "freed", "observer received": "2", "scheduler": "freed", "token": "freed"],
        "hot, subscribed into a bag the closure does not capture, scheduler run part way":
            ["bag": "freed", "hot": "alive", "scheduler": "alive", "token": "freed"],
        "hot, subscribed into a bag the closure captures, scheduler run part way": [
            "bag": "alive", "hot": "alive", "scheduler": "alive",
        ],
        "hot, subscribed into a bag the closure captures, scheduler started": [
            "bag": "freed", "hot": "freed", "scheduler": "freed",
        ],
        "hot that never completes, subscribed into a bag the closure captures, scheduler started":
            ["bag": "alive", "hot": "alive", "scheduler": "alive"],
        "hot that never completes, subscription never disposed, scheduler started": [
            "hot": "alive", "scheduler": "alive", "token": "alive",
        ],
        "hot, subscription never disposed, scheduler run part way": [
            "hot": "alive", "scheduler": "alive", "token": "alive",
        ],
        "cold, subscribed into a bag the closure does not capture, scheduler not started":
            ["bag": "freed", "cold": "freed", "scheduler": "freed", "token": "freed"],
        "cold, subscribed into a bag the closure captures, scheduler not started": [
            "bag": "alive", "cold": "alive", "scheduler": "alive",
        ],
        "cold, subscribed into a bag the closure captures, scheduler started": [
            "bag": "freed", "cold": "freed", "scheduler": "freed",
        ],
        "cold, disposed before the scheduler runs its events":
            ["cold": "freed", "observer received": "1", "scheduler": "freed", "token": "freed"],
        "createObserver and start": ["cold": "freed", "observer": "freed", "scheduler": "freed"],
        "createObserver subscribed to a hot observable, scheduler not started": [
            "hot": "alive", "observer": "freed", "scheduler": "alive",
        ],
        "scheduled closure capturing an object, never run": ["scheduler": "freed", "token": "freed"],
        "scheduled closure capturing its scheduler, never run": ["scheduler": "alive"],
        "toBlocking": ["token": "freed"],
    ]

    func testEveryShapeLeavesAliveWhatItLeavesAliveOnRxTest() {
        XCTAssertEqual(Set(TestDoubleShapes.all.map(\.name)), Set(Self.onRxTest.keys))
        for shape in TestDoubleShapes.all {
            let made = TestDoubleShapes.Made()
            shape.make(made)
            XCTAssertEqual(made.fates, Self.onRxTest[shape.name], shape.name)
            XCTAssertTrue(made.runWhatIsLeft(), "running the scheduler ends what \(shape.name) left alive")
        }
    }
}
