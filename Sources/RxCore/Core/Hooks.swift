import Foundation

/// Process-wide hooks, as in RxSwift.
public enum Hooks {
    /// The type of ``defaultErrorHandler``: the subscription's call stack, then the error.
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void
    /// The type of ``customCaptureSubscriptionCallstack``.
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    /// Whether an unhandled error's call stack also holds what ``customCaptureSubscriptionCallstack``
    /// returns; off by default, as in RxSwift.
    nonisolated(unsafe) public static var recordCallStackOnError = false

    /// Called for an error that reaches a subscription without an error handler.
    ///
    /// Its call stack is empty unless ``recordCallStackOnError`` is on; then it holds what
    /// ``customCaptureSubscriptionCallstack`` returns, captured when the error arrives (RxSwift
    /// captures it when subscribing, a cost RxCore's recorded site makes unnecessary). The
    /// subscription's site, which RxCore always records, is ``siteOfUnhandledError`` during the
    /// call. By default it prints the error, the site and the call stack.
    nonisolated(unsafe) public static var defaultErrorHandler: DefaultErrorHandler = { callStack, error in
        let site = siteOfUnhandledError.map { " at \($0)" } ?? ""
        print(
            "Unhandled error happened: \(error)\n subscription called from\(site):\n\(callStack.joined(separator: "\n"))"
        )
    }

    /// Captures the call stack for ``defaultErrorHandler`` when ``recordCallStackOnError`` is on; by
    /// default the symbols of the current thread's stack, as RxSwift's debug builds do.
    nonisolated(unsafe) public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
        Thread.callStackSymbols
    }

    /// Where the subscription that an unhandled error reached was made (`Presenter.swift:41`),
    /// while ``defaultErrorHandler`` runs for it; `nil` at any other time.
    public static var siteOfUnhandledError: CallSite? { unhandledErrorSite }

    @TaskLocal private static var unhandledErrorSite: CallSite?

    /// Hands `error`, which reached the subscription made at `site` without an error handler, to
    /// ``defaultErrorHandler``.
    static func reportUnhandled(_ error: Swift.Error, subscribedAt site: CallSite) {
        let callStack = recordCallStackOnError ? customCaptureSubscriptionCallstack() : []
        $unhandledErrorSite.withValue(site) { defaultErrorHandler(callStack, error) }
    }
}
