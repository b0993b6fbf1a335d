import Leaks
import RxCore
import SimUI

extension Guide001 {
    /// `viewmodel-init-bindings`: the guide sets a view model's sequences up in
    /// `init`, binding the API's answer to a relay into the view model's own bag.
    /// Subscribing there with a closure that uses self instead makes the view
    /// model hold itself, unless the source completes.
    enum ViewModelInitBindings {
        /// The guide's view model written with `subscribe` instead of `bind(to:)`,
        /// following the user's updates.
        final class SubscribingProfileViewModel: UserProfileModel {
            init(identifier: String, api: APIClient) {
                super.init()
                api.userUpdates(withIdentifier: identifier)
                    .subscribe(onNext: { user in self.user.accept(user) })  // captures self
                    .disposed(by: disposeBag)
            }
        }

        /// The same subscription on the guide's one-shot request.
        final class RequestingProfileViewModel: UserProfileModel {
            init(identifier: String, api: APIClient) {
                super.init()
                api.user(withIdentifier: identifier)
                    .subscribe(onNext: { user in self.user.accept(user) })
                    .disposed(by: disposeBag)
            }
        }

        /// The user opens the profile, an update arrives, the user closes the profile.
        static func showProfile(of viewModel: UserProfileModel, api: APIClient, scope: LeakScope) {
            let screen = ResettingProfileViewController(viewModel: viewModel)
            UIWindow.showScreen(UINavigationController(rootViewController: screen)) {
                api.push(User(username: "john_doe", followers: 13))
                scope.track(viewModel)
                scope.track(screen)
            }
        }

        static let scenario = Scenario(
            id: "viewmodel-init-bindings",
            title: "A view model's init subscribing with self instead of binding",
            guide: GuideReference(
                file: Guide001.file, section: "Setting up your Observables",
                passage:
                    "init(identifier: String) { APIClient.user(withIdentifier: identifier).catchErrorJustReturn(nil)"
                    + ".bind(to: user).disposed(by: disposeBag); username = user.asDriver().map({ $0?.username ?? \"\" }) }"
            ),
            explanation: """
                Setting the sequences up in `init` puts their subscriptions in the view model's own bag. The guide \
                binds the API's answer to a relay with `bind(to: user)`, which holds the relay, not the view model. \
                Writing the same thing as `subscribe(onNext: { user in self.user.accept(user) })` gives the bag a \
                subscription whose closure holds the view model that holds the bag: a cycle, for as long as the source \
                runs. With the guide's one-shot request the source completes at once and releases the closure, so the \
                mistake goes unnoticed; once the view model follows the user's updates, a stream that never completes, \
                the view model and everything it holds outlive the screen.
                """,
            fix: "Use `bind(to: user)` (or `drive`) as the guide does, or `[weak self]` in the closure.",
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.cycle, types: ["SubscribingProfileViewModel"], pattern: "closure-strong-self")
                ) { scope in
                    let api = APIClient(users: sampleUsers())
                    showProfile(
                        of: SubscribingProfileViewModel(identifier: "john_doe", api: api), api: api, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    let api = APIClient(users: sampleUsers())
                    showProfile(of: ProfileViewModel(identifier: "john_doe", api: api), api: api, scope: scope)
                },
                Variant("completing-request", role: .control, expect: .clean) { scope in
                    let api = APIClient(users: sampleUsers())
                    showProfile(
                        of: RequestingProfileViewModel(identifier: "john_doe", api: api), api: api, scope: scope)
                },
            ])
    }
}
