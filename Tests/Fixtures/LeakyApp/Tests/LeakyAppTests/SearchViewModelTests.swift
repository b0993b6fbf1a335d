import LeakyApp
import RxBlocking
import RxSwift
import XCTest

final class SearchViewModelTests: XCTestCase {
    private let catalogue = ["Alpha", "alpine", "beta"]

    func testSearchFindsResults() {
        let viewModel = SearchViewModel(catalogue: catalogue)
        viewModel.query.onNext("AL")
        XCTAssertEqual(viewModel.results, ["alpine"])
    }

    func testFixedSearchFindsResults() throws {
        let viewModel = FixedSearchViewModel(catalogue: catalogue)
        viewModel.query.onNext("AL")
        XCTAssertEqual(try viewModel.results.asObservable().toBlocking().first(), ["alpine"])
    }
}

/// The system under test kept in a property and never set to nil: XCTest
/// keeps the test case, but that is not the view model's leak.
final class FixedSearchViewModelPropertyTests: XCTestCase {
    private var sut: FixedSearchViewModel!

    override func setUp() {
        super.setUp()
        sut = FixedSearchViewModel(catalogue: ["one", "two"])
    }

    func testEmptyQueryFindsEverything() {
        sut.query.onNext("")
        XCTAssertEqual(sut.results.value, ["one", "two"])
    }
}
