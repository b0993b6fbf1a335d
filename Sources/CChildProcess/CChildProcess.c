#define _GNU_SOURCE
#include "CChildProcess.h"

#include <fcntl.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

pid_t cchildprocess_fork_group_watchdog(int lifeline) {
    pid_t pid = fork();
    if (pid != 0) {
        // The parent sets the group too, so that it exists before the parent starts a child in it.
        if (pid > 0) setpgid(pid, pid);
        return pid;
    }
    // The child of a multithreaded process: only async-signal-safe calls from here on.
    setpgid(0, 0);
    int ignored[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    for (unsigned i = 0; i < sizeof ignored / sizeof ignored[0]; i++) signal(ignored[i], SIG_IGN);
    // Keep only the lifeline: another watchdog's lifeline held here would keep that one alive.
    if (dup2(lifeline, 0) < 0) _exit(127);
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 1u, ~0u, 0u) != 0)
#endif
    {
        long limit = sysconf(_SC_OPEN_MAX);
        for (long fd = 1; fd < (limit > 0 && limit < 65536 ? limit : 65536); fd++) close((int)fd);
    }
    char byte;
    for (;;) {
        ssize_t count = read(0, &byte, 1);
        if (count > 0 || (count < 0 && errno == EINTR)) continue;
        break;
    }
    kill(-getpid(), SIGKILL);
    _exit(0);
}

int cchildprocess_pipe(int ends[2]) {
#if defined(__linux__)
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int cchildprocess_pidfd_open(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}
