import Leaks
import RxCore
import SimUI

// Guide 000, "Dispose bag": sending the bag as a dependency.
//
// > If for some reason that isn't possible and you want to send `DisposeBag`
// > as a dependency, think about it once again. [...] since that might end up
// > with `DisposeBag` being **captured**. That means that none of your
// > resources will end up being disposed.
//
// The feed marks every post that arrives by push notification as seen; a
// static handle function gets the presenter's bag to dispose the requests it makes.

extension Guide000 {
    static let disposeBagCaptured = Scenario(
        id: "dispose-bag-captured",
        title: "A dispose bag captured by a block of one of its own subscriptions",
        guide: handbook(
            "Dispose bag",
            "that might end up with `DisposeBag` being **captured**. That means that none of your resources will end up being disposed."
        ),
        explanation: """
            The handle function receives the presenter's bag and uses it inside the block it subscribes with, to \
            dispose the request it starts for each post. The bag holds that subscription, whose block holds the \
            bag: when the presenter goes away the bag survives, and with it every subscription it holds, the push \
            stream's included. On a source that completes, the subscription ends and frees the block, and the bag \
            goes away.
            """,
        fix:
            "Don't pass the bag: return the sequence (flatMap the requests) and subscribe it once, in the presenter's bag.",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(.cycle, types: ["DisposeBag"], pattern: "dispose-bag-captured")
            ) { scope in
                FeedWireframe.receivePostsAndClose(.bagCapturedOnPushes, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                FeedWireframe.receivePostsAndClose(.flatMapOnPushes, in: scope)
            },
            Variant("completing-request", role: .control, expect: .clean) { scope in
                FeedWireframe.receivePostsAndClose(.bagCapturedOnRequest, in: scope)
            },
        ])
}

/// A post in the feed.
struct FeedPost: Equatable {
    let id: Int
}

enum Feed {
    struct ViewOutput {}

    struct ViewInput {}

    /// How the presenter marks posts as seen: the variants differ only here.
    enum SeenMarking {
        /// A static handle function with the bag, on the never-ending pushes.
        case bagCapturedOnPushes
        /// A static transformation with flatMap, subscribed in the presenter's bag.
        case flatMapOnPushes
        /// The handle function with the bag, on a request that completes.
        case bagCapturedOnRequest
    }
}

protocol FeedPresenterInterface: AnyObject {
    func configure(with output: Feed.ViewOutput) -> Feed.ViewInput
}

final class FeedViewController: UIViewController {
    var presenter: FeedPresenterInterface!

    override func viewDidLoad() {
        super.viewDidLoad()
        _ = presenter.configure(with: Feed.ViewOutput())
    }
}

final class FeedInteractor {
    private let api: APIClient
    private let pushedPosts: Observable<FeedPost>

    init(api: APIClient, pushedPosts: Observable<FeedPost>) {
        self.api = api
        self.pushedPosts = pushedPosts
    }

    var newPosts: Observable<FeedPost> {
        pushedPosts
    }

    func fetchUnseenPosts() -> Observable<FeedPost> {
        api.request(FeedPost(id: 0))
    }

    func markAsSeen(_ post: FeedPost) -> Observable<Void> {
        api.request(())
    }
}

final class FeedPresenter: FeedPresenterInterface {
    private let interactor: FeedInteractor
    private let wireframe: FeedWireframe
    private let seenMarking: Feed.SeenMarking
    let disposeBag = DisposeBag()

    init(interactor: FeedInteractor, wireframe: FeedWireframe, seenMarking: Feed.SeenMarking) {
        self.interactor = interactor
        self.wireframe = wireframe
        self.seenMarking = seenMarking
    }

    func configure(with output: Feed.ViewOutput) -> Feed.ViewInput {
        switch seenMarking {
        case .bagCapturedOnPushes:
            FeedPresenter.handle(newPosts: interactor.newPosts, interactor: interactor, disposeBag: disposeBag)
        case .flatMapOnPushes:
            FeedPresenter.markingAsSeen(interactor.newPosts, interactor: interactor)
                .subscribe()
                .disposed(by: disposeBag)
        case .bagCapturedOnRequest:
            FeedPresenter.handle(
                newPosts: interactor.fetchUnseenPosts(), interactor: interactor, disposeBag: disposeBag)
        }
        return Feed.ViewInput()
    }

    private static func handle(newPosts: Observable<FeedPost>, interactor: FeedInteractor, disposeBag: DisposeBag) {
        newPosts
            .subscribe(onNext: { post in
                interactor.markAsSeen(post)
                    .subscribe()
                    .disposed(by: disposeBag)
            })
            .disposed(by: disposeBag)
    }

    private static func markingAsSeen(_ posts: Observable<FeedPost>, interactor: FeedInteractor) -> Observable<Void> {
        posts.flatMap { [weak interactor] post in
            return interactor?.markAsSeen(post) ?? .empty()
        }
    }
}

final class FeedWireframe: BaseWireframe<FeedViewController> {
    init(api: APIClient, pushedPosts: Observable<FeedPost>, seenMarking: Feed.SeenMarking) {
        let moduleViewController = FeedViewController()
        super.init(viewController: moduleViewController)
        let interactor = FeedInteractor(api: api, pushedPosts: pushedPosts)
        moduleViewController.presenter = FeedPresenter(
            interactor: interactor, wireframe: self, seenMarking: seenMarking)
    }

    /// The user opens the feed, two posts arrive by push notification, the
    /// server answers, and the user leaves the feed.
    static func receivePostsAndClose(_ seenMarking: Feed.SeenMarking, in scope: LeakScope) {
        let app = DemoApp()
        let pushNotifications = PublishRelay<FeedPost>()
        let wireframe = FeedWireframe(
            api: app.api, pushedPosts: pushNotifications.asObservable(), seenMarking: seenMarking)
        let feed = app.open(wireframe, tracking: scope) { $0.presenter }
        if let presenter = feed.presenter as? FeedPresenter { scope.track(presenter.disposeBag) }
        pushNotifications.accept(FeedPost(id: 1))
        pushNotifications.accept(FeedPost(id: 2))
        app.api.respondToPendingRequests()
        app.goBack()
    }
}
