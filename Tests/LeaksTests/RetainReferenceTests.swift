import Foundation
@testable import Leaks
import XCTest

/// A reference's display text, JSON and cause all derive from its typed value.
final class RetainReferenceTests: XCTestCase {
    private let holder = RetainNode(address: 1, name: "Presenter", kind: .object)
    private let closure = RetainNode(address: 2, name: "closure given to map at P.swift:3", kind: .closure)

    func testLabelsAreRenderedFromTheTypedValue() {
        XCTAssertEqual(RetainReference.field(.init(owner: nil, name: "disposeBag")).label, "disposeBag")
        XCTAssertEqual(RetainReference.field(.init(owner: "Do", name: "onNext")).label, "Do.onNext")
        XCTAssertEqual(
            RetainReference.field(.init(owner: "Subject", name: "observers", element: "1")).label,
            "Subject.observers[1]")
        XCTAssertEqual(RetainReference.field(.init(owner: nil, name: "task", path: ["_task"])).label, "task._task")
        XCTAssertEqual(RetainReference.element("3").label, "element [3]")
        XCTAssertEqual(RetainReference.capture.label, "captures")
        XCTAssertEqual(RetainReference.ownership(.holds).label, "holds")
        XCTAssertEqual(RetainReference.word(offset: 16).label, "word at +16")
        XCTAssertEqual(RetainReference.root(.notificationObserver).label, "observers")
    }

    func testAnEdgeKeepsItsTypedReferenceThroughJSON() throws {
        let references: [RetainReference] = [
            .field(.init(owner: "Subject", name: "observers", path: ["a"], element: "1")), .element("k"), .capture,
            .ownership(.upstream), .word(offset: 8), .root(.task), .described("old"),
        ]
        for reference in references {
            let edge = RetainEdge(from: holder, to: closure, reference: reference, kind: .strong, site: nil)
            let data = try JSONEncoder().encode(edge)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(object["label"] as? String, reference.label, "the label stays in the JSON for readers")
            XCTAssertEqual(try JSONDecoder().decode(RetainEdge.self, from: data), edge)
        }
    }

    /// A report written before references were typed has a label alone: its text is kept, never read for meaning.
    func testAnOlderEdgeWithALabelAloneIsDescribed() throws {
        let json =
            #"{"from": {"address": 2, "name": "c"}, "to": {"address": 1, "name": "P"}, "label": "captures", "kind": "strong"}"#
        let edge = try JSONDecoder().decode(RetainEdge.self, from: Data(json.utf8))
        XCTAssertEqual(edge.reference, .described("captures"))
        XCTAssertEqual(edge.label, "captures")
    }

    /// The suspect is the last capture by its typed value, whatever a label reads.
    func testTheSuspectIsTheLastCaptureByType() {
        let edges = [
            RetainEdge(
                from: holder, to: closure, reference: .field(.init(owner: nil, name: "captures")), kind: .strong,
                site: nil),
            RetainEdge(from: closure, to: holder, reference: .capture, kind: .strong, site: "P.swift:3"),
            RetainEdge(from: holder, to: holder, reference: .described("captures"), kind: .strong, site: nil),
        ]
        let cause = LeakCause(cycle: RetainCycle(edges: edges, isVerified: true), pattern: nil)
        XCTAssertEqual(cause.reference?.reference, .capture)
        XCTAssertEqual(cause.cycle?.edges.map(\.isSuspect), [false, true, false])
    }
}
