import Foundation

/// The system's own words for a failed file operation ("No such file or directory", "Permission
/// denied"), as Segue's other I/O messages print them (strerror), instead of Foundation's
/// "The operation could not be completed. …" wrapper, which names neither cause nor errno.
public func systemReason(_ error: Error) -> String {
    let ns = error as NSError
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    // swift-corelibs-foundation keeps the errno as a POSIXError under NSUnderlyingErrorKey.
    if let under = (ns.userInfo[NSUnderlyingErrorKey] as? Error).map({ $0 as NSError }), under.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(under.code)))
    }
    return ns.localizedDescription
}
