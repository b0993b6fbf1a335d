// The LeakTesting module; see README.md.
