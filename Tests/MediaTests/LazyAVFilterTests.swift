import CFFmpeg
import Foundation
import XCTest
import SegueTestSupport
@testable import Media

/// libavfilter is opened with dlopen when a GIF is written (GIFWriter.swift's LibAVFilter), not
/// linked: linking it costs every process its ~30 dependencies at start-up.
final class LazyAVFilterTests: XCTestCase {
    /// This test binary links CFFmpeg exactly as `segue` does, so neither may need libavfilter.
    func testNotLinked() throws {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let r = try CLI.tool("ldd", [exe])
        XCTAssertEqual(r.status, 0, r.stderr)
        let libs = r.stdout
        XCTAssertTrue(libs.contains("libavcodec"), libs)
        XCTAssertFalse(libs.contains("libavfilter"), "libavfilter must be dlopened, not linked:\n\(libs)")
    }

    func testLoadsTheHeadersMajorVersionOnce() throws {
        let soname = String(cString: segue_avfilter_soname())
        XCTAssertEqual(soname, "libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)")
        let api = try LibAVFilter.load()
        XCTAssertNotNil(api.avfilter_get_by_name!("palettegen"))
        XCTAssertNotNil(api.avfilter_get_by_name!("paletteuse"))
        XCTAssertNotNil(dlopen(soname, RTLD_NOW | RTLD_NOLOAD), "loaded, so RTLD_NOLOAD finds it")
        let again = try LibAVFilter.load()
        XCTAssertEqual(unsafeBitCast(again.avfilter_link, to: Int.self), unsafeBitCast(api.avfilter_link, to: Int.self))
    }
}
