#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/PresetFuzz.swift, Fuzz/ImageFuzz.swift, Fuzz/TextFuzz.swift)
# into .build/fuzz/{preset-fuzz,image-fuzz,text-fuzz} with swiftc directly: each Segue module the targets need is
# compiled (whole-module) into an object file and a .swiftmodule, every one instrumented with
# `-sanitize=fuzzer,address` (coverage for libFuzzer's guidance, ASan for memory errors), then
# linked with the @_cdecl("LLVMFuzzerTestOneInput") entry file. SwiftPM is not used: it cannot
# put the fuzzer runtime's main() into an executable product, and a separate build directory keeps
# the instrumented objects away from the normal .build.
#
# Exit status: 0 built; 1 Segue's sources fail to compile under the fuzz build (a real failure);
# 3 the toolchain cannot build libFuzzer binaries at all (no libclang_rt.fuzzer, a linker without
# the sanitizer runtimes): an environmental problem, reported as such by scripts/fuzz.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT="$ROOT/.build/fuzz"
OPT=${SEGUE_FUZZ_OPT:--O}
mkdir -p "$OUT/modules"
cd "$ROOT"

# Environment probe: can this toolchain link a trivial fuzzer at all?
probe="$OUT/probe"
mkdir -p "$probe"
cat > "$probe/p.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput") public func t(_ d: UnsafePointer<UInt8>, _ n: Int) -> Int32 { 0 }
SWIFT
if ! swiftc -parse-as-library -sanitize=fuzzer,address "$probe/p.swift" -o "$probe/p" -module-cache-path "$OUT/mc" >"$probe/log" 2>&1; then
    echo "fuzz: this toolchain cannot build a libFuzzer binary (environment, not Segue):" >&2
    sed 's/^/  /' "$probe/log" >&2
    exit 3
fi

FLAGS=(-swift-version 6 -package-name segue -parse-as-library -wmo "$OPT" -g
       -sanitize=fuzzer,address -module-cache-path "$OUT/mc"
       -I "$OUT/modules" -I Sources/CFFmpeg -I Sources/CFreeType -I Sources/CICU/include)
for f in $(pkg-config --cflags libavcodec libavformat libswscale libavutil libavfilter freetype2 harfbuzz fontconfig icu-uc); do
    FLAGS+=(-Xcc "$f")
done

# CICU (ICU behind C functions): compiled with the same instrumentation, linked into both targets.
cicu="$OUT/modules/CICU.o"
if [ ! -f "$cicu" ] || [ -n "$(find Sources/CICU -newer "$cicu" -print -quit)" ]; then
    echo "fuzz: compiling CICU" >&2
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CICU/include $(pkg-config --cflags icu-uc) \
        Sources/CICU/cicu.c -o "$cicu"
    rebuilt=1
fi

# module dependencies are implied by the order
MODULES=(Geometry Motion Scene Vocabulary Raster Transitions Media Presets)
for m in "${MODULES[@]}"; do
    obj="$OUT/modules/$m.o"
    # Rebuild only when a source of this module (or an earlier one) is newer.
    if [ -f "$obj" ] && [ -z "$(find "Sources/$m" -name '*.swift' -newer "$obj" -print -quit)" ] && [ -z "${rebuilt:-}" ]; then
        continue
    fi
    rebuilt=1
    echo "fuzz: compiling $m" >&2
    swiftc "${FLAGS[@]}" -module-name "$m" -emit-module -emit-module-path "$OUT/modules/$m.swiftmodule" \
        -c -o "$obj" $(find "Sources/$m" -name '*.swift' | sort)
done

# libavfilter: headers only (above); GIFWriter dlopens it, as in the SwiftPM build.
LIBS=($(pkg-config --libs libavcodec libavformat libswscale libavutil freetype2 harfbuzz fontconfig icu-uc))
link() {   # link NAME ENTRY MODULE...
    local name=$1 entry=$2; shift 2
    local objs=()
    rm -f "$OUT/$name"
    for m in "$@"; do objs+=("$OUT/modules/$m.o"); done
    echo "fuzz: linking $name" >&2
    swiftc "${FLAGS[@]}" -module-name "${name//-/_}" "$entry" "${objs[@]}" "$cicu" "${LIBS[@]}" -o "$OUT/$name" 2>&1 \
        | { grep -v "Cannot export local symbol '__asan" || true; } >&2
    [ -x "$OUT/$name" ] || { echo "fuzz: linking $name failed" >&2; exit 1; }
}
link preset-fuzz Fuzz/PresetFuzz.swift "${MODULES[@]}"
link image-fuzz Fuzz/ImageFuzz.swift Geometry Scene Vocabulary Raster Media
link text-fuzz Fuzz/TextFuzz.swift Geometry Scene Vocabulary Raster
echo "fuzz: built $OUT/preset-fuzz $OUT/image-fuzz $OUT/text-fuzz" >&2
