# shellcheck shell=bash
# Globals set here (VALUE, REASON, DEFAULT_CONF, ...) are read by the scripts that source this file.
# shellcheck disable=SC2034
# Shared by apply.sh, restore.sh and check.sh; sourced, never run on its own.
#
# PROXYBENCH_SYSCTL_ROOT replaces /proc/sys, so the scripts can be exercised against a
# scratch directory without touching the machine's settings.

SYSCTL_ROOT="${PROXYBENCH_SYSCTL_ROOT:-/proc/sys}"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEFAULT_CONF="$SCRIPT_DIR/proxybench.conf"

die_usage() {
    printf '%s: %s\n' "$(basename "$0")" "$1" >&2
    exit 2
}

# net.core.somaxconn -> <root>/net/core/somaxconn
key_path() {
    printf '%s/%s' "$SYSCTL_ROOT" "${1//.//}"
}

# Collapses runs of blanks and tabs to one space, trims both ends: /proc prints
# multi-number values tab-separated, configuration files usually use spaces.
normalize() {
    local value
    local -a parts
    read -r -a parts <<<"$1"
    value="${parts[*]}"
    printf '%s' "$value"
}

# Prints "key<TAB>value" for every setting in a sysctl.d-style file. Comments start with
# '#' or ';'; a leading '-' on a key (ignore failures, in sysctl.d) is dropped because
# every key's failure is reported and tolerated here anyway.
read_conf() {
    local file="$1" line key value number=0
    [[ -f "$file" && -r "$file" ]] || die_usage "cannot read settings file $file"
    while IFS= read -r line || [[ -n "$line" ]]; do
        number=$((number + 1))
        line="${line%$'\r'}"
        [[ "$line" =~ ^[[:space:]]*([#\;].*)?$ ]] && continue
        if [[ "$line" != *=* ]]; then
            die_usage "$file:$number: expected 'key = value', got: $line"
        fi
        key="$(normalize "${line%%=*}")"
        value="$(normalize "${line#*=}")"
        key="${key#-}"
        if [[ ! "$key" =~ ^[A-Za-z0-9_]+(\.[A-Za-z0-9_-]+)+$ ]]; then
            die_usage "$file:$number: not a sysctl key: '$key'"
        fi
        [[ -n "$value" ]] || die_usage "$file:$number: no value for $key"
        printf '%s\t%s\n' "$key" "$value"
    done <"$file"
}

# Sets VALUE to the key's current (normalized) value and returns 0, or sets REASON and
# returns 1 when the key is absent or unreadable here.
read_key() {
    local path raw
    path="$(key_path "$1")"
    VALUE=""
    REASON=""
    if [[ ! -e "$path" ]]; then
        REASON="not present here (in a network namespace: not per-namespace, set it in the root namespace)"
        return 1
    fi
    if ! raw="$(cat "$path" 2>&1)"; then
        REASON="cannot read: ${raw##*: }"
        return 1
    fi
    VALUE="$(normalize "$raw")"
}

# Writes a value; on failure sets REASON and returns 1.
write_key() {
    local path err
    path="$(key_path "$1")"
    if [[ ! -w "$path" ]]; then
        REASON="read-only here (no permission, read-only /proc/sys, or not settable in this namespace)"
        return 1
    fi
    if ! err="$( { printf '%s\n' "$2" >"$path"; } 2>&1)"; then
        REASON="write failed: ${err##*: }"
        return 1
    fi
}

# The state file is per network namespace, so runs inside different namespaces (ip netns
# exec) keep their original values apart.
default_state_file() {
    local ns
    ns="$(readlink /proc/self/ns/net 2>/dev/null || true)"
    ns="${ns//[^0-9]/}"
    printf '%s/proxybench-sysctl.%s.state' "${TMPDIR:-/tmp}" "${ns:-default}"
}

namespace_label() {
    local name
    name="$(ip netns identify "$$" 2>/dev/null || true)"
    if [[ -n "$name" ]]; then
        printf '%s' "$name"
    else
        readlink /proc/self/ns/net 2>/dev/null || printf 'unknown'
    fi
}

print_row() {
    printf '%-34s %-16s -> %-16s %s\n' "$1" "$2" "$3" "$4"
}
