// The Motion room; see docs/ARCHITECTURE.md.
