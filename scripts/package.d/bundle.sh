# Helpers of scripts/package: which shared libraries a binary loads, which of them belong to glibc,
# and the glibc version they all need. Everything is read from the ELF files themselves (ldd for the
# transitive closure, dpkg for ownership, readelf for symbol versions), so nothing names a soname.
# shellcheck shell=bash

# runtime_libraries ELF... — "soname<TAB>path" for every shared library the files load,
# transitively (ldd resolves the whole closure), without glibc's own and the vDSO.
runtime_libraries() {
    local listing glibc
    listing=$(for f in "$@"; do ldd "$f"; done)
    if grep -q '=> not found' <<< "$listing"; then
        segue_log "not found on this machine: $(grep '=> not found' <<< "$listing" | awk '{print $1}' | sort -u | tr '\n' ' ')"
        return 1
    fi
    glibc=$(glibc_sonames)
    awk '$2 == "=>" && $3 ~ /^\// {print $1 "\t" $3}' <<< "$listing" | sort -u \
        | awk -F'\t' 'NR == FNR {skip[$1] = 1; next} !($1 in skip)' <(printf '%s\n' "$glibc") -
}

# glibc_sonames — the shared objects Debian's libc6 installs (libc, libm, the loader, …): those of
# the system are used, so the tarball runs wherever its glibc floor is met.
glibc_sonames() { dpkg -L libc6 | grep -E '\.so(\.[0-9]+)*$' | sed 's|.*/||' | sort -u; }

# owners PATH... — "file<TAB>package" for each file (through its symlinks), in one dpkg call. With
# merged /usr a file dpkg installed as /lib/… is /usr/lib/… on disk, so both are asked and the
# file is named without a leading /usr (see unusr).
owners() {
    local p r
    for p in "$@"; do r=$(readlink -f "$p"); unusr "$r"; echo; echo "/usr$(unusr "$r")"; done | sort -u \
        | xargs dpkg -S 2>/dev/null | awk '{pkg = $1; sub(/:.*/, "", pkg); f = $NF; sub(/^\/usr/, "", f); print f "\t" pkg}'
}

# unusr PATH — PATH without a leading /usr (the key owners uses).
unusr() { printf '%s' "${1#/usr}"; }

# glibc_floor ELF... — the highest GLIBC_x.y symbol version any of the files needs.
glibc_floor() {
    local f
    for f in "$@"; do readelf -V --wide "$f" 2>/dev/null; done \
        | grep -oE 'Name: GLIBC_[0-9]+\.[0-9]+(\.[0-9]+)?' | sed 's/Name: GLIBC_//' | sort -uV | tail -n 1
}

# swift_version — the toolchain's version (for the Swift runtime's libraries of a --binary build).
swift_version() { ensure_swift; swift --version 2>/dev/null | grep -oE 'Swift version [^ ]+' | head -n 1 | cut -d' ' -f3; }

# package_version PACKAGE — Debian's version string of an installed package.
package_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null; }

# font_packages PACKAGE... — the packages that install those packages' fonts: one that installs
# no font file itself (a metapackage: fonts-roboto only depends on fonts-roboto-unhinted, which has
# the files) stands for its fonts-* dependencies, so no family is silently left out of the tarball.
font_packages() {
    local p
    for p in "$@"; do
        # grep reads everything (no -q): under pipefail an early exit would fail dpkg -L with SIGPIPE.
        if dpkg -L "$p" 2>/dev/null | grep -E '\.(ttf|otf|ttc)$' >/dev/null; then echo "$p"; continue; fi
        local deps
        deps=$(dpkg-query -W -f='${Depends}' "$p" 2>/dev/null | tr ',|' '\n\n' | awk '$1 ~ /^fonts-/ {print $1}')
        [ -n "$deps" ] || { segue_log "$p installs no font file and depends on no fonts-* package"; return 1; }
        # shellcheck disable=SC2086 # one package name a word
        font_packages $deps
    done | sort -u
}

# font_files PACKAGE... — the font files (ttf, otf, ttc) the packages install.
font_files() {
    local p
    for p in "$@"; do dpkg -L "$p" 2>/dev/null | grep -E '\.(ttf|otf|ttc)$' || true; done | sort -u
}
