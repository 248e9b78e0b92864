// The Transitions room; see docs/ARCHITECTURE.md.
