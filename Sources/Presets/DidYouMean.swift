/// The "did you mean" of preset validation, for the CLI's own closed sets (command names).
public enum DidYouMean {
    /// The closest of `options` when `word` is a likely typo of it, else nil.
    public static func closest(_ word: String, in options: [String]) -> String? { FieldReader.closest(word, in: options) }
}
