/// A view controller with UIKit's lifecycle: the view loads lazily
/// (`viewDidLoad`), and `viewWillAppear`/`viewDidAppear`/`viewWillDisappear`/
/// `viewDidDisappear` follow what happens to it in a visible window: being
/// made root, pushed, popped, presented, dismissed, or covered by a
/// full-screen presentation. Everything is synchronous; `animated` is recorded
/// and passed on, nothing waits.
///
/// Memory follows UIKit: a navigation controller holds its stack, a presenting
/// controller holds what it presents, and parents and presenters are held weakly.
open class UIViewController {
    /// Where a controller is in its appearance cycle.
    enum Appearance {
        case disappeared, appearing, appeared, disappearing
    }

    /// How a presented controller covers its presenter.
    public enum ModalPresentationStyle: Sendable {
        /// A sheet (iOS 13+ default): the presenter stays visible behind it and
        /// gets no disappearance callbacks.
        case automatic
        /// Covers the presenter, which disappears and reappears on dismissal.
        case fullScreen
    }

    /// A lifecycle method, for observers of the lifecycle (the `rx` extensions).
    public enum LifecycleEvent: Sendable {
        /// `viewDidLoad()` ran.
        case viewDidLoad
        /// `viewWillAppear(_:)` ran.
        case viewWillAppear
        /// `viewDidAppear(_:)` ran.
        case viewDidAppear
        /// `viewWillDisappear(_:)` ran.
        case viewWillDisappear
        /// `viewDidDisappear(_:)` ran.
        case viewDidDisappear
    }

    private var loadedView: UIView?
    private var lifecycleObservers: [(key: Int, handler: (LifecycleEvent, Bool) -> Void)] = []
    private var nextObserverKey = 0
    private var deallocationHandlers: [() -> Void] = []
    var appearance = Appearance.disappeared
    /// Set while this controller is a window's root.
    weak var window: UIWindow?

    /// The controller's title.
    open var title: String?
    /// How this controller covers its presenter when presented.
    open var modalPresentationStyle = ModalPresentationStyle.automatic
    /// The container (such as a navigation controller) this controller is in.
    public internal(set) weak var parent: UIViewController?
    /// The controller this one presented, held strongly until dismissed.
    public private(set) var presentedViewController: UIViewController?
    /// The controller that presented this one.
    public private(set) weak var presentingViewController: UIViewController?

    /// Creates a controller whose view is not loaded yet.
    public init() {}

    deinit {
        for handler in deallocationHandlers { handler() }
    }

    /// Calls `handler` after each lifecycle method runs (with its `animated`
    /// argument, false for `viewDidLoad`) until ``removeLifecycleObserver(_:)``
    /// is called with the returned key. The handler must not capture the
    /// controller strongly, or the controller never goes away.
    public func addLifecycleObserver(_ handler: @escaping (LifecycleEvent, Bool) -> Void) -> Int {
        nextObserverKey += 1
        lifecycleObservers.append((nextObserverKey, handler))
        return nextObserverKey
    }

    /// Stops calling the lifecycle observer registered under `key`.
    public func removeLifecycleObserver(_ key: Int) {
        lifecycleObservers.removeAll { $0.key == key }
    }

    /// Registers `handler` to run when the controller is deinitialised. The
    /// handler must not capture the controller strongly.
    public func onDeallocation(_ handler: @escaping () -> Void) {
        deallocationHandlers.append(handler)
    }

    private func notifyObservers(_ event: LifecycleEvent, animated: Bool) {
        for observer in lifecycleObservers { observer.handler(event, animated) }
    }

    /// The controller's view, loaded (and `viewDidLoad` called) on first access.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }

    /// Whether the view is loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view; override to build your own hierarchy, then call `super`
    /// or assign ``view``.
    open func loadView() {
        loadedView = UIView()
    }

    /// Loads the view and calls ``viewDidLoad()`` unless it is loaded already.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView() }
        viewDidLoad()
        notifyObservers(.viewDidLoad, animated: false)
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}
    /// Called before the view becomes visible.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view became visible.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view stops being visible.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view stopped being visible.
    open func viewDidDisappear(_ animated: Bool) {}

    /// The nearest navigation controller among this controller and its parents.
    public var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// Whether the view is currently visible (between `viewDidAppear` and `viewWillDisappear`).
    public var isVisible: Bool { appearance == .appeared }

    /// The controllers contained in this one whose appearance follows it;
    /// a navigation controller's top controller.
    var appearanceChildren: [UIViewController] { [] }

    /// Whether this controller's hierarchy is in a visible window.
    var isInVisibleWindow: Bool {
        if let window { return window.isVisible }
        if let parent { return parent.isInVisibleWindow }
        if let presentingViewController { return presentingViewController.isInVisibleWindow }
        return false
    }

    // MARK: Presentation

    /// Presents `viewControllerToPresent` modally; it is held by this controller
    /// until dismissed. Presenting while already presenting is ignored with a
    /// warning, as UIKit does.
    open func present(_ viewControllerToPresent: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        if let presentedViewController {
            print(
                "Warning: Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: self)) which is already presenting \(type(of: presentedViewController))"
            )
            return
        }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.loadViewIfNeeded()
        if isInVisibleWindow {
            let covers = viewControllerToPresent.modalPresentationStyle == .fullScreen
            if covers { willDisappear(animated: animated) }
            viewControllerToPresent.willAppear(animated: animated)
            if covers { didDisappear(animated: animated) }
            viewControllerToPresent.didAppear(animated: animated)
        }
        completion?()
    }

    /// Dismisses the controller this one presented (with anything it presented
    /// in turn); called on a presented controller, asks its presenter to
    /// dismiss it. The dismissed controllers are released unless held elsewhere.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presentedViewController else {
            if let presentingViewController {
                presentingViewController.dismiss(animated: animated, completion: completion)
            } else {
                completion?()
            }
            return
        }
        if presented.presentedViewController != nil {
            presented.dismiss(animated: false)
        }
        let uncovers = presented.modalPresentationStyle == .fullScreen && isInVisibleWindow
        presented.willDisappear(animated: animated)
        if uncovers { willAppear(animated: animated) }
        presented.didDisappear(animated: animated)
        if uncovers { didAppear(animated: animated) }
        presented.presentingViewController = nil
        presentedViewController = nil
        completion?()
    }

    // MARK: Appearance forwarding

    /// Makes this hierarchy appear (window shown, root set); a full-screen
    /// presented controller keeps its presenter covered.
    func beginAppearance(animated: Bool) {
        if presentedViewController?.modalPresentationStyle != .fullScreen {
            willAppear(animated: animated)
            didAppear(animated: animated)
        }
        presentedViewController?.beginAppearance(animated: animated)
    }

    /// Makes this hierarchy, presented controllers included, disappear.
    func endAppearance(animated: Bool) {
        presentedViewController?.endAppearance(animated: animated)
        willDisappear(animated: animated)
        didDisappear(animated: animated)
    }

    func willAppear(animated: Bool) {
        loadViewIfNeeded()
        step(from: [.disappeared, .disappearing], to: .appearing, animated: animated, event: .viewWillAppear) {
            $0.willAppear(animated: animated)
        }
    }

    func didAppear(animated: Bool) {
        step(from: [.appearing], to: .appeared, animated: animated, event: .viewDidAppear) {
            $0.didAppear(animated: animated)
        }
    }

    func willDisappear(animated: Bool) {
        step(from: [.appeared, .appearing], to: .disappearing, animated: animated, event: .viewWillDisappear) {
            $0.willDisappear(animated: animated)
        }
    }

    func didDisappear(animated: Bool) {
        step(from: [.disappearing], to: .disappeared, animated: animated, event: .viewDidDisappear) {
            $0.didDisappear(animated: animated)
        }
    }

    /// Moves to `next` when the controller is in one of `states`, calls the
    /// lifecycle method, then forwards the step to the contained controllers;
    /// a repeated step does nothing, so each callback runs once per transition.
    private func step(
        from states: [Appearance], to next: Appearance, animated: Bool,
        event: LifecycleEvent, forward: (UIViewController) -> Void
    ) {
        guard states.contains(appearance) else { return }
        appearance = next
        switch event {
        case .viewDidLoad: break
        case .viewWillAppear: viewWillAppear(animated)
        case .viewDidAppear: viewDidAppear(animated)
        case .viewWillDisappear: viewWillDisappear(animated)
        case .viewDidDisappear: viewDidDisappear(animated)
        }
        notifyObservers(event, animated: animated)
        appearanceChildren.forEach(forward)
    }
}
