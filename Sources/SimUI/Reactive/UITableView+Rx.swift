import RxCore

extension Reactive where Base: UITableView {
    /// Binds a sequence of arrays to the table's rows, one cell per element,
    /// dequeued with `cellIdentifier` and handed to `configureCell`:
    ///
    /// ```swift
    /// items
    ///     .bind(to: tableView.rx.items(cellIdentifier: "ProductCell", cellType: ProductCell.self)) { row, item, cell in
    ///         cell.configure(with: item)
    ///     }
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// As in RxCocoa, the table view retains the data source, which keeps
    /// `configureCell` and the last items, until the binding is disposed or the
    /// table view goes away; a source that completes does not end the binding.
    public func items<Sequence: Swift.Sequence, Cell: UITableViewCell, Source: ObservableType>(
        cellIdentifier: String, cellType: Cell.Type = Cell.self
    ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void) -> Disposable
    where Source.Element == Sequence {
        { source in
            { configureCell in
                let dataSource = TableViewArrayDataSource<Sequence.Element> { tableView, indexPath, item in
                    let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath) as! Cell
                    configureCell(indexPath.row, item, cell)
                    return cell
                }
                return bind(source.map(Array.init), dataSource: dataSource)
            }
        }
    }

    /// Binds a sequence of arrays to the table's rows, with `cellFactory`
    /// making each cell (usually by dequeuing one).
    public func items<Sequence: Swift.Sequence, Source: ObservableType>(
        _ source: Source
    ) -> (_ cellFactory: @escaping (UITableView, Int, Sequence.Element) -> UITableViewCell) -> Disposable
    where Source.Element == Sequence {
        { cellFactory in
            let dataSource = TableViewArrayDataSource<Sequence.Element> { tableView, indexPath, item in
                cellFactory(tableView, indexPath.row, item)
            }
            return bind(source.map(Array.init), dataSource: dataSource)
        }
    }

    /// The index path of each row the user selects.
    public var itemSelected: ControlEvent<IndexPath> {
        ControlEvent(
            events: base.events { tableView, observer in
                let key = tableView.addSelectionObserver { observer.on(.next($0)) }
                return { tableView in tableView.removeSelectionObserver(key) }
            })
    }

    /// Installs `dataSource` (retained by the table view) and reloads the
    /// table with each array `source` sends, until disposed or the table view
    /// goes away.
    private func bind<Element>(_ source: Observable<[Element]>, dataSource: TableViewArrayDataSource<Element>)
        -> Disposable
    {
        let tableView = base
        tableView.retainedDataSource = dataSource
        tableView.dataSource = dataSource
        let subscription = source.subscribe(onNext: { [weak tableView] items in
            dataSource.items = items
            tableView?.reloadData()
        })
        let binding = Disposables.create { [weak tableView, weak dataSource] in
            subscription.dispose()
            guard let tableView, tableView.retainedDataSource === dataSource else { return }
            tableView.retainedDataSource = nil
            tableView.dataSource = nil
        }
        tableView.onDeallocation { binding.dispose() }
        return binding
    }
}

/// The data source an `items` binding installs: the last array and the cell factory.
final class TableViewArrayDataSource<Element>: UITableViewDataSource {
    var items: [Element] = []
    /// The user's cell configuration, kept for as long as the binding lasts.
    let cellFactory: (UITableView, IndexPath, Element) -> UITableViewCell

    init(cellFactory: @escaping (UITableView, IndexPath, Element) -> UITableViewCell) {
        self.cellFactory = cellFactory
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellFactory(tableView, indexPath, items[indexPath.row])
    }
}
