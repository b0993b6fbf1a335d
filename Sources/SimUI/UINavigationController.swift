/// A stack of view controllers: it holds them strongly, shows the top one,
/// and releases a controller when it is popped (unless something else holds it).
open class UINavigationController: UIViewController {
    /// The stack, root first.
    public private(set) var viewControllers: [UIViewController] = []

    /// A navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    /// The controller on top of the stack.
    public var topViewController: UIViewController? { viewControllers.last }

    /// The top controller, or what it presents.
    public var visibleViewController: UIViewController? {
        var visible = topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }

    override var appearanceChildren: [UIViewController] { topViewController.map { [$0] } ?? [] }

    /// Pushes `viewController`: the old top disappears, the new one appears.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        replaceStack(with: viewControllers + [viewController], animated: animated)
    }

    /// Pops the top controller unless it is the root, and returns it; it is
    /// released once the caller lets go of it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
        replaceStack(with: Array(viewControllers.dropLast()), animated: animated)
        return top
    }

    /// Pops every controller above the root and returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard viewControllers.count > 1 else { return nil }
        let popped = Array(viewControllers.dropFirst())
        replaceStack(with: [viewControllers[0]], animated: animated)
        return popped
    }

    /// Pops controllers above `viewController` and returns them.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(viewControllers[(index + 1)...])
        replaceStack(with: Array(viewControllers[...index]), animated: animated)
        return popped
    }

    /// Replaces the whole stack.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        replaceStack(with: viewControllers, animated: animated)
    }

    private func replaceStack(with newStack: [UIViewController], animated: Bool) {
        let oldTop = topViewController
        let newTop = newStack.last
        let removed = viewControllers.filter { controller in !newStack.contains { $0 === controller } }
        for controller in newStack { controller.parent = self }
        viewControllers = newStack
        if oldTop !== newTop, appearance == .appeared || appearance == .appearing {
            oldTop?.willDisappear(animated: animated)
            newTop?.willAppear(animated: animated)
            oldTop?.didDisappear(animated: animated)
            newTop?.didAppear(animated: animated)
        }
        for controller in removed { controller.parent = nil }
    }
}
