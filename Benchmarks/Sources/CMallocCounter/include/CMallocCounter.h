#include <stdint.h>
/// Switches counting of malloc-family calls on or off (off: one predictable branch).
void malloc_counter_enable(int on);
/// The number of malloc-family calls counted so far.
uint64_t malloc_counter_value(void);
