import Foundation
import RxCore
import XCTest

private let ping = Notification.Name("RxCoreTests.ping")

final class NotificationCenterTests: RxTestCase {
    func testNotificationsArriveFromSubscriptionUntilDisposal() {
        let center = NotificationCenter()
        let sender = NSObject(), other = NSObject()
        var fromSender: [Bool] = [], fromAnyone = 0
        center.post(name: ping, object: sender)
        let onlySender = center.rx.notification(ping, object: sender)
            .subscribe(onNext: { fromSender.append($0.object as AnyObject === sender) })
        let anyone = center.rx.notification(ping).subscribe(onNext: { _ in fromAnyone += 1 })

        center.post(name: ping, object: sender)
        center.post(name: ping, object: other)
        onlySender.dispose()
        anyone.dispose()
        center.post(name: ping, object: sender)

        XCTAssertEqual(fromSender, [true])
        XCTAssertEqual(fromAnyone, 2)
    }

    func testASenderGoneBeforeSubscriptionIsNotTakenForEverySender() {
        let center = NotificationCenter()
        var sender: NSObject? = NSObject()
        let notifications = center.rx.notification(ping, object: sender)
        sender = nil
        var received = 0
        let subscription = notifications.subscribe(onNext: { _ in received += 1 })

        center.post(name: ping, object: NSObject())
        XCTAssertEqual(received, 0)
        subscription.dispose()
    }
}
