import Leaks
import RxCore

extension BeyondTheGuide {
    /// `singleton-service-bag`: a view model that puts its subscription into a
    /// long-lived singleton's bag hands its lifetime to the singleton.
    enum SingletonServiceBag {
        /// The app's notification service: a singleton, with a bag for its own subscriptions.
        final class NotificationService {
            static let shared = NotificationService()

            let disposeBag = DisposeBag()
            let unreadCount = BehaviorRelay<Int>(value: 0)

            func receive() {
                unreadCount.accept(unreadCount.value + 1)
            }
        }

        /// The inbox tab's badge.
        class InboxBadgeViewModel {
            let badge = BehaviorRelay<String>(value: "")
            let disposeBag = DisposeBag()

            func show(unread: Int) {
                badge.accept(unread == 0 ? "" : "\(unread)")
            }
        }

        /// Subscribes into the service's bag, with a closure that holds self.
        final class ServiceBagBadgeViewModel: InboxBadgeViewModel {
            init(service: NotificationService) {
                super.init()
                service.unreadCount
                    .subscribe(onNext: { unread in self.show(unread: unread) })
                    .disposed(by: service.disposeBag)
            }
        }

        /// Subscribes into the service's bag, with `[weak self]`.
        final class WeakSelfServiceBagBadgeViewModel: InboxBadgeViewModel {
            init(service: NotificationService) {
                super.init()
                service.unreadCount
                    .subscribe(onNext: { [weak self] unread in self?.show(unread: unread) })
                    .disposed(by: service.disposeBag)
            }
        }

        /// Subscribes into its own bag, with `[weak self]`.
        final class BadgeViewModel: InboxBadgeViewModel {
            init(service: NotificationService) {
                super.init()
                service.unreadCount
                    .subscribe(onNext: { [weak self] unread in self?.show(unread: unread) })
                    .disposed(by: disposeBag)
            }
        }

        /// The inbox tab shows its badge while a notification arrives, then the user logs out and the tab goes away.
        static func showBadge(
            _ makeViewModel: (NotificationService) -> InboxBadgeViewModel,
            service: NotificationService, scope: LeakScope
        ) {
            let viewModel = makeViewModel(service)
            service.receive()
            scope.track(viewModel)
        }

        static let scenario = Scenario(
            id: "singleton-service-bag",
            title: "A view model subscribing into a long-lived singleton service's bag",
            guide: GuideReference(
                file: BeyondTheGuide.handbook, section: "Dispose bag",
                passage:
                    "it's preferrable that each of your individual objects has its appropriate `DisposeBag`. If for some "
                    + "reason that isn't possible and you want to send `DisposeBag` as a dependency, think about it once again."
            ),
            explanation: """
                A bag disposes what it holds when it is deallocated, and a singleton's bag never is. A subscription \
                the view model puts there lives as long as the process: its closure holds the view model, so the view \
                model (and all it holds) outlives the tab it belonged to, retained from outside. With `[weak self]` the \
                view model goes away but its subscription does not: one more for every view model ever made, each \
                running its closure on every change of the service. The view model's own bag ties the subscription to \
                the view model.
                """,
            fix:
                "Dispose with the subscribing object's own bag: `.disposed(by: disposeBag)`, and `[weak self]` in its closures.",
            variants: [
                Variant(
                    "leaking", role: .leaking,
                    expect: .leak(.retainedFromOutside, types: ["ServiceBagBadgeViewModel"], pattern: nil),
                    host: { NotificationService.shared }
                ) { scope, service in
                    showBadge(ServiceBagBadgeViewModel.init, service: service, scope: scope)
                },
                Variant(
                    "weak-self", role: .leaking, expect: .subscriptionGrowth(perRepetition: 1),
                    host: { NotificationService.shared }
                ) { scope, service in
                    showBadge(WeakSelfServiceBagBadgeViewModel.init, service: service, scope: scope)
                },
                Variant("fixed", role: .fixed, expect: .clean, host: { NotificationService.shared }) { scope, service in
                    showBadge(BadgeViewModel.init, service: service, scope: scope)
                },
            ])
    }
}
