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
    /// Its call stack starts with the subscription's site (`Presenter.swift:41`), which RxCore always
    /// records; with ``recordCallStackOnError`` on, ``customCaptureSubscriptionCallstack``'s lines follow,
    /// captured when the error arrives (RxSwift captures them when subscribing, a cost RxCore's site
    /// makes unnecessary). By default it prints the error and the call stack.
    nonisolated(unsafe) public static var defaultErrorHandler: DefaultErrorHandler = { callStack, error in
        print("Unhandled error happened: \(error)\n subscription called from:\n\(callStack.joined(separator: "\n"))")
    }

    /// Captures the call stack for ``defaultErrorHandler`` when ``recordCallStackOnError`` is on; by
    /// default the symbols of the current thread's stack, as RxSwift's debug builds do.
    nonisolated(unsafe) public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
        Thread.callStackSymbols
    }

    /// Hands `error`, which reached the subscription made at `site` without an error handler, to
    /// ``defaultErrorHandler``.
    static func reportUnhandled(_ error: Swift.Error, subscribedAt site: CallSite) {
        var callStack = [site.description]
        if recordCallStackOnError { callStack += customCaptureSubscriptionCallstack() }
        defaultErrorHandler(callStack, error)
    }
}
