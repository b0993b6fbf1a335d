// What rxleaks needs to tie its children's lives to its own, beyond what Swift can call:
// fork without exec (Swift code may not run in a forked child) and pidfd_open.
#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

#include <sys/types.h>

/// Forks a watchdog that leads a new process group: it blocks reading `lifeline` (the read end of
/// a pipe whose write end only the caller holds, close-on-exec) and, at end of file, kills its
/// whole group with SIGKILL, itself included. End of file comes when the caller closes the write
/// end, or when the kernel does because the caller died, however it died (SIGKILL included).
/// Children started in the group therefore end with the caller. The watchdog ignores SIGINT,
/// SIGTERM, SIGHUP and SIGQUIT, so that the caller can pass those on to the group and still
/// kill what is left afterwards. Returns the watchdog's pid (the group's id), or -1 with errno set.
pid_t cchildprocess_fork_group_watchdog(int lifeline);

/// pipe(2) with both ends close-on-exec from the start, so that no child started meanwhile by
/// another thread inherits them (pipe2 with O_CLOEXEC where there is one). 0, or -1 with errno set.
int cchildprocess_pipe(int ends[2]);

/// A file descriptor that becomes readable when the child `pid` has ended (Linux 5.3's pidfd_open),
/// or -1 where the kernel does not have it.
int cchildprocess_pidfd_open(pid_t pid);

#endif
