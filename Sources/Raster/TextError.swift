// Failures of the text stack (FreeType, fontconfig, HarfBuzz), every result checked (issue 19.6).
//
// Drawing does not throw (a frame is drawn band by band from non-throwing code), so a failure
// while drawing text is recorded in the failure log of the render that drew it — the log bound
// (`TextFailureLog.bind`, a task-local value) on the thread that drew — and thrown by that
// render's check, which frame composition calls for every frame it converts: a video with a
// blank where a label should be is not written, the error is. One bad preset in a batch fails
// only its own render. Drawing outside any render (a plot, a tool) records into the process's
// log, which `Renderer.checkText()` throws.
import CFreeType
import Synchronization

/// A text-stack call that failed: which call, on what, and what it returned.
public struct TextError: Error, CustomStringConvertible, Sendable, Equatable {
    public let call: String
    public let subject: String
    public let detail: String

    public var description: String { "text: \(call) failed for \(subject): \(detail)" }

    /// A FreeType error code with FreeType's own message when it was built with them.
    static func freeType(_ call: String, _ subject: String, _ code: FT_Error) -> TextError {
        let message = FT_Error_String(code).map { String(cString: $0) } ?? "FreeType error"
        return TextError(call: call, subject: subject, detail: "\(message) (error \(code))")
    }

    /// Throws a FreeType failure unless `code` is 0 (FT_Err_Ok).
    static func checkFT(_ code: FT_Error, _ call: String, _ subject: @autoclosure () -> String) throws {
        if code != 0 { throw freeType(call, subject(), code) }
    }

    /// Throws unless a fontconfig call returned FcTrue.
    static func checkFc(_ ok: FcBool, _ call: String, _ subject: @autoclosure () -> String) throws {
        if ok == 0 { throw TextError(call: call, subject: subject(), detail: "fontconfig returned FcFalse (out of memory or no configuration)") }
    }
}

/// The first text failure met while drawing or measuring for one render (or for the process).
public final class TextFailureLog: Sendable {
    private let first = Mutex<TextError?>(nil)
    private let failed = Atomic<Bool>(false)

    public init() {}

    /// The log drawing on this thread records into (nil: the process's).
    @TaskLocal static var current: TextFailureLog?
    static let process = TextFailureLog()

    /// Runs `body` with failures of text drawn on this thread (in `body`) recorded here.
    public func bind<R>(_ body: () throws -> R) rethrows -> R {
        try TextFailureLog.$current.withValue(self, operation: body)
    }

    func record(_ error: any Error) {
        let e = error as? TextError ?? TextError(call: "text", subject: "drawing", detail: "\(error)")
        first.withLock { if $0 == nil { $0 = e } }
        failed.store(true, ordering: .releasing)
    }

    /// Throws the first failure recorded here (one atomic load when there is none).
    public func check() throws {
        guard failed.load(ordering: .acquiring) else { return }
        if let e = first.withLock({ $0 }) { throw e }
    }
}

/// Where text failures go: the bound render's log, else the process's.
enum TextFailures {
    static func record(_ error: any Error) { (TextFailureLog.current ?? TextFailureLog.process).record(error) }
}

extension Renderer {
    /// Throws the first failure of FreeType, fontconfig, HarfBuzz or ICU met while drawing or
    /// laying out text outside any render's log (`TextFailureLog.bind`) in this process.
    public static func checkText() throws { try TextFailureLog.process.check() }
}
