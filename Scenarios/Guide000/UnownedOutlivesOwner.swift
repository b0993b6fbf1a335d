import Leaks
import RxCore
import SimUI

// Guide 000, "Capture lists": a long-living operation.
//
// > On the other hand, you might have a long-living operation that might
// > continue even after the module closes. In that instance, it wouldn't be
// > feasible to use `unowned`, as you'd only face a crash. [...] Let's say that
// > you initiate an upload on a certain screen and navigate out of it.
//
// The photo screen starts an upload that must finish even when the user
// leaves, so its subscription is not tied to the screen's bag.

extension Guide000 {
    static let unownedOutlivesOwner = Scenario(
        id: "unowned-outlives-owner",
        title: "[unowned self] in an upload that outlives its screen",
        guide: handbook(
            "Capture lists",
            "you might have a long-living operation that might continue even after the module closes. In that instance, it wouldn't be feasible to use `unowned`, as you'd only face a crash."
        ),
        explanation: """
            The upload keeps running after the user leaves the screen, on purpose: its subscription is not in the \
            presenter's bag. Its block captures the presenter `unowned`; the presenter is gone when the server \
            answers, and reading the unowned reference traps. With the subscription in the presenter's bag, \
            `unowned` is safe (the bag cancels the upload with the screen), which is the guide's rule of thumb.
            """,
        fix: "Capture [weak self] in blocks of operations that may outlive their module.",
        variants: [
            Variant(
                "leaking", role: .leaking,
                expect: .crash(reason: "unowned reference read after deallocation")
            ) { scope in
                PhotoUploadWireframe.uploadAndLeave(.unownedSelfOutlivingTheScreen, in: scope)
            },
            Variant("fixed", role: .fixed, expect: .clean) { scope in
                PhotoUploadWireframe.uploadAndLeave(.weakSelfOutlivingTheScreen, in: scope)
            },
            Variant("unowned-in-dispose-bag", role: .control, expect: .clean) { scope in
                PhotoUploadWireframe.uploadAndLeave(.unownedSelfInDisposeBag, in: scope)
            },
        ])
}

/// What the server says about an upload.
struct UploadResult: Equatable {
    let succeeded: Bool
}

enum PhotoUpload {
    struct ViewOutput {
        let upload: Observable<Void>
    }

    struct ViewInput {}

    /// How the presenter follows the upload: the variants differ only here.
    enum Feedback {
        /// `[unowned self]`, and the subscription outlives the screen.
        case unownedSelfOutlivingTheScreen
        /// `[weak self]`, and the subscription outlives the screen.
        case weakSelfOutlivingTheScreen
        /// `[unowned self]`, and the subscription is in the presenter's bag.
        case unownedSelfInDisposeBag
    }
}

protocol PhotoUploadPresenterInterface: AnyObject {
    func configure(with output: PhotoUpload.ViewOutput) -> PhotoUpload.ViewInput
}

final class PhotoUploadViewController: UIViewController {
    var presenter: PhotoUploadPresenterInterface!
    let uploadButton = UIButton()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(uploadButton)
        _ = presenter.configure(with: PhotoUpload.ViewOutput(upload: uploadButton.rx.tap.asObservable()))
    }
}

final class PhotoUploadInteractor {
    private let api: APIClient

    init(api: APIClient) {
        self.api = api
    }

    func upload(photoNamed name: String) -> Observable<UploadResult> {
        api.request(UploadResult(succeeded: true))
    }
}

final class PhotoUploadPresenter: PhotoUploadPresenterInterface {
    private let interactor: PhotoUploadInteractor
    private let wireframe: PhotoUploadWireframe
    private let feedback: PhotoUpload.Feedback
    private(set) var lastResult: UploadResult?
    private let disposeBag = DisposeBag()

    init(interactor: PhotoUploadInteractor, wireframe: PhotoUploadWireframe, feedback: PhotoUpload.Feedback) {
        self.interactor = interactor
        self.wireframe = wireframe
        self.feedback = feedback
    }

    func configure(with output: PhotoUpload.ViewOutput) -> PhotoUpload.ViewInput {
        output.upload
            .subscribe(onNext: { [unowned self] in self.startUpload() })
            .disposed(by: disposeBag)
        return PhotoUpload.ViewInput()
    }

    private func startUpload() {
        let upload = interactor.upload(photoNamed: "holiday.jpg")
        switch feedback {
        case .unownedSelfOutlivingTheScreen:
            // The upload must finish even if the user leaves: not in the screen's bag.
            _ = upload.subscribe(onNext: { [unowned self] result in
                self.lastResult = result
                self.wireframe.showUploadFinished(result)
            })
        case .weakSelfOutlivingTheScreen:
            // The upload must finish even if the user leaves: not in the screen's bag.
            _ = upload.subscribe(onNext: { [weak self] result in
                guard let self = self else { return }
                self.lastResult = result
                self.wireframe.showUploadFinished(result)
            })
        case .unownedSelfInDisposeBag:
            upload.subscribe(onNext: { [unowned self] result in
                self.lastResult = result
                self.wireframe.showUploadFinished(result)
            })
            .disposed(by: disposeBag)
        }
    }
}

final class PhotoUploadWireframe: BaseWireframe<PhotoUploadViewController> {
    init(api: APIClient, feedback: PhotoUpload.Feedback) {
        let moduleViewController = PhotoUploadViewController()
        super.init(viewController: moduleViewController)
        let interactor = PhotoUploadInteractor(api: api)
        moduleViewController.presenter = PhotoUploadPresenter(
            interactor: interactor, wireframe: self, feedback: feedback)
    }

    func showUploadFinished(_ result: UploadResult) {
        viewController.title = result.succeeded ? "Uploaded" : "Upload failed"
    }

    /// The user starts an upload and leaves the screen; then the server answers.
    static func uploadAndLeave(_ feedback: PhotoUpload.Feedback, in scope: LeakScope) {
        let app = DemoApp()
        let wireframe = PhotoUploadWireframe(api: app.api, feedback: feedback)
        do {
            let viewController = app.open(wireframe, tracking: scope) { $0.presenter }
            viewController.uploadButton.tap()
        }
        app.goBack()
        app.api.respondToPendingRequests()
    }
}
