import Leaks
import RxCore
import SimUI

extension BeyondTheGuide {
    /// `share-forever-retains-element`: `share(replay: 1, scope: .forever)`
    /// keeps the last element in its replay buffer after the last subscriber
    /// left, for as long as the shared sequence itself lives.
    enum ShareForeverRetainsElement {
        /// A downloaded picture: a class, holding its bytes.
        final class Photo {
            let bytes: [UInt8]

            init(size: Int) {
                bytes = [UInt8](repeating: 0xFF, count: size)
            }
        }

        /// The photo backend: a download answers once and completes.
        final class PhotoAPI {
            func downloadAvatar(of username: String) -> Observable<Photo> {
                Observable.deferred { Observable.just(Photo(size: 512 * 1024)) }
            }
        }

        /// The user's avatar shared by every screen that shows it, downloaded
        /// once; the repository lives as long as the app.
        enum Leaking {
            final class AvatarRepository {
                let avatar: Observable<Photo>

                init(api: PhotoAPI) {
                    avatar = api.downloadAvatar(of: "john_doe").share(replay: 1, scope: .forever)
                }
            }
        }

        /// The same repository sharing the avatar only while someone shows it.
        enum Fixed {
            final class AvatarRepository {
                let avatar: Observable<Photo>

                init(api: PhotoAPI) {
                    avatar = api.downloadAvatar(of: "john_doe").share(replay: 1, scope: .whileConnected)
                }
            }
        }

        /// A profile header showing the avatar while it is on screen.
        final class ProfileHeaderViewController: UIViewController {
            let avatar: Observable<Photo>
            let disposeBag = DisposeBag()
            private(set) var shownPhoto: Photo?

            init(avatar: Observable<Photo>) {
                self.avatar = avatar
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                avatar
                    .subscribe(onNext: { [weak self] photo in self?.shownPhoto = photo })
                    .disposed(by: disposeBag)
            }
        }

        /// The user opens the profile header, which shows the avatar, and closes it.
        static func showAvatar(from avatar: Observable<Photo>, scope: LeakScope) {
            let header = ProfileHeaderViewController(avatar: avatar)
            UIWindow.showScreen(header) {
                if let photo = header.shownPhoto { scope.track(photo) }
                scope.track(header)
            }
        }

        static let scenario = Scenario(
            id: "share-forever-retains-element",
            title: "share(replay: 1, scope: .forever) keeps its last element after every subscriber left",
            guide: GuideReference(
                file: BeyondTheGuide.handbook, section: "Subjects and Relays",
                passage: "It isn't a big leak and is generally related to how RxSwift manages its resources, but "
                    + "depending on what you're passing through the subject or a relay, it might end up being nasty."),
            explanation: """
                `share(replay: 1, scope: .forever)` multicasts through one replay subject made for the shared \
                sequence's whole life; `.whileConnected` makes a new one per connection and drops it when the last \
                subscriber leaves. In a long-lived repository, `.forever` keeps the last avatar, half a megabyte, \
                after every screen showing it was closed, and replays that same photo (with its completion) to every \
                later subscriber instead of downloading again. That is what the scope is for when the element is \
                cheap and the replay wanted; for a large element it is a leak for the life of the repository.
                """,
            fix:
                "Use `share(replay: 1, scope: .whileConnected)` (the default scope), or keep only what is needed (a URL, an id).",
            variants: [
                Variant(
                    "leaking", role: .leaking, expect: .leak(.retainedFromOutside, types: ["Photo"], pattern: nil),
                    host: { Leaking.AvatarRepository(api: PhotoAPI()) }
                ) { scope, repository in
                    showAvatar(from: repository.avatar, scope: scope)
                },
                Variant(
                    "fixed", role: .fixed, expect: .clean,
                    host: { Fixed.AvatarRepository(api: PhotoAPI()) }
                ) { scope, repository in
                    showAvatar(from: repository.avatar, scope: scope)
                },
            ])
    }
}
