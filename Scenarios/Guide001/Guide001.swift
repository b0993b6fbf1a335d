import RxCore
import SimUI

/// The scenarios of guide 001, "Rx{Swift,Cocoa} Sherpa", and the profile
/// module they share: a view model exposing Drivers, set up in `init`, and a
/// view controller binding them from `viewWillAppear`.
enum Guide001 {
    static let scenarios: [Scenario] = [
        AppearBindingsWithoutReset.scenario,
        ViewModelInitBindings.scenario,
    ]

    /// The guide document these scenarios cite.
    static let file = "001_ab5ffa7a0a470539.txt"
}

extension Guide001 {
    /// A user of the app.
    struct User {
        let username: String
        let followers: Int
    }

    /// The backend. `user(withIdentifier:)` answers once and completes, like
    /// the guide's `APIClient.user(withIdentifier:)`; `userUpdates(withIdentifier:)`
    /// follows the user's profile over a socket and never completes.
    final class APIClient {
        private let pushedUsers = PublishRelay<User>()
        private var users: [String: User]

        init(users: [User]) {
            self.users = Dictionary(uniqueKeysWithValues: users.map { ($0.username, $0) })
        }

        func user(withIdentifier identifier: String) -> Observable<User?> {
            Observable.just(users[identifier])
        }

        func userUpdates(withIdentifier identifier: String) -> Observable<User?> {
            pushedUsers
                .filter { $0.username == identifier }
                .map { user -> User? in user }
                .startWith(users[identifier])
        }

        /// The server pushes a change of `user` to the app.
        func push(_ user: User) {
            users[user.username] = user
            pushedUsers.accept(user)
        }
    }

    /// The profile's view model outputs; subclasses set up where the user comes
    /// from, in their `init`.
    class UserProfileModel {
        let user = BehaviorRelay<User?>(value: nil)
        let username: Driver<String>
        let followers: Driver<String>
        let disposeBag = DisposeBag()

        init() {
            username = user.asDriver().map({ $0?.username ?? "" })
            followers = user.asDriver().map({ "\($0?.followers ?? 0) followers" })
        }
    }

    /// The guide's view model: the user's updates are bound to `user` in `init`.
    final class ProfileViewModel: UserProfileModel {
        init(identifier: String, api: APIClient) {
            super.init()
            api.userUpdates(withIdentifier: identifier).catchAndReturn(nil).bind(to: user).disposed(by: disposeBag)
        }
    }

    /// The profile screen, binding the view model's Drivers to its labels from
    /// `viewWillAppear`, as the guide says, into its bag.
    class ProfileViewController: UIViewController {
        let viewModel: UserProfileModel
        let usernameLabel = UILabel()
        let followersLabel = UILabel()
        var disposeBag = DisposeBag()

        init(viewModel: UserProfileModel) {
            self.viewModel = viewModel
            super.init()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(usernameLabel)
            view.addSubview(followersLabel)
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            viewModel.username.drive(usernameLabel.rx.text).disposed(by: disposeBag)
            viewModel.followers.drive(followersLabel.rx.text).disposed(by: disposeBag)
        }
    }

    /// The profile screen with the guide's balance: the bag is replaced in
    /// `viewWillDisappear`, which disposes what `viewWillAppear` bound.
    final class ResettingProfileViewController: ProfileViewController {
        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            disposeBag = DisposeBag()
        }
    }

    /// A screen pushed over the profile.
    final class SettingsViewController: UIViewController {}

    /// The users the profile scenarios know.
    static func sampleUsers() -> [User] {
        [User(username: "john_doe", followers: 12)]
    }
}

extension UIWindow {
    /// Shows `root` in a new visible window, runs `interaction` (what the
    /// user does on the screen), then closes the window's screens, which go
    /// away unless something else holds them.
    static func showScreen(_ root: UIViewController, during interaction: () -> Void) {
        let window = UIWindow()
        window.rootViewController = root
        window.makeKeyAndVisible()
        interaction()
        window.rootViewController = nil
    }
}
