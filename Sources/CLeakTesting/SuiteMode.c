// Swift has no load-time initialisers: this constructor, linked into every
// test process that links LeakTesting, switches the whole-suite mode on
// before XCTest or Swift Testing starts, when the environment asks for it
// (RXLEAKS_SUITE=1); otherwise the Swift side returns at once.
extern void rxleaks_suite_install(void);

__attribute__((constructor)) static void rxleaks_suite_install_at_load(void) {
    rxleaks_suite_install();
}
