// `segue-bench [RUNS] [NAME]`: Raster's micro-benchmarks (RasterBench), milliseconds per
// 1170×2532 frame (coverage: µs per draw) on the calling thread, median of RUNS (default 15);
// with NAME, only the kernel and coverage measurements whose names contain it. Release builds
// only (`swift build -c release --product segue-bench`). An executable of its own so the product
// carries no benchmark code (issue 19.7); `segue bench` was the same command.
import Foundation

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }

let args = Array(CommandLine.arguments.dropFirst())
guard args.count <= 2, let runs = args.isEmpty ? 15 : Int(args[0]), runs > 0 else {
    FileHandle.standardError.write(Data("usage: segue-bench [RUNS] [NAME]\n".utf8))
    exit(2)
}
let only = args.count == 2 ? args[1] : nil
for (name, ms) in (only == nil ? RasterBench.run(runs: runs) : []) + RasterBench.kernels(runs: runs, only: only) {
    print("\(pad(name, 28))\(String(format: "%7.3f", ms)) ms")
}
for (name, us) in RasterBench.coverage(runs: runs) where only.map({ name.contains($0) }) ?? true {
    print("\(pad(name, 28))\(String(format: "%7.1f", us)) µs per draw")
}
