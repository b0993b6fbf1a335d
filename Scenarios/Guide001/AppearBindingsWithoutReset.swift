import Leaks
import RxCore
import SimUI

extension Guide001 {
    /// `appear-bindings-without-reset`: the guide binds in `viewWillAppear` and
    /// balances it by replacing the bag in `viewWillDisappear`. Without the new
    /// bag, every appearance adds the bindings again to a bag that lives as long
    /// as the screen.
    enum AppearBindingsWithoutReset {
        /// The app with the profile as its first screen, running before the
        /// check: the user is in the settings, pushed over the profile, and the
        /// main run loop has run what the launch queued.
        final class ProfileApp {
            let api = APIClient(users: sampleUsers())
            let window = UIWindow()
            let navigationController: UINavigationController

            init(makeProfile: (UserProfileModel) -> ProfileViewController) {
                let profile = makeProfile(ProfileViewModel(identifier: "john_doe", api: api))
                navigationController = UINavigationController(rootViewController: profile)
                window.rootViewController = navigationController
                window.makeKeyAndVisible()
                navigationController.pushViewController(SettingsViewController(), animated: false)
                MainScheduler.drain()
            }

            /// The user goes back to the profile, a new follower shows up, and
            /// the user opens the settings again.
            func visitProfile(scope: LeakScope) {
                if let settings = navigationController.popViewController(animated: true) {
                    scope.track(settings)
                }
                api.push(User(username: "john_doe", followers: 13))
                navigationController.pushViewController(SettingsViewController(), animated: true)
            }
        }

        static let scenario = Scenario(
            id: "appear-bindings-without-reset",
            title: "Bindings made in viewWillAppear without a new bag in viewWillDisappear",
            guide: GuideReference(
                file: Guide001.file, section: "Disposing",
                passage: "Each ViewController should be given a var DisposeBag for use with outlet bindings and other "
                    + "subscriptions. This bag should be replaced within viewWillDisappear, or in a dependent method, and "
                    + "balances against the bindings performed in viewWillAppear."),
            explanation: """
                The guide binds a view model's observables from `viewWillAppear`, so that the view model can be \
                injected first and the bindings can be redone when the screen comes back. The bindings go into the \
                screen's bag, which lives as long as the screen. A screen that stays in the navigation stack, such as \
                a profile with settings pushed over it, appears again every time the user comes back: without a new \
                bag in `viewWillDisappear`, each appearance adds its bindings to the old ones. Every update of the \
                view model then sets the labels once per past appearance, also while the screen is off screen, and \
                the subscriptions grow by two (username and followers) per visit until the screen is deallocated.
                """,
            fix:
                "Replace the bag in viewWillDisappear, `disposeBag = DisposeBag()`, which disposes what viewWillAppear bound.",
            variants: [
                Variant(
                    "leaking", role: .leaking, expect: .subscriptionGrowth(perRepetition: 2),
                    host: { ProfileApp(makeProfile: ProfileViewController.init) }
                ) { scope, app in
                    app.visitProfile(scope: scope)
                },
                Variant(
                    "fixed", role: .fixed, expect: .clean,
                    host: { ProfileApp(makeProfile: ResettingProfileViewController.init) }
                ) { scope, app in
                    app.visitProfile(scope: scope)
                },
            ])
    }
}
