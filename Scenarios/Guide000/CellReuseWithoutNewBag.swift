import Leaks
import RxCore
import SimUI

// Guide 000, "Dispose bag": cells.
//
// > Since cells are reused, resources need to be disposed a lot more
// > frequently. If a cell gets reused and resources are still kept in either
// > the cell or its item, it might (and most likely will) end up showing the
// > wrong data. [...]
// >
// >     override func prepareForReuse() {
// >         super.prepareForReuse()
// >         disposeBag = DisposeBag()
// >     }
//
// The product list stays on display while the user scrolls through it; each
// cell binds its favourite button to the product it shows.

extension Guide000 {
    static let cellReuseWithoutNewBag = Scenario(
        id: "cell-reuse-without-new-bag",
        title: "A reused cell keeps the bindings of the products it showed before",
        guide: handbook(
            "Dispose bag",
            "we want to dispose of the resources related to the cell and recreate the dispose bag when the cell will end up being reused"
        ),
        explanation: """
            The cell adds its bindings to its own bag when it is configured, but never replaces the bag: a reused \
            cell keeps the bindings of every product it showed before. Each scroll through the list adds two live \
            subscriptions per row shown, the favourite icon follows stale products, and a tap toggles every product \
            the cell ever showed.
            """,
        fix: "Override prepareForReuse() and assign a new DisposeBag there.",
        variants: scrollingVariants(leakingCell: StaleBagProductCell.self))

    /// The user scrolls through the product list with `leakingCell`, which
    /// keeps two bindings per row shown, and with the guide's cell.
    static func scrollingVariants<LeakingCell: ProductRowCell>(leakingCell: LeakingCell.Type) -> [Variant] {
        [
            Variant(
                "leaking", role: .leaking,
                expect: .subscriptionGrowth(perRepetition: 2 * ProductListApp<LeakingCell>.productCount),
                host: { ProductListApp<LeakingCell>() }
            ) { _, app in
                app.scrollThroughTheList()
            },
            Variant(
                "fixed", role: .fixed, expect: .clean,
                host: { ProductListApp<ProductCell>() }
            ) { _, app in
                app.scrollThroughTheList()
            },
        ]
    }
}

/// Which products the user marked as favourite, for the whole app.
final class FavoritesInteractor {
    private let favoritesRelay = BehaviorRelay<Set<String>>(value: [])

    func isFavorite(_ productID: String) -> Observable<Bool> {
        favoritesRelay.map { favorites in favorites.contains(productID) }
    }

    func toggleFavorite(_ productID: String) {
        var favorites = favoritesRelay.value
        if favorites.remove(productID) == nil { favorites.insert(productID) }
        favoritesRelay.accept(favorites)
    }
}

/// A product row: presentable data and the actions the cell sends back.
struct ProductItem {
    let id: String
    let title: String
    let isFavorite: Observable<Bool>
    let favoriteTapped: PublishRelay<Void>
}

/// A cell that shows an item and binds its controls to it.
protocol ProductRowCell: UITableViewCell {
    associatedtype Item
    /// The item the list presents.
    static func item(id: String, favorites: FavoritesInteractor, disposeBag: DisposeBag) -> Item
    func configure(with item: Item)
}

/// A product row's views, and a new bag for every reuse, as the guide wants.
class ProductRowCellBase: UITableViewCell {
    let titleLabel = UILabel()
    let favoriteButton = UIButton()
    var disposeBag = DisposeBag()

    required init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(titleLabel)
        contentView.addSubview(favoriteButton)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        disposeBag = DisposeBag()
    }
}

/// The cell as the guide wants it: it binds the item into its own bag.
class ProductCell: ProductRowCellBase, ProductRowCell {

    static func item(id: String, favorites: FavoritesInteractor, disposeBag: DisposeBag) -> ProductItem {
        let item = ProductItem(
            id: id, title: "Product \(id)", isFavorite: favorites.isFavorite(id),
            favoriteTapped: PublishRelay())
        item.favoriteTapped
            .subscribe(onNext: { [unowned favorites] in favorites.toggleFavorite(id) })
            .disposed(by: disposeBag)
        return item
    }

    func configure(with item: ProductItem) {
        titleLabel.text = item.title
        item.isFavorite
            .bind(to: favoriteButton.rx.isSelected)
            .disposed(by: disposeBag)
        favoriteButton.rx.tap
            .bind(to: item.favoriteTapped)
            .disposed(by: disposeBag)
    }
}

/// The same cell without the new bag on reuse.
final class StaleBagProductCell: ProductCell {
    override func prepareForReuse() {
        titleLabel.text = nil
    }
}

/// The product list: its presenter makes the items, its view binds them to the table.
final class ProductListViewController<Cell: ProductRowCell>: UIViewController {
    let tableView = UITableView(visibleRowCount: 4)
    private let items: Observable<[Cell.Item]>
    private let disposeBag = DisposeBag()

    init(items: Observable<[Cell.Item]>) {
        self.items = items
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tableView)
        tableView.register(Cell.self, forCellReuseIdentifier: "Product")
        items
            .bind(to: tableView.rx.items(cellIdentifier: "Product", cellType: Cell.self)) { _, item, cell in
                cell.configure(with: item)
            }
            .disposed(by: disposeBag)
    }
}

final class ProductListPresenter<Cell: ProductRowCell> {
    private let favorites: FavoritesInteractor
    private let disposeBag = DisposeBag()

    init(favorites: FavoritesInteractor) {
        self.favorites = favorites
    }

    func items(count: Int) -> Observable<[Cell.Item]> {
        let items = (1...count).map { Cell.item(id: "\($0)", favorites: favorites, disposeBag: disposeBag) }
        return .just(items)
    }
}

/// The app with the product list on display: built before the leak check,
/// which scrolls it.
final class ProductListApp<Cell: ProductRowCell> {
    /// How many products the list shows.
    static var productCount: Int { 12 }

    let app = DemoApp()
    let favorites = FavoritesInteractor()
    let presenter: ProductListPresenter<Cell>
    let list: ProductListViewController<Cell>

    init() {
        presenter = ProductListPresenter(favorites: favorites)
        list = ProductListViewController(items: presenter.items(count: Self.productCount))
        app.push(list)
    }

    /// The user scrolls to the end of the list and back to the top (every
    /// product is configured into a reused cell once), then taps the first
    /// row's favourite button.
    func scrollThroughTheList() {
        list.tableView.scrollThroughAllRows()
        (list.tableView.visibleCells.first as? ProductRowCellBase)?.favoriteButton.tap()
    }
}
