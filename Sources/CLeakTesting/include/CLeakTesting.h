// Switches LeakTesting's whole-suite mode on when the test process loads:
// nothing to call, linking LeakTesting is enough.
#include "AllocationHook.h"
