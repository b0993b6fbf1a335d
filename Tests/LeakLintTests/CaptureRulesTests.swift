#if Lint
import LeakLint
import XCTest

/// The rules about what closures and method references capture.
final class CaptureRulesTests: XCTestCase {
    func testMethodReferenceOnOpenEndedSourceIsFlagged() {
        let source = """
            final class Presenter {
                let disposeBag = DisposeBag()
                func doWork(model: Model) -> Observable<Work> { .just(Work()) }
                func handle(_ value: Work) {}
                func configure() {
                    interactor.modelUpdates
                        .flatMap(doWork(model:))
                        .subscribe(onNext: handle)
                        .disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "method-reference-implicit-self", in: source), [7, 8])
    }

    func testStaticMethodReferenceAndCompletingRequestAreNotFlagged() {
        let source = """
            final class Presenter {
                let disposeBag = DisposeBag()
                func doWork(model: Model) -> Observable<Work> { .just(Work()) }
                static func doWork(model: Model) -> Observable<Work> { .just(Work()) }
                func configure() {
                    interactor.modelUpdates
                        .flatMap(Presenter.doWork(model:))
                        .subscribe()
                        .disposed(by: disposeBag)
                    interactor.apiCall()
                        .flatMap(doWork(model:))
                        .subscribe()
                        .disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "method-reference-implicit-self", in: source), [])
    }

    func testMethodReferenceInAStructIsNotFlagged() {
        let source = """
            struct Mapper {
                func convert(_ value: Int) -> String { "" }
                func wire(_ values: Observable<Int>) -> Observable<String> { values.map(convert) }
            }
            """
        XCTAssertEqual(flaggedLines(of: "method-reference-implicit-self", in: source), [])
    }

    func testClosureUsingSelfOnOpenEndedSourceIsFlagged() {
        let source = """
            final class ViewModel {
                let disposeBag = DisposeBag()
                let user = BehaviorRelay<User?>(value: nil)
                init(api: API) {
                    api.userUpdates(withIdentifier: "me")
                        .subscribe(onNext: { user in self.user.accept(user) })
                        .disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "closure-strong-self", in: source), [6])
    }

    func testClosureWithWeakSelfOrOnARequestIsNotFlagged() {
        let source = """
            final class ViewModel {
                let disposeBag = DisposeBag()
                let user = BehaviorRelay<User?>(value: nil)
                init(api: API) {
                    api.userUpdates(withIdentifier: "me")
                        .subscribe(onNext: { [weak self] user in self?.user.accept(user) })
                        .disposed(by: disposeBag)
                    api.user(withIdentifier: "me")
                        .subscribe(onNext: { user in self.user.accept(user) })
                        .disposed(by: disposeBag)
                    [1, 2].map { self.describe($0) }
                }
                func describe(_ value: Int) -> String { "" }
            }
            """
        XCTAssertEqual(flaggedLines(of: "closure-strong-self", in: source), [])
    }

    func testBinderClosureRetainingSelfIsFlagged() {
        let source = """
            final class SettingsViewController: UIViewController {
                let disposeBag = DisposeBag()
                func bind(_ notifications: BehaviorRelay<Bool>) {
                    notifications
                        .bind(to: Binder(self) { (_, isOn) in
                            self.toggle.isOn = isOn
                        })
                        .disposed(by: disposeBag)
                    notifications
                        .bind(to: Binder(self) { controller, isOn in controller.toggle.isOn = isOn })
                        .disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "closure-strong-self", in: source), [6])
    }

    func testCaptureListWithAModifierMissingIsFlagged() {
        let source = """
            final class OrdersPresenter {
                private unowned let view: OrdersView
                private let wireframe: OrdersWireframe
                func configure(_ taps: Observable<Void>, stepper: Stepper) {
                    taps.subscribe(onNext: { [unowned wireframe, view] in view.hide() })
                    taps.subscribe(onNext: { [unowned self, stepper] in self.go(stepper) })
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "capture-list-missing-modifier", in: source), [5, 6])
    }

    func testCaptureListNamingAStrongPropertyOrAllModifiedIsNotFlagged() {
        let source = """
            final class OrdersPresenter {
                private unowned let view: OrdersView
                private let wireframe: OrdersWireframe
                func configure(_ taps: Observable<Void>) {
                    taps.subscribe(onNext: { [weak view, wireframe] in view?.hide() })
                    taps.subscribe(onNext: { [unowned wireframe, weak view] in view?.hide() })
                    taps.subscribe(onNext: { [wireframe] in wireframe.close() })
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "capture-list-missing-modifier", in: source), [])
    }

    func testUnownedInASubscriptionNoBagKeepsIsFlagged() {
        let source = """
            final class UploadPresenter {
                let disposeBag = DisposeBag()
                func start(_ progress: Observable<Int>) {
                    _ = progress.subscribe(onNext: { [unowned self] value in self.show(value) })
                    progress.subscribe(onNext: { [unowned self] value in self.show(value) })
                        .disposed(by: disposeBag)
                    _ = progress.subscribe(onNext: { [weak self] value in self?.show(value) })
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "unowned-outlives-owner", in: source), [4])
    }

    func testUnownedSelfInASubscriptionDisposedByALongerLivedBagIsFlagged() {
        let source = """
            final class ProductCellPresenter {
                let disposeBag = DisposeBag()
                func bind(_ cell: ProductCell, prices: Observable<Int>, bag: DisposeBag) {
                    prices.subscribe(onNext: { [unowned self] price in self.show(price) })
                        .disposed(by: cell.disposeBag)
                    prices.subscribe(onNext: { [unowned self] price in self.show(price) })
                        .disposed(by: bag)
                    prices.subscribe(onNext: { [unowned self] price in self.show(price) })
                        .disposed(by: self.disposeBag)
                    prices.subscribe(onNext: { [unowned cell] price in cell.show(price) })
                        .disposed(by: cell.disposeBag)
                    prices.subscribe(onNext: { [weak self] price in self?.show(price) })
                        .disposed(by: cell.disposeBag)
                    cell.taps.subscribe(onNext: { [unowned self] in self.open(cell) })
                        .disposed(by: cell.disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "unowned-outlives-owner", in: source), [4, 6, 14])
    }

    /// The bag of the subscribed sequence's owner ends the subscription no later than self only when self keeps
    /// that owner: a stored property, or a local of its own (the guide's coordinator); a parameter's owner is the
    /// caller's, and the caller may keep it longer.
    func testUnownedSelfIntoTheBagOfAParametersSequenceIsFlagged() {
        let source = """
            final class ProfileViewModel {
                let store: ProfileStore
                init(store: ProfileStore) { self.store = store }
                func load(api: ProfileAPI) {
                    api.profile().subscribe(onNext: { [unowned self] profile in self.show(profile) })
                        .disposed(by: api.bag)
                    store.changes.subscribe(onNext: { [unowned self] profile in self.show(profile) })
                        .disposed(by: store.bag)
                    let screen = makeScreen()
                    screen.taps.subscribe(onNext: { [unowned self] in self.open(screen) })
                        .disposed(by: screen.disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "unowned-outlives-owner", in: source), [5])
    }

    /// A shared service (`Session.shared`, or a property set to it) lives as long as the app, its bag too.
    func testUnownedSelfIntoASharedServicesBagIsFlagged() {
        let source = """
            final class BadgeViewModel {
                let session = Session.shared
                func start() {
                    Session.shared.events.subscribe(onNext: { [unowned self] event in self.show(event) })
                        .disposed(by: Session.shared.bag)
                    session.events.subscribe(onNext: { [unowned self] event in self.show(event) })
                        .disposed(by: session.bag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "unowned-outlives-owner", in: source), [4, 6])
    }

    /// The guide calls `unowned` safe only with the object's own bag: a bag of one of its own
    /// dependencies (`api.bag`) may outlive it just the same.
    func testUnownedSelfInASubscriptionDisposedByADependencysBagIsFlagged() {
        let source = """
            final class ProfileViewModel {
                let api: ProfileAPI
                let disposeBag = DisposeBag()
                init(api: ProfileAPI) { self.api = api }
                func load(_ ids: Observable<Int>) {
                    ids.subscribe(onNext: { [unowned self] id in self.show(id) })
                        .disposed(by: api.bag)
                    ids.subscribe(onNext: { [unowned self] id in self.show(id) })
                        .disposed(by: self.api.bag)
                    ids.subscribe(onNext: { [unowned self] id in self.show(id) })
                        .disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "unowned-outlives-owner", in: source), [6, 8])
    }
}
#endif
