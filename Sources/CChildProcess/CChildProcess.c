#define _GNU_SOURCE
#include "CChildProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

// Everything below runs in the watchdog, a child of a multithreaded process: system calls only
// (async-signal-safe), no malloc, no stdio.

static const int passedOn[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
#define PASSED_ON_COUNT (sizeof passedOn / sizeof passedOn[0])

static void writeAll(int fd, const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(fd, next, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        next += written;
        count -= (size_t)written;
    }
}

#if defined(__linux__)
/// The parent pid in /proc/PID/stat ("pid (comm) state ppid …", comm may hold spaces and parentheses).
static pid_t parentOf(const char *pid) {
    char path[64] = "/proc/";
    size_t length = 6;
    for (const char *digit = pid; *digit && length < 50; digit++) path[length++] = *digit;
    const char *tail = "/stat";
    for (const char *c = tail; *c; c++) path[length++] = *c;
    path[length] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char stat[512];
    ssize_t count = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (count <= 0) return -1;
    stat[count] = 0;
    char *end = 0;
    for (char *c = stat; *c; c++) if (*c == ')') end = c;
    if (!end || end[1] != ' ' || !end[2] || end[3] != ' ') return -1;
    pid_t parent = 0;
    for (char *c = end + 4; *c >= '0' && *c <= '9'; c++) parent = parent * 10 + (*c - '0');
    return parent;
}

/// Sends SIGKILL to every process whose parent is this one.
static void killChildren(void) {
    int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) return;
    pid_t self = getpid();
    char buffer[4096];
    for (;;) {
        long count = syscall(SYS_getdents64, proc, buffer, sizeof buffer);
        if (count <= 0) break;
        for (long offset = 0; offset < count;) {
            struct { unsigned long long ino; long long off; unsigned short reclen; unsigned char type; char name[]; } *entry =
                (void *)(buffer + offset);
            offset += entry->reclen;
            if (entry->name[0] < '0' || entry->name[0] > '9') continue;
            if (parentOf(entry->name) != self) continue;
            pid_t pid = 0;
            for (char *c = entry->name; *c; c++) pid = pid * 10 + (*c - '0');
            kill(pid, SIGKILL);
        }
    }
    close(proc);
}
#endif

/// Kills and reaps everything under the watchdog. A killed process's children are reparented to the
/// watchdog (a subreaper), so each round finds what the last one orphaned; SIGKILLed processes start
/// nothing new, so the rounds end.
static void killEverythingLeft(void) {
#if defined(__linux__)
    for (;;) {
        killChildren();
        pid_t reaped;
        do { reaped = waitpid(-1, 0, 0); } while (reaped < 0 && errno == EINTR);
        if (reaped < 0) return;  // ECHILD: nothing left
    }
#else
    kill(-getpid(), SIGKILL);
#endif
}

static void startChild(const char *path, char *const argv[], char *const envp[], int out, int err) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, 0);
    for (unsigned i = 0; i < PASSED_ON_COUNT; i++) signal(passedOn[i], SIG_DFL);
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    execve(path, argv, envp);
    _exit(127);
}

pid_t cchildprocess_spawn(const char *path, char *const argv[], char *const envp[], int out, int err,
                          int lifeline, int report) {
    pid_t watchdog = fork();
    if (watchdog != 0) {
        if (watchdog > 0) setpgid(watchdog, watchdog);
        return watchdog;
    }
    setpgid(0, 0);
#if defined(__linux__)
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
    for (unsigned i = 0; i < PASSED_ON_COUNT; i++) signal(passedOn[i], SIG_IGN);
    pid_t child = fork();
    if (child == 0) startChild(path, argv, envp, out, err);
    writeAll(report, &child, sizeof child);
    if (child < 0) _exit(1);
    // Keep only the lifeline (3) and the report (4): another watchdog's lifeline held here would keep
    // that one alive, and the child's output pipes must close when the child's side ends.
    int heldLifeline = fcntl(lifeline, F_DUPFD, 5), heldReport = fcntl(report, F_DUPFD, 5);
    if (heldLifeline < 0 || heldReport < 0 || dup2(heldLifeline, 3) < 0 || dup2(heldReport, 4) < 0) {
        kill(child, SIGKILL);
        killEverythingLeft();
        _exit(1);
    }
    for (int fd = 0; fd < 3; fd++) close(fd);
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 5u, ~0u, 0u) != 0)
#endif
    {
        long limit = sysconf(_SC_OPEN_MAX);
        for (long fd = 5; fd < (limit > 0 && limit < 65536 ? limit : 65536); fd++) close((int)fd);
    }
    int ended = cchildprocess_pidfd_open(child);
    int status = 0;
    int reaped = 0;
    for (;;) {
        struct pollfd waits[2] = {{.fd = 3, .events = POLLIN}, {.fd = ended, .events = POLLIN}};
        // Without a pidfd, look at the child every 50 ms.
        int ready = poll(waits, ended >= 0 ? 2 : 1, ended >= 0 ? -1 : 50);
        if (ready < 0 && errno != EINTR) break;
        if (waitpid(child, &status, WNOHANG) == child) { reaped = 1; break; }
        if (ready > 0 && waits[0].revents) {
            char byte;
            ssize_t count = read(3, &byte, 1);
            if (count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)) break;
        }
    }
    if (!reaped) {
        kill(child, SIGKILL);
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    }
    writeAll(4, &status, sizeof status);
    killEverythingLeft();
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
