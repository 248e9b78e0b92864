# Shared by scripts/segue, scripts/test and scripts/bench: install what is missing, build.
# shellcheck shell=bash

SEGUE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Debian packages Segue needs to build and run: FFmpeg's libraries, text (FreeType, HarfBuzz,
# fontconfig, ICU) and the fonts text draws with: Inter and Roboto for the mocks, Noto per script
# (fonts-noto-core: Arabic, Hebrew, Thai, Devanagari, …; fonts-noto-cjk with its bold weights);
# fonts-dejavu-core for DejaVu Sans, the last face of text's symbol fallback (Raster/FontFallback),
# so the release tarball, which bundles these packages' fonts, draws what a development build draws.
SEGUE_RUNTIME_PACKAGES=(pkg-config libavcodec-dev libavformat-dev libswscale-dev libswresample-dev libavutil-dev libavfilter-dev
    libfreetype-dev libharfbuzz-dev libfontconfig-dev libicu-dev fonts-inter fonts-noto-core fonts-noto-cjk
    fonts-noto-color-emoji fonts-roboto fonts-dejavu-core libmicrohttpd-dev zlib1g-dev)
# What the tests add: ffprobe/ffmpeg to check outputs independently; GNU time to measure a
# child's peak memory; chromium to load the gallery page in a real browser (GalleryTests); jq and
# GNU parallel to run docs/CI.md's recipes (MatrixRecipeTests, CIRecipeTests); chromium-driver
# and python3-selenium to drive `segue studio`'s page in chromium (StudioTests), play a GIF beside a reference (GIFTimingTests) and
# scroll a gallery in real time (GalleryLoadTests); patchelf, binutils
# and python3 to make and check the release tarball (PackageTests) and serve a gallery to chromium
# (GalleryLoadTests).
SEGUE_TEST_PACKAGES=(ffmpeg time chromium jq parallel chromium-driver python3-selenium patchelf binutils python3)
# fontconfig's fc-match asks the release tarball's own font configuration which file each family is (PackageFontsTests).
SEGUE_TEST_PACKAGES+=(fontconfig)
# Firefox for the studio's page (StudioFirefoxTests): Debian's firefox-esr, driven through Mozilla's
# Marionette client from PyPI (geckodriver is not packaged for Debian) in a venv of the tests' own.
SEGUE_TEST_PACKAGES+=(firefox-esr python3-venv)
SEGUE_TEST_PYPI=(marionette-driver==3.7.1)
SEGUE_TEST_VENV="$SEGUE_ROOT/.build/test-venv"

segue_log() { printf 'segue: %s\n' "$*" >&2; }

# ensure_packages PKG... — apt-get installs those not installed (sudo when not root). One
# dpkg-query for all of them: a process per package made every ./scripts/segue call wait seconds
# on a busy machine.
ensure_packages() {
    local missing=() name status
    local -A installed=()
    while IFS=$'\t' read -r name status; do
        [ "$status" = "install ok installed" ] && installed[$name]=1
    done < <(dpkg-query -W -f='${Package}\t${Status}\n' "$@" 2>/dev/null || true)
    for p in "$@"; do
        [ -n "${installed[$p]:-}" ] || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    segue_log "installing ${missing[*]}"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# ensure_test_venv — the tests' Python venv with SEGUE_TEST_PYPI (made once; pip when missing).
ensure_test_venv() {
    local py="$SEGUE_TEST_VENV/bin/python"
    if [ -x "$py" ] && "$py" -c 'import marionette_driver' 2>/dev/null; then return 0; fi
    segue_log "installing ${SEGUE_TEST_PYPI[*]} into $SEGUE_TEST_VENV"
    /usr/bin/python3 -m venv "$SEGUE_TEST_VENV" >&2
    "$py" -m pip install -q "${SEGUE_TEST_PYPI[@]}" >&2
}

ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
    fi
    command -v swift >/dev/null 2>&1 || { segue_log "the Swift toolchain (swift 6) is required and was not found on PATH"; exit 1; }
}

# Every build checks the rooms (docs/ARCHITECTURE.md): a module that imports a target it does not
# declare in Package.swift fails to build, so "imports only the rooms below it" cannot drift.
SEGUE_BUILD_FLAGS=(--explicit-target-dependency-import-check error)

# build_release — builds .build/release/segue when it is missing or any source is newer.
build_release() {
    local bin="$SEGUE_ROOT/.build/release/segue"
    if [ -x "$bin" ] && [ -z "$(find "$SEGUE_ROOT/Sources" "$SEGUE_ROOT/Package.swift" -newer "$bin" -print -quit 2>/dev/null)" ]; then
        return 0
    fi
    segue_log "building (release)…"
    (cd "$SEGUE_ROOT" && swift build -c release "${SEGUE_BUILD_FLAGS[@]}" --product segue >&2) || { segue_log "build failed"; exit 1; }
    touch "$bin"
}
