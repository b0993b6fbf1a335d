#if Lint
import LeakLint
import XCTest

/// The rules about dispose bags and what subscriptions go into them.
final class BagRulesTests: XCTestCase {
    func testOwnBagHandedToAnotherObjectIsFlagged() {
        let source = """
            final class ShopPresenter {
                private let disposeBag = DisposeBag()
                func openProduct() {
                    wireframe.openDetails(disposeBag: disposeBag)
                    wireframe.openDetails(disposeBag: self.disposeBag)
                    let details = DetailsPresenter(bag: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "dispose-bag-sent-to-another-object", in: source), [4, 5, 6])
    }

    func testOwnBagKeptOrGivenToOwnHelpersIsNotFlagged() {
        let source = """
            final class FeedPresenter {
                private let disposeBag = DisposeBag()
                func configure(posts: Observable<Post>) {
                    FeedPresenter.mark(posts, disposeBag: disposeBag)
                    mark(posts, in: disposeBag)
                    posts.subscribe().disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "dispose-bag-sent-to-another-object", in: source), [])
    }

    func testSubscriptionIntoAnotherObjectsBagIsFlagged() {
        let source = """
            final class BadgeViewModel {
                init(service: NotificationService) {
                    service.unreadCount
                        .subscribe(onNext: { [weak self] count in self?.show(count) })
                        .disposed(by: service.disposeBag)
                }
                func configure(with item: Item) {
                    button.rx.tap.bind(to: item.tapped).disposed(by: item.disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "dispose-bag-sent-to-another-object", in: source), [5, 8])
    }

    func testSubscriptionIntoTheBagOfTheObjectItObservesIsNotFlagged() {
        let source = """
            final class Coordinator {
                func listen(to presentable: Presentable) {
                    presentable.rxFirstTimeVisible.subscribe(onSuccess: { [unowned self, unowned presentable] _ in
                        self.forward(whileVisible: presentable).disposed(by: presentable.disposeBag)
                    }).disposed(by: presentable.disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "dispose-bag-sent-to-another-object", in: source), [])
    }

    func testBagCapturedByItsOwnSubscriptionIsFlagged() {
        let source = """
            enum Feed {
                static func handle(posts: Observable<Post>, api: API, disposeBag: DisposeBag) {
                    posts.subscribe(onNext: { post in
                        api.markAsSeen(post).subscribe().disposed(by: disposeBag)
                    }).disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "dispose-bag-captured", in: source), [4])
        XCTAssertEqual(flaggedLines(of: "dispose-bag-sent-to-another-object", in: source), [])
    }

    func testNestedSubscriptionIntoOwnBagIsFlagged() {
        let source = """
            final class ChatsViewModel {
                let disposeBag = DisposeBag()
                init(selected: Observable<Chat>, service: Service) {
                    selected.subscribe(onNext: { [weak self] chat in
                        service.messages(in: chat).subscribe().disposed(by: self!.disposeBag)
                        service.messages(in: chat).bind(to: relay).disposed(by: self.disposeBag)
                    }).disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "nested-subscribe", in: source), [6])
    }

    func testFlatMapLatestInsteadOfNestingIsNotFlagged() {
        let source = """
            final class ChatsViewModel {
                let disposeBag = DisposeBag()
                init(selected: Observable<Chat>, service: Service) {
                    selected.flatMapLatest { [service] chat in service.messages(in: chat) }
                        .bind(to: relay)
                        .disposed(by: disposeBag)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "nested-subscribe", in: source), [])
    }

    func testPrepareForReuseWithoutNewBagIsFlagged() {
        let source = """
            final class StaleCell: ProductCell {
                override func prepareForReuse() {
                    titleLabel.text = nil
                }
            }
            final class GoodCell: UITableViewCell {
                var disposeBag = DisposeBag()
                override func prepareForReuse() {
                    super.prepareForReuse()
                    disposeBag = DisposeBag()
                }
            }
            final class SubCell: GoodCell {
                override func prepareForReuse() {
                    super.prepareForReuse()
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "cell-reuse-without-new-bag", in: source), [2])
    }

    func testAppearBindingsWithoutResetAreFlagged() {
        let source = """
            class ProfileViewController: UIViewController {
                var disposeBag = DisposeBag()
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    viewModel.name.drive(nameLabel.rx.text).disposed(by: disposeBag)
                }
            }
            final class BalancedViewController: UIViewController {
                var disposeBag = DisposeBag()
                override func viewWillAppear(_ animated: Bool) {
                    viewModel.name.drive(nameLabel.rx.text).disposed(by: disposeBag)
                }
                override func viewWillDisappear(_ animated: Bool) {
                    disposeBag = DisposeBag()
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "appear-bindings-without-reset", in: source), [5])
    }

    func testIgnoredDisposableOnOpenEndedSourceIsFlagged() {
        let source = """
            final class InboxViewModel {
                init(events: AppEvents, api: API) {
                    _ = events.didBecomeActive.subscribe(onNext: { [weak self] in self?.refresh() })
                    _ = api.fetchInbox().subscribe(onNext: { [weak self] in self?.show($0) })
                    let upload = api.upload(photo)
                    _ = upload.subscribe(onNext: { [weak self] in self?.show($0) })
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "ignored-disposable", in: source), [3])
    }

    func testShareForeverIsFlagged() {
        let source = """
            final class AvatarRepository {
                let avatar = api.download().share(replay: 1, scope: .forever)
                let name = api.name().share(replay: 1, scope: .whileConnected)
                let title = api.title().share(replay: 1)
            }
            """
        XCTAssertEqual(flaggedLines(of: "share-forever", in: source), [2])
    }

    func testSubjectFromParentStoredInChildIsFlagged() {
        let source = """
            final class PickerPresenter {
                private let disposeBag = DisposeBag()
                private let selection: BehaviorRelay<String?>
                private let select: Binder<String?>
                init(selection: BehaviorRelay<String?>, title: String) {
                    self.selection = selection
                    select = Binder(selection) { relay, value in relay.accept(value) }
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "stored-subject-in-child", in: source), [6])
    }

    func testSubjectFromParentPassedOnOrWrappedIsNotFlagged() {
        let source = """
            final class PickerPresenter {
                private let disposeBag = DisposeBag()
                private let select: Binder<String?>
                private let title: String
                init(selection: BehaviorRelay<String?>, title: String) {
                    self.title = title
                    select = Binder(selection) { relay, value in relay.accept(value) }
                    handle(selection: selection)
                }
            }
            """
        XCTAssertEqual(flaggedLines(of: "stored-subject-in-child", in: source), [])
    }
}
#endif
