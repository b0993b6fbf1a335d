import Foundation

/// What a table view asks for its rows.
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows in `section`.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, usually dequeued with
    /// ``UITableView/dequeueReusableCell(withIdentifier:for:)``.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

/// A single-section table view that dequeues and reuses cells as UIKit does.
///
/// It shows ``visibleRowCount`` rows from ``firstVisibleRow``. Scrolling and
/// reloading put the cells of rows that leave the screen into a reuse pool
/// per identifier; dequeuing takes a cell from the pool (calling
/// `prepareForReuse()`) or makes one of the registered class. Cells are never
/// released while the table view lives, so whatever a cell holds survives
/// until the cell is reused.
open class UITableView: UIView {
    /// The data source, held weakly as in UIKit.
    open weak var dataSource: UITableViewDataSource?
    /// A data source the table view holds strongly while a reactive binding
    /// is active (RxCocoa's delegate proxy retains its forward data source).
    var retainedDataSource: UITableViewDataSource?

    /// How many rows fit on screen.
    public let visibleRowCount: Int
    /// The first row on screen.
    public private(set) var firstVisibleRow = 0

    private var registeredClasses: [String: UITableViewCell.Type] = [:]
    private var reusePool: [String: [UITableViewCell]] = [:]
    private var visible: [Int: UITableViewCell] = [:]
    /// How many cells the table view has made; the rest of what it showed was reuse.
    public private(set) var createdCellCount = 0
    /// The row the user selected last.
    public private(set) var indexPathForSelectedRow: IndexPath?
    private var selectionObservers: [(key: Int, handler: (IndexPath) -> Void)] = []
    private var nextObserverKey = 0

    /// A table view that shows `visibleRowCount` rows at a time.
    public init(visibleRowCount: Int = 8) {
        precondition(visibleRowCount > 0, "a table view shows at least one row")
        self.visibleRowCount = visibleRowCount
        super.init()
    }

    /// Registers the class to make cells of for `identifier`.
    open func register(_ cellClass: UITableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registeredClasses[identifier] = cellClass
    }

    /// A cell for `identifier`: a reused one (after `prepareForReuse()`) when
    /// one is waiting, otherwise a new one of the registered class.
    /// Dequeuing an unregistered identifier is a programming error, as in UIKit.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if var pool = reusePool[identifier], !pool.isEmpty {
            let cell = pool.removeFirst()
            reusePool[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClasses[identifier] else {
            preconditionFailure("unable to dequeue a cell with identifier \(identifier): register a class for it first")
        }
        createdCellCount += 1
        let cell = cellClass.init(style: .default, reuseIdentifier: identifier)
        return cell
    }

    /// The number of rows the data source reports.
    public var numberOfRows: Int { dataSource?.tableView(self, numberOfRowsInSection: 0) ?? 0 }

    /// The cell showing the row at `indexPath`, if it is on screen.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        visible[indexPath.row]
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [UITableViewCell] {
        visible.keys.sorted().compactMap { visible[$0] }
    }

    /// The index paths of the rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath] {
        visible.keys.sorted().map { IndexPath(row: $0, section: 0) }
    }

    /// Asks the data source for every row on screen again; the cells on
    /// screen go to the reuse pool first, as UIKit does.
    open func reloadData() {
        for row in visible.keys.sorted() { enqueue(row: row) }
        let count = numberOfRows
        firstVisibleRow = max(0, min(firstVisibleRow, count - visibleRowCount))
        layoutVisibleRows(count: count)
    }

    /// Asks the data source again for the given rows that are on screen.
    open func reloadRows(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths where visible[indexPath.row] != nil {
            enqueue(row: indexPath.row)
        }
        layoutVisibleRows(count: numberOfRows)
    }

    /// Scrolls so that the row at `indexPath` is the first row on screen (or
    /// as close as the content allows): rows that leave the screen give their
    /// cells to the reuse pool, rows that enter it are asked for.
    open func scrollToRow(at indexPath: IndexPath, animated: Bool) {
        let count = numberOfRows
        let target = max(0, min(indexPath.row, count - visibleRowCount))
        firstVisibleRow = target
        for row in visible.keys.sorted() where !(target..<target + visibleRowCount).contains(row) {
            enqueue(row: row)
        }
        layoutVisibleRows(count: count)
    }

    /// Scrolls row by row from the top to the end and back, as a user flicking
    /// through the whole list would: every row is shown once on the way down.
    open func scrollThroughAllRows() {
        let count = numberOfRows
        guard count > visibleRowCount else { return }
        for row in 0...(count - visibleRowCount) {
            scrollToRow(at: IndexPath(row: row, section: 0), animated: false)
        }
        scrollToRow(at: IndexPath(row: 0, section: 0), animated: false)
    }

    /// Simulates the user tapping the row at `indexPath`.
    open func selectRow(at indexPath: IndexPath) {
        MainRunLoop.turn {
            indexPathForSelectedRow = indexPath
            for observer in selectionObservers { observer.handler(indexPath) }
        }
    }

    /// Calls `handler` for each row the user selects until
    /// ``removeSelectionObserver(_:)`` is called with the returned key (the
    /// delegate's `didSelectRowAt`, for the `rx` extensions).
    public func addSelectionObserver(_ handler: @escaping (IndexPath) -> Void) -> Int {
        nextObserverKey += 1
        selectionObservers.append((nextObserverKey, handler))
        return nextObserverKey
    }

    /// Stops calling the selection observer registered under `key`.
    public func removeSelectionObserver(_ key: Int) {
        selectionObservers.removeAll { $0.key == key }
    }

    private func enqueue(row: Int) {
        guard let cell = visible.removeValue(forKey: row) else { return }
        cell.removeFromSuperview()
        reusePool[cell.reuseIdentifier ?? "", default: []].append(cell)
    }

    private func layoutVisibleRows(count: Int) {
        guard let dataSource else { return }
        let rows = firstVisibleRow..<min(count, firstVisibleRow + visibleRowCount)
        for row in visible.keys where !rows.contains(row) { enqueue(row: row) }
        for row in rows where visible[row] == nil {
            let cell = dataSource.tableView(self, cellForRowAt: IndexPath(row: row, section: 0))
            visible[row] = cell
            addSubview(cell)
        }
    }
}
