# Shared by the action's step scripts (action.yml runs them; ActionScriptTests runs them with a
# simulated GITHUB_* environment). Plain bash and coreutils; the reports read the manifest with jq.
# shellcheck shell=bash
set -euo pipefail

action_log() { printf 'segue-action: %s\n' "$*" >&2; }

# need VAR... — stops with a clear message when the runner did not set a variable.
need() {
    local v
    for v in "$@"; do
        [ -n "${!v:-}" ] || { action_log "$v is not set (these scripts run as steps of action.yml)"; exit 2; }
    done
}

# output NAME VALUE — a step output; a value with a newline is written in the heredoc form.
output() {
    if [[ "$2" == *$'\n'* ]]; then
        local delim="segue_$RANDOM$RANDOM"
        printf '%s<<%s\n%s\n%s\n' "$1" "$delim" "$2" "$delim" >> "$GITHUB_OUTPUT"
    else
        printf '%s=%s\n' "$1" "$2" >> "$GITHUB_OUTPUT"
    fi
}

# Workflow commands (GitHub's "Workflow commands for GitHub Actions"): a message escapes % CR LF,
# a property also : and ,.
escape_data() { local s=${1//'%'/%25}; s=${s//$'\r'/%0D}; printf '%s' "${s//$'\n'/%0A}"; }
escape_property() { local s; s=$(escape_data "$1"); s=${s//:/%3A}; printf '%s' "${s//,/%2C}"; }

# preset_paths — the action's `presets` input ($PRESETS) as one path a line: one a line when the
# input has several lines (paths with spaces), else separated by spaces.
preset_paths() {
    if [[ "$PRESETS" == *$'\n'* ]]; then printf '%s\n' "$PRESETS" | sed '/^[[:space:]]*$/d'
    else local p; for p in $PRESETS; do printf '%s\n' "$p"; done
    fi
}
