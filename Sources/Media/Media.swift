// The Media room; see docs/ARCHITECTURE.md.
