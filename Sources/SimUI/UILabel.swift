/// A label showing text.
open class UILabel: UIView {
    /// The text shown.
    open var text: String?

    /// Creates a label with no text.
    public override init() {
        super.init()
    }
}
