import Foundation

public final class Response {
    public init() {}
}

/// Keeps every response under the id of the request that fetched it: each load is a new key, nothing is evicted.
public final class ResponseCache {
    public static let shared = ResponseCache()
    public private(set) var responses: [String: Response] = [:]

    @discardableResult
    public func load() -> Response {
        let response = Response()
        responses[UUID().uuidString] = response
        return response
    }
}

/// The twin: one entry per screen, replaced on each load.
public final class ProfileCache {
    public static let shared = ProfileCache()
    public private(set) var responses: [String: Response] = [:]

    @discardableResult
    public func loadProfile() -> Response {
        let response = Response()
        responses["profile"] = response
        return response
    }
}

/// Made once, on first use, and kept: what a first run makes is not growth.
public final class Settings {
    public static let shared = Settings()
    public let formatter = DateFormatter()
    public let theme = Theme()
}

public final class Theme {
    public var name = "light"
}
