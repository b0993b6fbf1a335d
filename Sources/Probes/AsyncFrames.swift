/// The async frames of the task running on this thread, read from the Swift runtime's own records.
///
/// A task about to suspend (or suspended) keeps its innermost async context in `AsyncTask::ResumeContext`;
/// each context begins with its parent's and the function that resumes the parent, so their chain is the
/// task's async call stack: where each function awaits. Read through ``Memory``, so a layout that differs
/// gives no frames rather than a crash.
package enum AsyncFrames {
    /// The offset of `AsyncTask::ResumeContext` in the Swift 6 runtime on 64-bit Linux: the heap object's header
    /// (16 bytes), the job's two scheduler words (16), its flags and id (8), voucher and reserved words (16) and
    /// its resume function (8).
    static let resumeContextOffset: UInt = 64

    /// The most frames read.
    static let depth = 16

    /// The entry points of the functions that resume the current task's async frames, innermost first;
    /// empty outside a task.
    package static func currentResumePoints() -> [UInt] {
        guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UInt.self) } }) else {
            return []
        }
        return resumePoints(ofTaskAt: task)
    }

    /// The entry points of the functions that resume the async frames of the task at `task`, innermost first:
    /// where a suspended task waits. Empty while it has no frames to resume (made and not yet run).
    package static func resumePoints(ofTaskAt task: UInt) -> [UInt] {
        guard var context = Memory.readWord(task + resumeContextOffset) else { return [] }
        var points: [UInt] = []
        while context != 0, points.count < depth, let words = Memory.readWords(context, count: 2) {
            points.append(words[1])
            context = words[0]
        }
        return points
    }
}
