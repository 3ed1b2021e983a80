#!/usr/bin/env bash
# Puts back the values apply.sh saved. Run it in the same network namespace as apply.sh
# (the default state file is per namespace). The state file is removed once every key is
# back; if any key fails it is kept, so the restore can be retried.
#
# Exit: 0 all restored, 1 some key could not be restored (each is named), 2 bad usage or
# no state file.
set -euo pipefail

# shellcheck source=SCRIPTDIR/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
    cat <<EOF
usage: $(basename "$0") [--state FILE] [--dry-run] [--keep-state]
  --state FILE   values saved by apply.sh (default: $(default_state_file))
  --dry-run      show what would change; change nothing
  --keep-state   keep the state file after a complete restore
EOF
}

state=""
dry_run=false
keep_state=false
while [[ $# -gt 0 ]]; do
    case "$1" in
        --state) [[ $# -ge 2 ]] || die_usage "--state needs a path"; state="$2"; shift 2 ;;
        --dry-run) dry_run=true; shift ;;
        --keep-state) keep_state=true; shift ;;
        -h | --help) usage; exit 0 ;;
        *) die_usage "unknown option '$1' (try --help)" ;;
    esac
done
[[ -n "$state" ]] || state="$(default_state_file)"
[[ -f "$state" && -r "$state" ]] || die_usage "no state file at $state: nothing to restore (apply.sh writes it)"

keys=()
values=()
number=0
while IFS= read -r line || [[ -n "$line" ]]; do
    number=$((number + 1))
    [[ -z "$line" || "$line" == \#* ]] && continue
    [[ "$line" == *=* ]] || die_usage "$state:$number: expected key=value, got: $line"
    keys+=("${line%%=*}")
    values+=("${line#*=}")
done <"$state"

mode="restore"
$dry_run && mode="restore, dry run, nothing is changed"
printf 'proxybench sysctl %s\n' "$mode"
printf '  state:     %s\n  root:      %s\n  namespace: %s\n\n' "$state" "$SYSCTL_ROOT" "$(namespace_label)"

print_row "KEY" "BEFORE" "AFTER" "RESULT"
failed_count=0
for i in "${!keys[@]}"; do
    key="${keys[$i]}"
    original="${values[$i]}"
    if ! read_key "$key"; then
        print_row "$key" "?" "?" "skipped: $REASON"
        failed_count=$((failed_count + 1))
        continue
    fi
    before="$VALUE"
    if [[ "$before" == "$original" ]]; then
        print_row "$key" "$before" "$before" "unchanged (already original)"
    elif $dry_run; then
        if [[ -w "$(key_path "$key")" ]]; then
            print_row "$key" "$before" "$original" "would restore"
        else
            print_row "$key" "$before" "$before" "would fail: read-only here"
            failed_count=$((failed_count + 1))
        fi
    elif ! write_key "$key" "$original"; then
        print_row "$key" "$before" "$before" "not restored: $REASON"
        failed_count=$((failed_count + 1))
    else
        read_key "$key" || VALUE="?"
        if [[ "$VALUE" == "$original" ]]; then
            print_row "$key" "$before" "$VALUE" "restored"
        else
            print_row "$key" "$before" "$VALUE" "not restored: kernel reads back '$VALUE'"
            failed_count=$((failed_count + 1))
        fi
    fi
done

printf '\n'
if [[ "$failed_count" -gt 0 ]]; then
    printf '%d key(s) not restored; state file kept: %s\n' "$failed_count" "$state"
    exit 1
fi
if $dry_run || $keep_state; then
    printf 'all keys restorable; state file kept: %s\n' "$state"
else
    rm -f "$state"
    printf 'all keys restored; state file removed: %s\n' "$state"
fi
