import Foundation
import ReportFormats

/// A SwiftPM mirrors file (`mirrors.json`: a package's `.swiftpm/configuration/mirrors.json`, or the one
/// in the folder given to `--config-path`), read and written whole, every entry kept in the order SwiftPM
/// writes them (by original URL).
struct MirrorsFile {
    /// One mirror: SwiftPM fetches `mirror` wherever a manifest names `original`.
    struct Entry: Codable, Equatable {
        var original: String
        var mirror: String
    }

    /// What SwiftPM writes, format version 1.
    private struct Contents: Codable {
        var object: [Entry]
        var version: Int
    }

    /// The file.
    let url: URL

    /// The mirrors file of the package at `packageDirectory`.
    init(packageDirectory: URL) {
        url = packageDirectory.appendingPathComponent(".swiftpm/configuration/mirrors.json")
    }

    /// The mirrors file in the configuration folder `directory` (SwiftPM's `--config-path`).
    init(configurationDirectory directory: URL) {
        url = directory.appendingPathComponent("mirrors.json")
    }

    /// The mirrors file at `file`.
    init(file: URL) {
        url = file
    }

    /// Whether the file exists.
    var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The entries; none when there is no file.
    func read() throws(SwitchError) -> [Entry] {
        guard exists else { return [] }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: Data(contentsOf: url))
            guard contents.version == 1 else {
                throw SwitchError("\(url.path) is in format version \(contents.version); rxleaks edits version 1 only")
            }
            return contents.object
        } catch let error as SwitchError {
            throw error
        } catch {
            throw SwitchError("cannot read \(url.path) as SwiftPM mirrors: \(error)")
        }
    }

    /// Writes `entries`, sorted by original URL; with none, removes the file (SwiftPM reads a missing
    /// file as no mirrors). The file is replaced in one step (a temporary file beside it, renamed over
    /// it), so a process killed meanwhile leaves it as it was or as it is now; a temporary file such a
    /// process left is removed by the next write.
    func write(_ entries: [Entry]) throws(SwitchError) {
        let folder = url.deletingLastPathComponent()
        let temporaryPrefix = ".\(url.lastPathComponent).rxleaks-"
        do {
            // Those of processes that are gone; a live one's is its write in progress.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasPrefix(temporaryPrefix) {
                if let writer = pid_t(name.dropFirst(temporaryPrefix.count)), kill(writer, 0) == 0 || errno != ESRCH {
                    continue
                }
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            if entries.isEmpty {
                if exists { try FileManager.default.removeItem(at: url) }
                return
            }
            let sorted = entries.sorted { $0.original < $1.original }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(temporaryPrefix + "\(getpid())")
            try Data(JSONOutput.document(Contents(object: sorted, version: 1)).utf8).write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                let failure = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw SwitchError("cannot write \(url.path): \(failure)")
            }
        } catch let error as SwitchError {
            throw error
        } catch {
            throw SwitchError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

/// What the switch did to a mirrors file, or would undo: one line per RxSwift URL.
struct MirrorChange: Equatable {
    /// RxSwift's URL.
    var original: String
    /// Its mirror before; nil when it had none.
    var before: String?
    /// Its mirror after; nil when it has none.
    var after: String?
}

extension MirrorsFile {
    /// Sends RxSwift's URLs to `packages.rxswift`, keeping every other entry. An RxSwift URL mirrored
    /// elsewhere than to a shim of the switch is the user's own choice: refused, nothing written.
    func switchOn(_ packages: SwitchPackages) throws(SwitchError) -> [MirrorChange] {
        var entries = try read()
        var changes: [MirrorChange] = []
        for wanted in packages.mirrors {
            let index = entries.firstIndex { $0.original == wanted.original }
            if let index, !SwitchPackages.isShim(entries[index].mirror) {
                throw SwitchError(
                    """
                    \(url.path) already mirrors \(wanted.original) to \(entries[index].mirror); rxleaks leaves \
                    that mirror alone (remove it with `swift package config unset-mirror --original \(wanted.original)`)
                    """)
            }
            changes.append(
                MirrorChange(original: wanted.original, before: index.map { entries[$0].mirror }, after: wanted.mirror))
            if let index { entries[index] = wanted } else { entries.append(wanted) }
        }
        try write(entries)
        return changes
    }

    /// Removes the mirrors of RxSwift's URLs that lead to a shim of the switch, keeping every other entry.
    func switchOff() throws(SwitchError) -> [MirrorChange] {
        let entries = try read()
        let removed = entries.filter {
            SwitchPackages.rxswiftURLs.contains($0.original) && SwitchPackages.isShim($0.mirror)
        }
        guard !removed.isEmpty else { return [] }
        try write(entries.filter { !removed.contains($0) })
        return removed.map { MirrorChange(original: $0.original, before: $0.mirror, after: nil) }
    }
}
