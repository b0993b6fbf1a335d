// What rxleaks needs to tie its children's lives to its own, beyond what Swift can call: fork without
// exec (Swift code may not run in a forked child), a child subreaper, pidfd_open.
#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

#include <sys/types.h>

/// Starts `path` (`argv`, `envp`; stdin from /dev/null, stdout and stderr to `out` and `err`) under a
/// watchdog, and returns the watchdog's pid (-1 with errno set when it could not be forked).
///
/// The watchdog, a forked copy of the caller in a process group of its own, becomes a child subreaper
/// (Linux: every orphaned descendant of it is reparented to it), starts the child, writes the child's
/// pid (a `pid_t`) to `report`, and waits. When the child ends, it writes the child's wait status (an
/// `int`) to `report`, kills every process left under it (SIGKILL, including what started itself in
/// another process group, as SwiftPM's compilers do) and exits 0. When `lifeline` reaches end of file
/// first (the caller closed the write end, or died, however it died: the kernel closes it then), it
/// does the same, killing the child first. Either way nothing the child started outlives the
/// watchdog. `lifeline` and `report` are pipes whose other ends only the caller holds (close-on-exec).
/// The watchdog ignores SIGINT, SIGTERM, SIGHUP and SIGQUIT: the caller passes those on to the child.
pid_t cchildprocess_spawn(const char *path, char *const argv[], char *const envp[], int out, int err,
                          int lifeline, int report);

/// pipe(2) with both ends close-on-exec from the start, so that no child started meanwhile by
/// another thread inherits them (pipe2 with O_CLOEXEC where there is one). 0, or -1 with errno set.
int cchildprocess_pipe(int ends[2]);

/// A file descriptor that becomes readable when the child `pid` has ended (Linux 5.3's pidfd_open),
/// or -1 where the kernel does not have it.
int cchildprocess_pidfd_open(pid_t pid);

#endif
