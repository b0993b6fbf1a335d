import Foundation

/// A request to load a URL: the stand-in for FoundationNetworking's
/// `URLRequest`, so that SimUI does not link FoundationNetworking (and
/// libcurl) for a web view that never goes on the network.
public struct URLRequest: Equatable, Sendable {
    /// The URL to load.
    public var url: URL?

    /// A request for `url`.
    public init(url: URL) {
        self.url = url
    }
}

/// A web view (WebKit's `WKWebView`): loading a request shows its URL; nothing
/// is fetched.
open class WKWebView: UIView {
    /// The URL of the last request loaded.
    public private(set) var url: URL?
    /// How many requests were loaded.
    public private(set) var loadCount = 0

    /// Creates a web view showing nothing.
    public override init() {
        super.init()
    }

    /// Loads `request`.
    open func load(_ request: URLRequest) {
        url = request.url
        loadCount += 1
    }
}
