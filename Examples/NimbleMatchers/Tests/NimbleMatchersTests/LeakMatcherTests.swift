import LeakNimble
import Leaks
import Nimble
import RxCore
import XCTest

/// A view model whose `bind()` subscribes with a closure that captures it strongly, into its own bag: a
/// retain cycle. `bindWeakly()` is its fixed twin.
private final class ProfileViewModel {
    let names = PublishSubject<String>()
    let disposeBag = DisposeBag()
    var title = ""

    func bind() { names.subscribe(onNext: { self.title = $0 }).disposed(by: disposeBag) }
    func bindWeakly() { names.subscribe(onNext: { [weak self] in self?.title = $0 }).disposed(by: disposeBag) }
}

final class LeakMatcherTests: XCTestCase {
    func testACleanBlockPassesToNotLeak() {
        weak var released: ProfileViewModel?
        let failures = gatherFailingExpectations(silently: true) {
            expect {
                let viewModel = ProfileViewModel()
                released = viewModel
                viewModel.bindWeakly()
            }.toNot(leak())
        }
        XCTAssertEqual(failures.map(\.message.stringValue), [])
        XCTAssertNil(released, "the oracle: the fixed view model is freed")
    }

    func testALeakingBlockFailsToNotLeakWithTheReport() {
        weak var leaked: ProfileViewModel?
        let failures = gatherFailingExpectations(silently: true) {
            expect {
                let viewModel = ProfileViewModel()
                leaked = viewModel
                viewModel.bind()
            }.toNot(leak())
        }
        XCTAssertNotNil(leaked, "the oracle: the view model really is alive")
        XCTAssertEqual(failures.count, 1)
        let message = failures.first?.message.stringValue ?? ""
        XCTAssertTrue(message.hasPrefix("expected to not leak"), message)
        XCTAssertTrue(message.contains("ProfileViewModel leaked (held only by a retain cycle)"), message)
        XCTAssertTrue(message.contains("closure given to subscribe(onNext:) at LeakMatcherTests.swift:14"), message)
        leaked?.names.onCompleted()
        XCTAssertNil(leaked, "completing the subject breaks the cycle")
    }

    func testAFreedObjectIsReleased() {
        var viewModel: ProfileViewModel? = ProfileViewModel()
        weak let released = viewModel
        viewModel?.bindWeakly()
        viewModel = nil
        let failures = gatherFailingExpectations(silently: true) {
            expect(released).to(beReleased())
        }
        XCTAssertEqual(failures.map(\.message.stringValue), [])
        XCTAssertNil(released)
    }

    func testAnObjectStillAliveFailsBeReleasedWithWhatHoldsIt() {
        var viewModel: ProfileViewModel? = ProfileViewModel()
        weak let released = viewModel
        viewModel?.bind()
        viewModel = nil
        let failures = gatherFailingExpectations(silently: true) {
            expect(released).to(beReleased())
        }
        XCTAssertNotNil(released, "the oracle: the view model really is alive")
        XCTAssertEqual(failures.count, 1)
        let message = failures.first?.message.stringValue ?? ""
        XCTAssertTrue(message.hasPrefix("expected to be released, got ProfileViewModel still alive"), message)
        XCTAssertTrue(
            message.contains("closure given at LeakMatcherTests.swift:14 ─captures→ ProfileViewModel"), message)
        released?.names.onCompleted()
        XCTAssertNil(released, "completing the subject breaks the cycle")
    }
}
