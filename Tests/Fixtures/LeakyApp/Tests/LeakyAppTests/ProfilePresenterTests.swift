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

    /// Makes nothing with RxSwift: the whole-suite mode tracks nothing for it.
    @Test func profilesCompareByName() {
        #expect(Profile(name: "user 7") == Profile(name: "user 7"))
    }

    /// Fails on purpose, without leaking: `rxleaks test` reports the failure, not a leak.
    @Test func fixedExpectsTheWrongProfile() {
        let presenter = FixedProfilePresenter()
        presenter.configure()
        presenter.selectedID.onNext(7)
        #expect(presenter.shown == [Profile(name: "user 8")])
    }
}
