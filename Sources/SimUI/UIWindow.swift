/// The root of a visible hierarchy: it holds its root view controller, and
/// view controllers appear (`viewWillAppear`, `viewDidAppear`) only once
/// their hierarchy is in a visible window.
open class UIWindow: UIView {
    /// Whether ``makeKeyAndVisible()`` was called and the window is not hidden.
    public var isVisible: Bool { isKey && !isHidden }
    private var isKey = false

    /// The controller whose view fills the window. Replacing it makes the old
    /// hierarchy disappear and releases it (unless something else holds it).
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let oldValue {
                oldValue.endAppearance(animated: false)
                oldValue.window = nil
                oldValue.viewIfLoaded?.removeFromSuperview()
            }
            if let rootViewController {
                rootViewController.window = self
                addSubview(rootViewController.view)
                if isVisible { rootViewController.beginAppearance(animated: false) }
            }
        }
    }

    /// Creates a window with no root view controller.
    public override init() {
        super.init()
    }

    /// Shows the window: its root view controller's hierarchy appears.
    open func makeKeyAndVisible() {
        isKey = true
        isHidden = false
        rootViewController?.beginAppearance(animated: false)
    }

    /// Hiding a window makes its hierarchy disappear; showing it again makes it appear.
    open override var isHidden: Bool {
        didSet {
            guard isKey, oldValue != isHidden else { return }
            if isHidden {
                rootViewController?.endAppearance(animated: false)
            } else {
                rootViewController?.beginAppearance(animated: false)
            }
        }
    }
}
