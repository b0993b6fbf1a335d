import Leaks
import RxCore
import SimUI

extension Guide002 {
    /// `bindable-view-controller`: a `-Bindable` view controller's
    /// `bind(to output:)` is written next to its own methods, and handing one of
    /// them to `drive` by name makes the controller hold itself through its bag.
    enum BindableViewController {
        /// A user profile.
        struct Profile {
            let name: String
            let bio: String
        }

        /// The profile backend; answers at once.
        struct ProfileAPI {
            func profile() -> Observable<Profile> {
                Observable.just(Profile(name: "Ada", bio: "Writes the analytical engine's programs"))
            }
        }

        /// The profile screen's view model, as the conventions write it.
        final class ProfileViewModel {
            let api: ProfileAPI
            let input = Input()
            lazy var output: Output = { return transform(input: input) }()

            init(api: ProfileAPI) {
                self.api = api
            }
        }

        /// What the profile screens share: their views, bag and rendering.
        class ProfileScreen: UIViewController {
            let viewModel: ProfileViewModel
            let refreshButton = UIButton()
            let nameLabel = UILabel()
            let bioLabel = UILabel()
            let disposeBag = DisposeBag()

            init(viewModel: ProfileViewModel) {
                self.viewModel = viewModel
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                [refreshButton, nameLabel, bioLabel].forEach { view.addSubview($0) }
            }

            /// Each refresh tap asks the view model for the profile again.
            func bind(to input: ProfileViewModel.Input) {
                refreshButton.rx.tap
                    .bind(to: input.refresh)
                    .disposed(by: disposeBag)
            }

            func render(profile: Profile) {
                nameLabel.text = profile.name
                bioLabel.text = profile.bio
            }

            func setScreenTitle(_ title: String) {
                self.title = title
            }
        }

        /// Binds its labels to the output with their binders.
        final class ProfileViewController: ProfileScreen {
            override func viewDidLoad() {
                super.viewDidLoad()
                bind(to: viewModel)
            }
        }

        /// Renders the profile through a method handed to `drive` by name.
        final class MethodReferenceProfileViewController: ProfileScreen {
            override func viewDidLoad() {
                super.viewDidLoad()
                bind(to: viewModel)
            }
        }

        /// Sets the title through a method handed to `drive` by name, on an output that completes.
        final class CompletingOutputProfileViewController: ProfileScreen {
            override func viewDidLoad() {
                super.viewDidLoad()
                bind(to: viewModel)
            }
        }

        /// The user opens the profile, refreshes it, and closes it.
        static func visitProfile(in screen: ProfileScreen, scope: LeakScope) {
            UIWindow.showScreen(UINavigationController(rootViewController: screen)) {
                screen.refreshButton.tap()
                scope.track(screen)
                scope.track(screen.viewModel)
            }
        }

        static let scenario = Scenario(
            id: "bindable-view-controller",
            title: "A -Bindable view controller's bind(to output:) handing its own method to drive",
            guide: GuideReference(
                file: Guide002.file, section: "Binding to ReactiveConnectable",
                passage:
                    "extension ExampleViewController: ViewModelBindable { func bind(to input: ExampleViewModel.Input) "
                    + "{ ... } func bind(to output: ExampleViewModel.Output) { ... } }"),
            explanation: """
                The conventions put `bind(to output:)` in an extension of the view controller, next to the \
                controller's own methods, and the subscriptions go into the controller's bag. `drive(onNext: \
                render(profile:))` hands `drive` a method of self by name: the closure holds the controller, the \
                controller holds its bag, the bag holds the subscription, and the subscription holds the closure. \
                The profile output comes from the refresh button's taps, so it never completes, and the controller \
                (with its view model) stays alive after the screen is closed. The same method reference on an output \
                that completes, such as the constant screen title, is released when the Driver completes: safe, but \
                only because of that.
                """,
            fix: """
                Drive the labels' binders (`drive(nameLabel.rx.text)`), or use a closure with `[weak self]`; a \
                `Reactive` extension with a `Binder(self)` also holds the controller weakly.
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(
                        .cycle, types: ["MethodReferenceProfileViewController", "ProfileViewModel"],
                        pattern: "method-reference-implicit-self")
                ) { scope in
                    visitProfile(
                        in: MethodReferenceProfileViewController(viewModel: ProfileViewModel(api: ProfileAPI())),
                        scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    visitProfile(
                        in: ProfileViewController(viewModel: ProfileViewModel(api: ProfileAPI())), scope: scope)
                },
                Variant("completing-output", role: .control, expect: .clean) { scope in
                    visitProfile(
                        in: CompletingOutputProfileViewController(viewModel: ProfileViewModel(api: ProfileAPI())),
                        scope: scope)
                },
            ])
    }
}

extension Guide002.BindableViewController.ProfileViewModel: Guide002.ReactiveConnectable {
    struct Input {
        let refresh = PublishSubject<Void>()
    }

    struct Output {
        let screenTitle: Driver<String>
        let profile: Driver<Guide002.BindableViewController.Profile>
    }

    func transform(input: Input) -> Output {
        let profile = input.refresh
            .startWith(())
            .flatMapLatest { [api] in api.profile() }
            .asDriver(onErrorDriveWith: .empty())
        return Output(screenTitle: Driver.just("Profile"), profile: profile)
    }
}

extension Guide002.BindableViewController.ProfileViewController: Guide002.ViewModelBindable {
    typealias ViewModelType = Guide002.BindableViewController.ProfileViewModel

    func bind(to output: Guide002.BindableViewController.ProfileViewModel.Output) {
        output.screenTitle.drive(onNext: { [weak self] title in self?.setScreenTitle(title) }).disposed(by: disposeBag)
        output.profile.map { $0.name }.drive(nameLabel.rx.text).disposed(by: disposeBag)
        output.profile.map { $0.bio }.drive(bioLabel.rx.text).disposed(by: disposeBag)
    }
}

extension Guide002.BindableViewController.MethodReferenceProfileViewController: Guide002.ViewModelBindable {
    typealias ViewModelType = Guide002.BindableViewController.ProfileViewModel

    func bind(to output: Guide002.BindableViewController.ProfileViewModel.Output) {
        output.screenTitle.drive(onNext: { [weak self] title in self?.setScreenTitle(title) }).disposed(by: disposeBag)
        output.profile.drive(onNext: render(profile:)).disposed(by: disposeBag)  // captures self
    }
}

extension Guide002.BindableViewController.CompletingOutputProfileViewController: Guide002.ViewModelBindable {
    typealias ViewModelType = Guide002.BindableViewController.ProfileViewModel

    func bind(to output: Guide002.BindableViewController.ProfileViewModel.Output) {
        // The method reference captures self, until the title completes.
        // rxleaks:ignore method-reference-implicit-self -- the title sequence completes after one title
        output.screenTitle.drive(onNext: setScreenTitle).disposed(by: disposeBag)
        output.profile.map { $0.name }.drive(nameLabel.rx.text).disposed(by: disposeBag)
        output.profile.map { $0.bio }.drive(bioLabel.rx.text).disposed(by: disposeBag)
    }
}
