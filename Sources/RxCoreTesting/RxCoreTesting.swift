// The RxCoreTesting module; see README.md.
