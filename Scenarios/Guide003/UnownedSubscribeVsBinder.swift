import Foundation
import Leaks
import RxCore
import SimUI

extension Guide003 {
    /// `unowned-subscribe-vs-binder`: the article loads requests into a web view
    /// with `subscribe { [unowned self] ... }` and then with a `Binder` in a
    /// `Reactive` extension. Forget the capture list and the view controller
    /// holds itself through its own bag, unless the source completes.
    enum UnownedSubscribeVsBinder {
        /// The articles the reader opens, as requests: a relay, so the sequence never ends.
        final class ReaderViewModel {
            let openedArticles = PublishRelay<URLRequest>()

            func open(_ url: URL) {
                openedArticles.accept(URLRequest(url: url))
            }
        }

        /// Shows the requested articles in a web view, loading them with the
        /// article's `Reactive` extension.
        class BrowserViewController: UIViewController {
            let webView = WKWebView()
            let disposeBag = DisposeBag()
            let requests: Observable<URLRequest>

            init(requests: Observable<URLRequest>) {
                self.requests = requests
                super.init()
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(webView)
                bindRequests()
            }

            func bindRequests() {
                requests.bind(to: self.webView.rx.loadRequest)
                    .disposed(by: disposeBag)
            }
        }

        /// Subscribes as the article does before its extension, without `[unowned self]`.
        final class StrongSelfBrowserViewController: BrowserViewController {
            override func bindRequests() {
                requests.subscribe { request in  // captures self
                    guard let request = request.element else { return }
                    self.webView.load(request)
                }.disposed(by: disposeBag)
            }
        }

        /// Subscribes as the article does before its extension, with `[unowned self]`.
        final class UnownedSelfBrowserViewController: BrowserViewController {
            override func bindRequests() {
                requests.subscribe { [unowned self] request in
                    guard let request = request.element else { return }
                    self.webView.load(request)
                }.disposed(by: disposeBag)
            }
        }

        static let article = URL(string: "https://habr.com/ru/post/423603/")!

        /// The reader opens the browser, an article loads, and the reader closes the browser.
        static func readArticle(
            in browser: BrowserViewController, opening viewModel: ReaderViewModel?, scope: LeakScope
        ) {
            UIWindow.showScreen(browser) {
                viewModel?.open(article)
                scope.track(browser)
                scope.track(browser.webView)
            }
        }

        static let scenario = Scenario(
            id: "unowned-subscribe-vs-binder",
            title: "subscribe { self.webView.load(...) } against bind(to: webView.rx.loadRequest)",
            guide: GuideReference(
                file: Guide003.file, section: "ReactiveExtension",
                passage: "observable.subscribe { [unowned self] request in self.webView.load(request.element!) }"
                    + ".disposed(by: disposeBag) ... в случае с подпиской надо не забыть про `[unowned self]` ... "
                    + "package var loadRequest: Binder<URLRequest> { return Binder(self.base) { webView, request in "
                    + "webView.load(request) } }"),
            explanation: """
                The subscription lives in the view controller's bag, and its closure uses self: without a capture \
                list the closure holds the view controller, which holds the bag, which holds the subscription, which \
                holds the closure. The article's own source is `Observable.just(request)`, which completes at once \
                and so releases the closure: the same code leaks only with a source that keeps going, such as the \
                view model's relay of opened articles. `[unowned self]` breaks the cycle (the view controller owns the \
                bag, so the closure never runs after it is gone), and a `Binder` holds the web view weakly and needs no \
                capture list at all. (The article's `request.element!` would trap on the completion event of `just`; \
                the scenario reads `element` safely.)
                """,
            fix: """
                Bind with a `Binder` from a `Reactive` extension, `bind(to: webView.rx.loadRequest)`, or write \
                `[unowned self]` (or `[weak self]`) in the subscription's closure.
                """,
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.cycle, types: ["StrongSelfBrowserViewController"], pattern: "closure-strong-self")
                ) { scope in
                    let viewModel = ReaderViewModel()
                    let browser = StrongSelfBrowserViewController(requests: viewModel.openedArticles.asObservable())
                    readArticle(in: browser, opening: viewModel, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean) { scope in
                    let viewModel = ReaderViewModel()
                    let browser = BrowserViewController(requests: viewModel.openedArticles.asObservable())
                    readArticle(in: browser, opening: viewModel, scope: scope)
                },
                Variant("unowned-self", role: .fixed, expect: .clean) { scope in
                    let viewModel = ReaderViewModel()
                    let browser = UnownedSelfBrowserViewController(requests: viewModel.openedArticles.asObservable())
                    readArticle(in: browser, opening: viewModel, scope: scope)
                },
                Variant("just-completes", role: .control, expect: .clean) { scope in
                    let browser = StrongSelfBrowserViewController(requests: Observable.just(URLRequest(url: article)))
                    readArticle(in: browser, opening: nil, scope: scope)
                },
            ])
    }
}

extension Reactive where Base: WKWebView {
    /// Loads each request into the web view, which the binder holds weakly.
    var loadRequest: Binder<URLRequest> {
        return Binder(self.base) { webView, request in
            webView.load(request)
        }
    }
}
