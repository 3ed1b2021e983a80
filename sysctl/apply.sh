#!/usr/bin/env bash
# Applies the proxybench kernel settings, after saving the current values so that
# restore.sh can put them back. Works in the current network namespace, so
# `ip netns exec NS sysctl/apply.sh` tunes NS only (for the keys the kernel keeps per
# namespace; the others are reported as not present or read-only there).
#
# Exit: 0 every key is at its value, 1 some key could not be set (each is named),
# 2 bad usage or settings file.
set -euo pipefail

# shellcheck source=SCRIPTDIR/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
    cat <<EOF
usage: $(basename "$0") [--file FILE] [--state FILE] [--dry-run]
  --file FILE   settings in sysctl.d format (default: $DEFAULT_CONF)
  --state FILE  where the values before the change are kept for restore.sh
                (default: $(default_state_file), one per network namespace)
  --dry-run     show what would change; change nothing, write no state file
EOF
}

conf="$DEFAULT_CONF"
state=""
dry_run=false
while [[ $# -gt 0 ]]; do
    case "$1" in
        --file) [[ $# -ge 2 ]] || die_usage "--file needs a path"; conf="$2"; shift 2 ;;
        --state) [[ $# -ge 2 ]] || die_usage "--state needs a path"; state="$2"; shift 2 ;;
        --dry-run) dry_run=true; shift ;;
        -h | --help) usage; exit 0 ;;
        *) die_usage "unknown option '$1' (try --help)" ;;
    esac
done
[[ -n "$state" ]] || state="$(default_state_file)"

settings="$(read_conf "$conf")"
keys=()
targets=()
while IFS=$'\t' read -r key value; do
    keys+=("$key")
    targets+=("$value")
done <<<"$settings"

mode="apply"
$dry_run && mode="dry run, nothing is changed"
printf 'proxybench sysctl %s\n' "$mode"
printf '  settings:  %s\n  root:      %s\n  namespace: %s\n  state:     %s\n\n' \
    "$conf" "$SYSCTL_ROOT" "$(namespace_label)" "$state"

# Saves the values as they are now. An existing state file already holds the values from
# before the first apply, so its entries win; only keys it lacks are added.
save_state() {
    local tmp key i
    local -A saved=()
    if [[ -f "$state" ]]; then
        while IFS= read -r line; do
            [[ "$line" == \#* || "$line" != *=* ]] && continue
            saved["${line%%=*}"]=1
        done <"$state"
    fi
    tmp="$state.tmp.$$"
    {
        if [[ -f "$state" ]]; then
            cat "$state"
        else
            printf '# proxybench sysctl values before apply.sh changed them; read by restore.sh\n'
            printf '# saved %s, root %s, namespace %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
                "$SYSCTL_ROOT" "$(namespace_label)"
        fi
        for i in "${!keys[@]}"; do
            key="${keys[$i]}"
            [[ -n "${saved[$key]:-}" ]] && continue
            if read_key "$key"; then
                printf '%s=%s\n' "$key" "$VALUE"
            fi
        done
    } >"$tmp" && mv -f "$tmp" "$state"
}

if ! $dry_run; then
    if ! save_state 2>/dev/null; then
        rm -f "$state.tmp.$$" 2>/dev/null || true
        printf '%s: cannot write state file %s; nothing changed\n' "$(basename "$0")" "$state" >&2
        exit 1
    fi
fi

print_row "KEY" "BEFORE" "AFTER" "RESULT"
set_count=0
same_count=0
failed_count=0
for i in "${!keys[@]}"; do
    key="${keys[$i]}"
    target="$(normalize "${targets[$i]}")"
    if ! read_key "$key"; then
        print_row "$key" "?" "?" "skipped: $REASON"
        failed_count=$((failed_count + 1))
        continue
    fi
    before="$VALUE"
    if [[ "$before" == "$target" ]]; then
        print_row "$key" "$before" "$before" "unchanged (already set)"
        same_count=$((same_count + 1))
        continue
    fi
    if $dry_run; then
        if [[ -w "$(key_path "$key")" ]]; then
            print_row "$key" "$before" "$target" "would set"
            set_count=$((set_count + 1))
        else
            print_row "$key" "$before" "$before" "would fail: read-only here"
            failed_count=$((failed_count + 1))
        fi
        continue
    fi
    if ! write_key "$key" "$target"; then
        print_row "$key" "$before" "$before" "not set: $REASON"
        failed_count=$((failed_count + 1))
        continue
    fi
    read_key "$key" || VALUE="?"
    if [[ "$VALUE" == "$target" ]]; then
        print_row "$key" "$before" "$VALUE" "set"
        set_count=$((set_count + 1))
    else
        print_row "$key" "$before" "$VALUE" "not set: kernel reads back '$VALUE', wanted '$target'"
        failed_count=$((failed_count + 1))
    fi
done

printf '\n'
if $dry_run; then
    printf '%d would change, %d already set, %d could not be set\n' \
        "$set_count" "$same_count" "$failed_count"
else
    printf '%d set, %d already set, %d could not be set; restore with: %s --state %s\n' \
        "$set_count" "$same_count" "$failed_count" "$SCRIPT_DIR/restore.sh" "$state"
fi
[[ "$failed_count" -eq 0 ]]
