/// One leak pattern of the leak guide: what it is, where the guide explains
/// it, and the fix.
///
/// The one description of a pattern that every part of RxLeaks uses: the
/// engine's reports (through RxCore's integration), `rxleaks lint`'s rules and
/// the scenario catalogue's expectations all name a pattern by ``id`` and take
/// its texts from here.
package struct GuidePattern: Sendable, Hashable {
    /// A stable identifier, such as `"method-reference-implicit-self"`.
    package let id: String
    /// What happens, in a phrase.
    package let name: String
    /// The guide document that explains it: `"000"` … `"004"`.
    package let document: String
    /// The section of that document.
    package let section: String
    /// The fix, in one sentence.
    package let fix: String

    /// A pattern that `section` of guide `document` explains.
    package init(id: String, name: String, document: String, section: String, fix: String) {
        self.id = id
        self.name = name
        self.document = document
        self.section = section
        self.fix = fix
    }

    /// `guide 000, "Capture lists"`.
    package var guideReference: String { "guide \(document), \"\(section)\"" }
}
