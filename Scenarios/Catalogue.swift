// The scenario catalogue; see README.md.
