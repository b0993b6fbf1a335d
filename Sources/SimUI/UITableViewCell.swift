/// A table row's view. The table view keeps cells that scrolled out of sight
/// and hands them out again, calling ``prepareForReuse()`` first: whatever a
/// cell holds (subscriptions included) stays with it until then.
open class UITableViewCell: UIView {
    /// The built-in cell layouts (all simulated alike).
    public enum CellStyle: Sendable {
        /// A text label.
        case `default`
        /// A text label and a detail label on one line, the detail on the right.
        case value1
        /// A detail label on the left, then the text label.
        case value2
        /// A text label above a detail label.
        case subtitle
    }

    /// The identifier the cell was registered and dequeued with.
    public let reuseIdentifier: String?
    /// The label of the built-in layout.
    public let textLabel: UILabel?
    /// The secondary label of the built-in layout.
    public let detailTextLabel: UILabel?
    /// The view that holds the cell's own subviews.
    public let contentView = UIView()

    /// Creates a cell; the table view calls this when its reuse pool is empty.
    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        textLabel = UILabel()
        detailTextLabel = style == .default ? nil : UILabel()
        super.init()
        addSubview(contentView)
        contentView.addSubview(textLabel!)
        if let detailTextLabel { contentView.addSubview(detailTextLabel) }
    }

    /// Called before the table view hands out this cell again for another row.
    open func prepareForReuse() {}
}
