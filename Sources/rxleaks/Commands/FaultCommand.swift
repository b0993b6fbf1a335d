#if DEBUG
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rxleaks _fault KIND`: misbehaves on purpose, as a child under the
/// isolation runner would, so the runner's handling of crashes, hangs and
/// garbage can be tested against the real executable. Debug builds only:
/// the CLI a user builds in release has no such command.
struct FaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_fault",
        abstract: "Crash, hang or misbehave on purpose (tests of the isolation runner).",
        shouldDisplay: false)

    /// The ways to misbehave.
    enum Fault: String, ExpressibleByArgument, CaseIterable {
        /// Reads an `unowned` reference after its object died: the runtime traps.
        case unowned
        /// Calls `fatalError`.
        case fatal
        /// Never ends.
        case hang
        /// Prints something that is not a record and exits 0.
        case garbage
    }

    @Argument var fault: Fault

    func run() throws {
        switch fault {
        case .unowned: readUnownedAfterRelease()
        case .fatal: fatalError("rxleaks _fault fatal")
        case .hang: while true { sleep(60) }
        case .garbage: Console.write("this is not a record\n")
        }
    }
}

private final class Owner {}

private final class Holder {
    unowned let owner: Owner
    init(_ owner: Owner) { self.owner = owner }
}

@inline(never)
private func readUnownedAfterRelease() {
    var owner: Owner? = Owner()
    let holder = Holder(owner!)
    owner = nil
    withExtendedLifetime(owner) {}
    Console.write("\(ObjectIdentifier(holder.owner))\n")
}
#endif
