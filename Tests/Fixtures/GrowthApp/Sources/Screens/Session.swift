import RxRelay
import RxSwift

/// The events each screen watches, counting their subscriptions alive in ``Counters`` (statics: a closure that
/// captured an object would have it tracked): the oracles of the screens that watch them.
enum SessionEvents {
    static func forAccount() -> Observable<String> {
        Observable.create { _ in
            Counters.shared.account += 1
            return Disposables.create { Counters.shared.account -= 1 }
        }
    }

    static func forSettings() -> Observable<String> {
        Observable.create { _ in
            Counters.shared.settings += 1
            return Disposables.create { Counters.shared.settings -= 1 }
        }
    }
}

/// The subscriptions alive of each screen's events.
public final class Counters {
    public static let shared = Counters()
    public internal(set) var account = 0
    public internal(set) var settings = 0
}

/// The app's session: each screen that opens watches its events and disposes the subscription into the service's
/// own bag, which lives as long as the app, so every screen opened leaves one more subscription there.
public final class SessionService {
    public static let shared = SessionService()
    private let bag = DisposeBag()

    public func watch() {
        SessionEvents.forAccount().subscribe(onNext: { _ in }).disposed(by: bag)
    }
}

public final class AccountScreen {
    public init() {}

    public func open() {
        SessionService.shared.watch()
    }
}

/// The twin: the screen disposes into a bag of its own, which goes with it.
public final class SettingsScreen {
    private let bag = DisposeBag()

    public init() {}

    public func open() {
        SessionEvents.forSettings().subscribe(onNext: { _ in }).disposed(by: bag)
    }
}

/// The app's preferences, made on first use with the relay they keep: made once, never again.
public final class Preferences {
    public static let shared = Preferences()
    public let theme = BehaviorRelay(value: "light")
}

/// The same for the Swift Testing twin, which must be the first to touch it.
public final class Appearance {
    public static let shared = Appearance()
    public let accent = BehaviorRelay(value: "blue")
}
