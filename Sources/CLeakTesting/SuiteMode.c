// Swift has no load-time initialisers: this constructor, linked into every
// test process that links LeakTesting, switches the whole-suite mode on
// before XCTest or Swift Testing starts, when the environment asks for it
// (RXLEAKS_SUITE=1); otherwise the Swift side returns at once.
// It also connects the allocation hook (AllocationHook.c) to the engine.
extern void rxleaks_suite_install(void);
extern void rxleaks_allocation_tracking_install(void);

__attribute__((constructor)) static void rxleaks_suite_install_at_load(void) {
    rxleaks_allocation_tracking_install();
    rxleaks_suite_install();
}
