import Leaks
import RxCore
import SimUI

// Guide 000, "Dispose bag": items.
//
// > Items shouldn't really be storing and keeping a `DisposeBag` unless it's
// > absolutely necessary. Rather, they should only transform their actions and
// > create presentable data that needs to be sent to the cell, subscribed onto
// > and disposed by the cells' `DisposeBag`.
//
// The product list stays on display while the user scrolls; here each row's
// view model owns a bag, and the cell binds into it.

extension Guide000 {
    static let itemOwnsDisposeBag = Scenario(
        id: "item-owns-dispose-bag",
        title: "Cells bind into their item's dispose bag",
        guide: handbook(
            "Dispose bag",
            "Items shouldn't really be storing and keeping a `DisposeBag` unless it's absolutely necessary."),
        explanation: """
            Each row's view model owns a DisposeBag, and the cell puts its bindings there. The cell renews its own \
            bag on reuse, but that bag is empty: the bindings live as long as the items, which the list keeps. Every \
            time a row is shown again, two more bindings join the item's bag, and a reused cell still drives the \
            items it showed before.
            """,
        fix: "Let items only expose presentable data and actions; bind them in the cell, into the cell's bag.",
        variants: scrollingVariants(leakingCell: BagOwningItemCell.self))
}

/// A row's view model that keeps its own bag.
final class ProductRowViewModel {
    let title: String
    let isFavorite: Observable<Bool>
    let favoriteTapped = PublishRelay<Void>()
    let disposeBag = DisposeBag()

    init(id: String, favorites: FavoritesInteractor) {
        title = "Product \(id)"
        isFavorite = favorites.isFavorite(id)
        favoriteTapped
            .subscribe(onNext: { [unowned favorites] in favorites.toggleFavorite(id) })
            .disposed(by: disposeBag)
    }
}

/// A cell that renews its own bag, but binds into the item's.
final class BagOwningItemCell: ProductRowCellBase, ProductRowCell {

    static func item(id: String, favorites: FavoritesInteractor, disposeBag: DisposeBag) -> ProductRowViewModel {
        ProductRowViewModel(id: id, favorites: favorites)
    }

    func configure(with item: ProductRowViewModel) {
        titleLabel.text = item.title
        item.isFavorite
            .bind(to: favoriteButton.rx.isSelected)
            .disposed(by: item.disposeBag)
        favoriteButton.rx.tap
            .bind(to: item.favoriteTapped)
            .disposed(by: item.disposeBag)
    }
}
