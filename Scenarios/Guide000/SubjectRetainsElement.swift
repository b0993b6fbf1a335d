import Leaks
import RxCore
import SimUI

// Guide 000, "Subjects and Relays".
//
// > It isn't a big leak and is generally related to how RxSwift manages its
// > resources, but depending on what you're passing through the subject or a
// > relay, it might end up being nasty.
//
// The message composer stays on display; it passes its attachment relay to a
// photo picker, which sends back the photo the user picked.

extension Guide000 {
    static let subjectRetainsElement = Scenario(
        id: "subject-retains-element",
        title: "A behavior relay keeps the last element it was sent, and what that element holds",
        guide: handbook(
            "Subjects and Relays",
            "depending on what you're passing through the subject or a relay, it might end up being nasty."),
        explanation: """
            A BehaviorRelay keeps its current element for as long as it lives. The picker sends the photo asset it \
            loaded, and the asset keeps the picker's interactor (to fetch the full image later) with its thumbnail \
            cache. The picker closes, but the composer's relay still holds the asset, and through it the picker's \
            interactor, for as long as the composer is on screen. A PublishRelay keeps nothing, and a value that \
            carries only what the composer needs keeps nothing of the picker.
            """,
        fix: "Send values that carry only what the receiver needs (a struct), not objects of the sending module.",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .leak(.retainedFromOutside, types: ["PhotoPickerInteractor"], pattern: nil),
                host: { ComposerApp(attachmentKind: .asset, relay: .behavior) }
            ) { scope, app in
                app.attachPhoto(tracking: scope)
            },
            Variant(
                "fixed", role: .fixed, expect: .clean,
                host: { ComposerApp(attachmentKind: .value, relay: .behavior) }
            ) { scope, app in
                app.attachPhoto(tracking: scope)
            },
            Variant(
                "publish-relay", role: .control, expect: .clean,
                host: { ComposerApp(attachmentKind: .asset, relay: .publish) }
            ) { scope, app in
                app.attachPhoto(tracking: scope)
            },
        ])
}

/// A photo as the picker's library loads it: it can fetch its full image later.
final class PhotoAsset {
    let identifier: String
    let library: PhotoPickerInteractor

    init(identifier: String, library: PhotoPickerInteractor) {
        self.identifier = identifier
        self.library = library
    }
}

/// What the composer shows for an attachment.
struct Attachment {
    let title: String
    let asset: PhotoAsset?
}

enum Composer {
    struct ViewOutput {
        let attachPhoto: Observable<Void>
    }

    struct ViewInput {
        let attachmentTitle: Observable<String>
    }

    /// What the picker sends back: the variants differ here.
    enum AttachmentKind {
        /// The picker's `PhotoAsset`, which holds the picker's interactor.
        case asset
        /// A value with the photo's identifier only.
        case value
    }

    /// The relay the composer passes: the control differs here.
    enum RelayKind {
        case behavior
        case publish
    }

    static func title(for attachment: Attachment?) -> String {
        attachment?.title ?? "No attachment"
    }
}

protocol ComposerPresenterInterface: AnyObject {
    func configure(with output: Composer.ViewOutput) -> Composer.ViewInput
}

final class ComposerViewController: UIViewController {
    var presenter: ComposerPresenterInterface!
    let attachButton = UIButton()
    let attachmentLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(attachButton)
        view.addSubview(attachmentLabel)
        presenter.configure(with: Composer.ViewOutput(attachPhoto: attachButton.rx.tap.asObservable()))
            .attachmentTitle
            .bind(to: attachmentLabel.rx.text)
            .disposed(by: disposeBag)
    }
}

final class ComposerPresenter: ComposerPresenterInterface {
    private let wireframe: ComposerWireframe
    private let relayKind: Composer.RelayKind
    private let disposeBag = DisposeBag()

    init(wireframe: ComposerWireframe, relayKind: Composer.RelayKind) {
        self.wireframe = wireframe
        self.relayKind = relayKind
    }

    func configure(with output: Composer.ViewOutput) -> Composer.ViewInput {
        switch relayKind {
        case .behavior:
            let attachmentRelay = BehaviorRelay<Attachment?>(value: nil)
            handle(attachPhoto: output.attachPhoto) { attachmentRelay.accept($0) }
            return Composer.ViewInput(attachmentTitle: attachmentRelay.map(Composer.title(for:)))
        case .publish:
            let attachmentRelay = PublishRelay<Attachment?>()
            handle(attachPhoto: output.attachPhoto) { attachmentRelay.accept($0) }
            return Composer.ViewInput(attachmentTitle: attachmentRelay.map(Composer.title(for:)))
        }
    }

    private func handle(attachPhoto: Observable<Void>, sendAttachment: @escaping (Attachment) -> Void) {
        attachPhoto
            .subscribe(onNext: { [unowned wireframe] in wireframe.openPhotoPicker(onPick: sendAttachment) })
            .disposed(by: disposeBag)
    }
}

final class ComposerWireframe: BaseWireframe<ComposerViewController> {
    private let attachmentKind: Composer.AttachmentKind

    init(attachmentKind: Composer.AttachmentKind, relayKind: Composer.RelayKind) {
        self.attachmentKind = attachmentKind
        let moduleViewController = ComposerViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = ComposerPresenter(wireframe: self, relayKind: relayKind)
    }

    func openPhotoPicker(onPick: @escaping (Attachment) -> Void) {
        let picker = PhotoPickerWireframe(attachmentKind: attachmentKind, onPick: onPick)
        navigationController?.pushViewController(picker.viewController, animated: true)
    }
}

enum PhotoPicker {
    struct ViewOutput {
        let photoPicked: Observable<String>
    }
}

protocol PhotoPickerPresenterInterface: AnyObject {
    func configure(with output: PhotoPicker.ViewOutput)
}

final class PhotoPickerViewController: UIViewController {
    var presenter: PhotoPickerPresenterInterface!
    let photosTable = UITableView()
    private let photos = ["IMG_0001", "IMG_0002"]
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(photosTable)
        photosTable.register(UITableViewCell.self, forCellReuseIdentifier: "Photo")
        Observable.just(photos)
            .bind(to: photosTable.rx.items(cellIdentifier: "Photo")) { _, photo, cell in
                cell.textLabel?.text = photo
            }
            .disposed(by: disposeBag)
        let photoPicked = photosTable.rx.itemSelected.map { [photos] indexPath in photos[indexPath.row] }
        presenter.configure(with: PhotoPicker.ViewOutput(photoPicked: photoPicked))
    }
}

final class PhotoPickerInteractor {
    // Thumbnails of the library, kept while the picker is open.
    private(set) var thumbnailCache: [String: [UInt8]] = [:]

    func loadAsset(_ identifier: String) -> PhotoAsset {
        thumbnailCache[identifier] = [UInt8](repeating: 0, count: 1024)
        return PhotoAsset(identifier: identifier, library: self)
    }
}

final class PhotoPickerPresenter: PhotoPickerPresenterInterface {
    let interactor: PhotoPickerInteractor
    private let wireframe: PhotoPickerWireframe
    private let attachmentKind: Composer.AttachmentKind
    private let onPick: (Attachment) -> Void
    private let disposeBag = DisposeBag()

    init(
        interactor: PhotoPickerInteractor, wireframe: PhotoPickerWireframe, attachmentKind: Composer.AttachmentKind,
        onPick: @escaping (Attachment) -> Void
    ) {
        self.interactor = interactor
        self.wireframe = wireframe
        self.attachmentKind = attachmentKind
        self.onPick = onPick
    }

    func configure(with output: PhotoPicker.ViewOutput) {
        output.photoPicked
            .map { [unowned self] identifier in self.attachment(for: identifier) }
            .subscribe(onNext: { [unowned self] attachment in
                self.onPick(attachment)
                self.wireframe.close()
            })
            .disposed(by: disposeBag)
    }

    private func attachment(for identifier: String) -> Attachment {
        switch attachmentKind {
        case .asset:
            return Attachment(title: identifier, asset: interactor.loadAsset(identifier))
        case .value:
            return Attachment(title: identifier, asset: nil)
        }
    }
}

final class PhotoPickerWireframe: BaseWireframe<PhotoPickerViewController> {
    init(attachmentKind: Composer.AttachmentKind, onPick: @escaping (Attachment) -> Void) {
        let moduleViewController = PhotoPickerViewController()
        super.init(viewController: moduleViewController)
        moduleViewController.presenter = PhotoPickerPresenter(
            interactor: PhotoPickerInteractor(), wireframe: self, attachmentKind: attachmentKind, onPick: onPick)
    }

    func close() {
        navigationController?.popViewController(animated: true)
    }
}

/// The app with the composer on display: built before the leak check, it
/// outlives the photo picker the check opens and closes.
final class ComposerApp {
    let app = DemoApp()
    let composer: ComposerViewController
    private let composerWireframe: ComposerWireframe

    init(attachmentKind: Composer.AttachmentKind, relay: Composer.RelayKind) {
        composerWireframe = ComposerWireframe(attachmentKind: attachmentKind, relayKind: relay)
        composer = composerWireframe.viewController
        app.push(composer)
    }

    /// The user opens the photo picker and picks a photo, which closes the picker.
    func attachPhoto(tracking scope: LeakScope) {
        composer.attachButton.tap()
        guard let picker = app.navigation.topViewController as? PhotoPickerViewController,
            let presenter = picker.presenter as? PhotoPickerPresenter
        else { return }
        scope.track(picker)
        scope.track(presenter)
        scope.track(presenter.interactor)
        picker.photosTable.selectRow(at: IndexPath(row: 0, section: 0))
    }
}
