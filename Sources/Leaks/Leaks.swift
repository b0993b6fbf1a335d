// The Leaks module; see README.md.
