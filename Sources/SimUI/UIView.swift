/// A view: the base of controls, labels, cells and windows.
///
/// Views hold their subviews strongly and their superview weakly, as UIKit does.
open class UIView {
    /// The views this view contains, in order.
    public private(set) var subviews: [UIView] = []
    /// The view that contains this one.
    public private(set) weak var superview: UIView?
    /// Whether the view is hidden.
    open var isHidden = false
    /// A number identifying the view, for look-ups with ``viewWithTag(_:)``.
    open var tag = 0

    /// Runs once, when the view is deinitialised; how reactive extensions end
    /// their sequences when the view goes away (RxCocoa's `rx.deallocated`).
    private var deallocationHandlers: [() -> Void] = []

    /// Creates an empty view.
    public init() {}

    deinit {
        for handler in deallocationHandlers { handler() }
    }

    /// Adds `view` at the end of the subviews, moving it from its old superview.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Removes the view from its superview, which releases it unless someone else holds it.
    open func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// This view, or the first subview (depth first) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Registers `handler` to run when the view is deinitialised. The handler
    /// must not capture the view strongly, or the view never goes away.
    public func onDeallocation(_ handler: @escaping () -> Void) {
        deallocationHandlers.append(handler)
    }
}
