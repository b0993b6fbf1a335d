import ChildProcesses
import Foundation

/// `git`, run the same way whoever calls it: no user or system configuration (hooks, signing,
/// templates), a fixed author and date, so that one tree always gives one commit id.
struct Git {
    let executable: String

    /// The `git` on `PATH`.
    static func locate() throws(SwitchError) -> Git {
        guard let path = ChildProcess.find("git") else {
            throw SwitchError(
                "git is not on PATH; SwiftPM reads mirrors of git repositories only, so the switch needs it")
        }
        return Git(executable: path)
    }

    /// Runs `git -C directory arguments…` and returns its stdout; throws with git's stderr when it fails.
    @discardableResult
    func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws(SwitchError)
        -> String
    {
        let fixed = [
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_AUTHOR_NAME": "rxleaks", "GIT_AUTHOR_EMAIL": "rxleaks@localhost",
            "GIT_COMMITTER_NAME": "rxleaks", "GIT_COMMITTER_EMAIL": "rxleaks@localhost",
            "GIT_AUTHOR_DATE": "2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2000-01-01T00:00:00Z",
        ]
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(
                executable, ["-C", directory.path] + arguments,
                environment: fixed.merging(environment) { $1 }, timeLimit: 600)
        } catch {
            throw SwitchError("cannot run git: \(error.description)")
        }
        guard result.termination == .exited(0) else {
            let said = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            throw SwitchError("`git \(arguments.joined(separator: " "))` in \(directory.path) failed: \(said)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes `directory` a repository of one commit holding every file in it (ignored ones too), on
    /// branch `main`, tagged `tag`: what SwiftPM needs to resolve it by version.
    func commitAll(_ directory: URL, tag: String) throws(SwitchError) {
        try run(["-c", "init.defaultBranch=main", "init", "-q"], in: directory)
        try run(["add", "-A", "-f"], in: directory)
        try run(
            ["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "rxleaks switch: \(tag)"], in: directory
        )
        try run(["-c", "tag.gpgsign=false", "tag", tag], in: directory)
    }
}

/// The switch could not be prepared or applied: exit status 1 (bad input is a ``BadInput``).
struct SwitchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
