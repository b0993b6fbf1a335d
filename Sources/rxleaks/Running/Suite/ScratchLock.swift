import Foundation

/// One `rxleaks test` at a time in a scratch folder (by default, one per
/// package): a run that finds it held says which process holds it and waits.
/// An exclusive `flock` on `lock` in the folder, which the kernel releases
/// when its holder ends, however it ends; children do not inherit it.
final class ScratchLock {
    private let descriptor: Int32

    /// Takes the lock of `folder`, waiting for it while another run holds it;
    /// `waiting` is told the holder's pid first. Throws the signal's number when
    /// ``Interruption`` catches one meanwhile.
    init(in folder: URL, waiting: (_ holder: String) -> Void) throws(SuiteRun.Failure) {
        let path = folder.appendingPathComponent("lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .failed("cannot open \(path): \(String(cString: strerror(errno)))", hint: nil)
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            var holder = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &holder, holder.count, 0)
            waiting(
                String(decoding: holder.prefix(max(0, count)), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines))
            while flock(descriptor, LOCK_EX) != 0 {
                let failure = errno
                if let signal = Interruption.caught {
                    close(descriptor)
                    throw .interrupted(signal)
                }
                if failure != EINTR {
                    close(descriptor)
                    throw .failed("cannot lock \(path): \(String(cString: strerror(failure)))", hint: nil)
                }
            }
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, pid, pid.count, 0)
    }

    deinit {
        close(descriptor)
    }
}
