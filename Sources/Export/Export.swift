// The Export room; see docs/ARCHITECTURE.md.
