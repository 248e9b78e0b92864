// libFuzzer target: arbitrary bytes as an image file → Media.ImageDecoder.decode, the path every
// preset asset takes (header sniffing, the size check, FFmpeg's png/jpeg/webp pipe demuxers and
// decoders, swscale, premultiplication). Any input may be rejected; none may crash or hang.
// maxDimension is 2048 here (the product uses Limits.maxImageSide = 16384): the same checks on the
// same code, without spending the fuzzer's RSS budget on legitimately huge images.
import Foundation
import Media

private let scratch: String = {
    let path = NSTemporaryDirectory() + "segue-image-fuzz-\(getpid()).img"
    atexit { unlink(NSTemporaryDirectory() + "segue-image-fuzz-\(getpid()).img") }
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard FileManager.default.createFile(atPath: scratch, contents: bytes) else { return 0 }
    if let bitmap = try? ImageDecoder.decode(path: scratch, maxDimension: 2048) {
        precondition(bitmap.width > 0 && bitmap.height > 0 && bitmap.width <= 2048 && bitmap.height <= 2048)
    }
    return 0
}
