#!/usr/bin/env bash
# Compares the current kernel settings and the descriptor limit with what proxybench
# recommends, without changing anything. Reads the current network namespace, so
# `ip netns exec NS sysctl/check.sh` checks NS.
#
# Exit: 0 all at or above the recommendation, 1 something is below (named in the table),
# 2 bad usage. A key that cannot be read is reported as unknown and does not fail the check.
set -euo pipefail

# shellcheck source=SCRIPTDIR/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# A proxy holds one descriptor per client connection and, with a pool, up to one per origin
# connection; the rest covers the JVM's own files, sockets and epoll descriptors.
DESCRIPTORS_PER_CONNECTION=2
DESCRIPTORS_BASE=100

# Keys whose value is a mode, not a size: anything but the recommended value is a miss.
EXACT_KEYS=" net.ipv4.tcp_tw_reuse "

usage() {
    cat <<EOF
usage: $(basename "$0") [--file FILE] [--connections N]
  --file FILE       recommended settings, sysctl.d format (default: $DEFAULT_CONF)
  --connections N   connections one process must hold, for the descriptor check
                    (default: 2000; needs $DESCRIPTORS_PER_CONNECTION x N + $DESCRIPTORS_BASE descriptors)
EOF
}

conf="$DEFAULT_CONF"
connections=2000
while [[ $# -gt 0 ]]; do
    case "$1" in
        --file) [[ $# -ge 2 ]] || die_usage "--file needs a path"; conf="$2"; shift 2 ;;
        --connections)
            [[ $# -ge 2 ]] || die_usage "--connections needs a number"
            [[ "$2" =~ ^[1-9][0-9]{0,8}$ ]] || die_usage "--connections must be a positive whole number, got '$2'"
            connections="$2"
            shift 2
            ;;
        -h | --help) usage; exit 0 ;;
        *) die_usage "unknown option '$1' (try --help)" ;;
    esac
done

settings="$(read_conf "$conf")"

is_number() { [[ "$1" =~ ^-?[0-9]+$ ]]; }

# Prints the status word for a current value against the recommended one.
judge() {
    local key="$1" current="$2" wanted="$3"
    local -a cur rec
    read -r -a cur <<<"$current"
    read -r -a rec <<<"$wanted"
    if [[ "$EXACT_KEYS" == *" $key "* ]]; then
        if [[ "$current" == "$wanted" ]]; then echo "ok"; else echo "DIFFERS"; fi
    elif [[ ${#cur[@]} -eq 1 && ${#rec[@]} -eq 1 ]] && is_number "${cur[0]}" && is_number "${rec[0]}"; then
        if [[ "${cur[0]}" -ge "${rec[0]}" ]]; then echo "ok"; else echo "BELOW"; fi
    elif [[ ${#cur[@]} -eq 2 && ${#rec[@]} -eq 2 ]] && is_number "${cur[0]}" && is_number "${cur[1]}" \
        && is_number "${rec[0]}" && is_number "${rec[1]}"; then
        # a range: at least as wide at both ends
        if [[ "${cur[0]}" -le "${rec[0]}" && "${cur[1]}" -ge "${rec[1]}" ]]; then
            echo "ok"
        else
            echo "BELOW (narrower range)"
        fi
    else
        if [[ "$current" == "$wanted" ]]; then echo "ok"; else echo "DIFFERS"; fi
    fi
}

row() {
    printf '%-34s %-16s %-16s %s\n' "$1" "$2" "$3" "$4"
}

printf 'proxybench sysctl check\n'
printf '  settings:  %s\n  root:      %s\n  namespace: %s\n\n' "$conf" "$SYSCTL_ROOT" "$(namespace_label)"
row "SETTING" "CURRENT" "RECOMMENDED" "STATUS"

below=0
unknown=0
while IFS=$'\t' read -r key value; do
    wanted="$(normalize "$value")"
    if ! read_key "$key"; then
        row "$key" "?" "$wanted" "unknown: $REASON"
        unknown=$((unknown + 1))
        continue
    fi
    status="$(judge "$key" "$VALUE" "$wanted")"
    [[ "$status" == ok ]] || below=$((below + 1))
    row "$key" "$VALUE" "$wanted" "$status"
done <<<"$settings"

needed=$((connections * DESCRIPTORS_PER_CONNECTION + DESCRIPTORS_BASE))
soft="$(ulimit -Sn)"
hard="$(ulimit -Hn)"
if [[ "$soft" == unlimited ]] || [[ "$soft" -ge "$needed" ]]; then
    status="ok"
elif [[ "$hard" == unlimited ]] || [[ "$hard" -ge "$needed" ]]; then
    status="BELOW (hard limit $hard allows it: ulimit -n $needed)"
    below=$((below + 1))
else
    status="BELOW (hard limit $hard too: raise LimitNOFILE or /etc/security/limits.conf)"
    below=$((below + 1))
fi
row "ulimit -n ($connections connections)" "$soft" "$needed" "$status"

printf '\n%d below recommendation, %d unknown\n' "$below" "$unknown"
[[ "$below" -eq 0 ]]
