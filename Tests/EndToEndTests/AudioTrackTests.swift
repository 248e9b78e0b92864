import Foundation
import XCTest
import SegueTestSupport

/// A preset's `"audio"` (issue 33.2): decoded, resampled to 48 kHz stereo, looped or trimmed to
/// the clip and faded out over the last 0.5 s; AAC in MP4 and MOV, Opus in WebM. Read back by
/// ffprobe (layout, rate) and decoded by ffmpeg (where there is sound).
final class AudioTrackTests: XCTestCase {
    /// A 1 s, 440 Hz mono tone at 44.1 kHz under a 3 s story: looped three times.
    func preset(_ dir: String, audio: String = "assets/tone.wav") throws {
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        let r = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1:sample_rate=44100", "-ac", "1",
                             dir + "/assets/tone.wav"], executable: CLI.which("ffmpeg"))
        XCTAssertEqual(r.status, 0, r.stderr)
        try Data("""
        { "segue": 1, "name": "tone", "device": { "width": 80, "height": 120, "scale": 1 }, "fps": 30, "audio": "\(audio)",
          "screens": { "a": { "background": "#224466", "layers": [] }, "b": { "background": "#664422", "layers": [] } },
          "start": "a", "timeline": [ { "hold": 1 }, { "push": "b", "transition": "uikit", "duration": 0.5 }, { "hold": 1.5 } ] }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/tone.json"))
    }

    /// The track decoded to 48 kHz stereo float: RMS of the left channel over [from, to) seconds.
    func rms(_ path: String, from: Double, to: Double) throws -> Double {
        let raw = path + ".f32"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let r = try CLI.run(["-v", "error", "-y", "-i", path, "-vn", "-f", "f32le", "-ac", "2", "-ar", "48000", raw], executable: CLI.which("ffmpeg"))
        XCTAssertEqual(r.status, 0, r.stderr)
        let d = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = d.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let a = Int(from * 48_000), b = min(Int(to * 48_000), samples.count / 2)
        guard b > a else { return -1 }
        var sum = 0.0
        for i in a..<b { sum += Double(samples[2 * i] * samples[2 * i]) }
        return (sum / Double(b - a)).squareRoot()
    }

    func testAudioIsLoopedFadedAndEncodedPerContainer() throws {
        let dir = try temporaryFolder("audio")
        try preset(dir)
        for (ext, codec) in [("mp4", "aac"), ("mov", "aac"), ("webm", "opus")] {
            let r = try CLI.run(["render", "tone.json", "-o", "t.\(ext)", "--quiet"], in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            let p = try CLI.probe(dir + "/t.\(ext)", countFrames: false)
            let streams = p["streams"] as? [[String: Any]] ?? []
            let audio = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "audio" }, ext)
            XCTAssertEqual(audio["codec_name"] as? String, codec, ext)
            XCTAssertEqual(audio["channels"] as? Int, 2, ext)
            XCTAssertEqual(audio["sample_rate"] as? String, "48000", ext)
            // A sine of amplitude 1/8 (lavfi's sine) has RMS 0.088; mono goes to both channels
            // at −3 dB (libswresample's centre mix): 0.0625, heard in each loop of the tone…
            for t in [0.3, 1.3, 2.3] { XCTAssertEqual(try rms(dir + "/t.\(ext)", from: t, to: t + 0.2), 0.0625, accuracy: 0.008, "\(ext) at \(t) s") }
            // …and faded out over the last 0.5 s (3.03 s of video: the fade runs from 2.53 s).
            let late = try rms(dir + "/t.\(ext)", from: 2.93, to: 3.0)
            XCTAssertLessThan(late, 0.03, "\(ext): the fade's last tenth")
        }
        // A GIF has no sound: the key changes nothing there.
        XCTAssertEqual(try CLI.run(["render", "tone.json", "-o", "t.gif", "--quiet"], in: dir).status, 0)
    }

    /// The sound file is part of the batch cache's key: a changed tone renders the clip again.
    func testAChangedSoundFileIsNotServedFromTheCache() throws {
        let dir = try temporaryFolder("audio-cache")
        try preset(dir + "/p")
        let args = ["batch", "p", "-o", "out", "--cache", "cache", "--manifest", "m.json", "--quiet"]
        func status() throws -> String? {
            let m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as? [String: Any]
            return ((m?["presets"] as? [[String: Any]])?.first)?["status"] as? String
        }
        XCTAssertEqual(try CLI.run(args, in: dir).status, 0)
        XCTAssertEqual(try CLI.run(args, in: dir).status, 0)
        XCTAssertEqual(try status(), "cached")
        let r = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=220:duration=1:sample_rate=44100", "-ac", "1",
                             dir + "/p/assets/tone.wav"], executable: CLI.which("ffmpeg"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try CLI.run(args, in: dir).status, 0)
        XCTAssertEqual(try status(), "ok")
    }

    func testAudioOutsideThePresetFolderIsRefused() throws {
        let dir = try temporaryFolder("audio-escape")
        try preset(dir, audio: "../tone.wav")
        let r = try CLI.run(["render", "tone.json", "-o", "t.mp4"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("audio: asset \"../tone.wav\" is outside the preset's folder"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/t.mp4"))
    }
}
