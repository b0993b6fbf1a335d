// The SimUI module; see README.md.
