import Leaks
import RxCore
import SimUI

// Guide 000, "Capture lists": a block that captures `self` explicitly.
//
//     interactor.apiCall()
//         .flatMap {
//             return self.interactor.anotherApiCall()
//         }
//
// The profile screen follows the signed-in profile (a relay the interactor
// keeps for as long as it lives) and loads the avatar for each version of it.

extension Guide000 {
    static let closureStrongSelf = Scenario(
        id: "closure-strong-self",
        title: "A flatMap block captures self on a stream that never ends",
        guide: handbook(
            "Capture lists", "Capturing `self` in a block will usually result in a retain cycle if you aren't careful."),
        explanation: """
            The presenter's flatMap block uses `self` without a capture list. The subscription is kept by the \
            interactor's profile relay, which never completes, and by the presenter's bag; the block keeps the \
            presenter, which keeps the interactor and the bag: a cycle that survives closing the screen. The same \
            block on a request that completes is harmless: completion disposes the subscription and frees the block.
            """,
        fix: "Capture self as [unowned self] (the subscription is in the presenter's bag) or [weak self].",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(.cycle, types: ["ProfilePresenter"], pattern: "closure-strong-self")
            ) { scope in
                ProfileWireframe.openAndClose(.strongSelfOnProfileChanges, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                ProfileWireframe.openAndClose(.unownedSelfOnProfileChanges, in: scope)
            },
            Variant("completing-request", role: .control, expect: .clean) { scope in
                ProfileWireframe.openAndClose(.strongSelfOnRequest, in: scope)
            },
        ])
}

/// A user profile.
struct UserProfile: Equatable {
    let name: String
    static let guest = UserProfile(name: "Guest")
}

/// A profile picture.
struct Avatar: Equatable {
    let imageName: String
}

enum Profile {
    struct ViewOutput {
        let refresh: Observable<Void>
    }

    struct ViewInput {
        let title: Observable<String>
    }

    /// How the presenter loads the avatar: the variants differ only here.
    enum AvatarLoading {
        /// `flatMap { self.interactor… }` on the never-ending profile relay.
        case strongSelfOnProfileChanges
        /// `flatMap { [unowned self] in self.interactor… }` on the profile relay.
        case unownedSelfOnProfileChanges
        /// `flatMap { self.interactor… }` on a request that completes.
        case strongSelfOnRequest
    }
}

protocol ProfileViewInterface: AnyObject {
    func show(avatar: Avatar)
}

protocol ProfilePresenterInterface: AnyObject {
    func configure(with output: Profile.ViewOutput) -> Profile.ViewInput
}

final class ProfileViewController: UIViewController, ProfileViewInterface {
    var presenter: ProfilePresenterInterface!
    let refreshButton = UIButton()
    let titleLabel = UILabel()
    private(set) var avatar: Avatar?
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(titleLabel)
        view.addSubview(refreshButton)
        let output = Profile.ViewOutput(refresh: refreshButton.rx.tap.asObservable())
        let input = presenter.configure(with: output)
        input.title
            .bind(to: titleLabel.rx.text)
            .disposed(by: disposeBag)
    }

    func show(avatar: Avatar) {
        self.avatar = avatar
    }
}

final class ProfileInteractor {
    private let api: APIClient
    // The signed-in profile, kept up to date for as long as the interactor lives.
    private let profileRelay = BehaviorRelay<UserProfile>(value: .guest)

    init(api: APIClient) {
        self.api = api
    }

    var profileChanges: Observable<UserProfile> {
        profileRelay.asObservable()
    }

    func fetchProfile() -> Observable<UserProfile> {
        api.request(UserProfile(name: "Ana"))
    }

    func refreshProfile() -> Observable<UserProfile> {
        fetchProfile()
            .do(onNext: { [profileRelay] profile in profileRelay.accept(profile) })
    }

    func fetchAvatar(for profile: UserProfile) -> Observable<Avatar> {
        api.request(Avatar(imageName: "\(profile.name).png"))
    }
}

final class ProfilePresenter: ProfilePresenterInterface {
    private unowned let view: ProfileViewInterface
    private let interactor: ProfileInteractor
    private let wireframe: ProfileWireframe
    private let avatarLoading: Profile.AvatarLoading
    private let disposeBag = DisposeBag()

    init(
        view: ProfileViewInterface, interactor: ProfileInteractor, wireframe: ProfileWireframe,
        avatarLoading: Profile.AvatarLoading
    ) {
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
        self.avatarLoading = avatarLoading
    }

    func configure(with output: Profile.ViewOutput) -> Profile.ViewInput {
        handle(refresh: output.refresh)
        handle(avatar: loadAvatar())
        return Profile.ViewInput(title: interactor.profileChanges.map(ProfilePresenter.title(for:)))
    }

    private func handle(refresh: Observable<Void>) {
        refresh
            .flatMap { [interactor] in interactor.refreshProfile() }
            .subscribe()
            .disposed(by: disposeBag)
    }

    private func handle(avatar: Observable<Avatar>) {
        avatar
            .subscribe(onNext: { [weak view] avatar in view?.show(avatar: avatar) })
            .disposed(by: disposeBag)
    }

    private func loadAvatar() -> Observable<Avatar> {
        switch avatarLoading {
        case .strongSelfOnProfileChanges:
            return interactor.profileChanges
                .flatMap { profile in
                    return self.interactor.fetchAvatar(for: profile)
                }
        case .unownedSelfOnProfileChanges:
            return interactor.profileChanges
                .flatMap { [unowned self] profile in
                    return self.interactor.fetchAvatar(for: profile)
                }
        case .strongSelfOnRequest:
            return interactor.fetchProfile()
                .flatMap { profile in
                    return self.interactor.fetchAvatar(for: profile)
                }
        }
    }

    static func title(for profile: UserProfile) -> String {
        "Hello, \(profile.name)"
    }
}

final class ProfileWireframe: BaseWireframe<ProfileViewController> {
    init(api: APIClient, avatarLoading: Profile.AvatarLoading) {
        let moduleViewController = ProfileViewController()
        super.init(viewController: moduleViewController)
        let interactor = ProfileInteractor(api: api)
        let presenter = ProfilePresenter(
            view: moduleViewController, interactor: interactor, wireframe: self,
            avatarLoading: avatarLoading)
        moduleViewController.presenter = presenter
    }

    /// The user opens the profile, pulls to refresh, the server answers, and
    /// the user goes back.
    static func openAndClose(_ avatarLoading: Profile.AvatarLoading, in scope: LeakScope) {
        let app = DemoApp()
        let wireframe = ProfileWireframe(api: app.api, avatarLoading: avatarLoading)
        let viewController = app.open(wireframe, tracking: scope) { $0.presenter }
        viewController.refreshButton.tap()
        app.api.respondToPendingRequests()
        app.api.respondToPendingRequests()
        app.goBack()
    }
}
