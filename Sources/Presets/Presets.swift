// The Presets room; see docs/ARCHITECTURE.md.
