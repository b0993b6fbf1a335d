import LeakyApp
import RxSwift
import Testing

@Suite struct ProfilePresenterTests {
    @Test func showsTheSelectedProfile() {
        let presenter = ProfilePresenter()
        presenter.configure()
        presenter.selectedID.onNext(7)
        #expect(presenter.shown == [Profile(name: "user 7")])
    }

    @Test func fixedShowsTheSelectedProfile() {
        let presenter = FixedProfilePresenter()
        presenter.configure()
        presenter.selectedID.onNext(7)
        #expect(presenter.shown == [Profile(name: "user 7")])
    }

    @Test(arguments: [1, 2, 3]) func fixedShowsEachProfile(id: Int) {
        let presenter = FixedProfilePresenter()
        presenter.configure()
        presenter.selectedID.onNext(id)
        #expect(presenter.shown.count == 1)
    }
}
