import InvitationApp
import RxSwift
import XCTest

final class InvitationViewModelTests: XCTestCase {
    private let disposeBag = DisposeBag()

    /// The screen appears four times and binds each time; the test watches the accepted names itself.
    func testAcceptingShowsTheTeam() {
        let service = InvitationService()
        let viewModel = InvitationViewModel(service: service)
        let screenBag = DisposeBag()
        for _ in 0..<4 { viewModel.bind(disposeBag: screenBag) }
        var accepted: [String] = []
        service.accepted.subscribe(onNext: { accepted.append($0) }).disposed(by: disposeBag)
        service.accepted.onNext("rx")
        XCTAssertEqual(accepted, ["rx"])
        XCTAssertEqual(viewModel.shown, ["team rx", "team rx", "team rx", "team rx"])
    }
}
