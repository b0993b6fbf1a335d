// The Probes module; see README.md.
