# Stops the processes of the kit's runs on this box and removes their state:
# sh -c "$(cat stop-runs.sh)" pb KIT_DIR RUN_ID...
# A pid counts only while its environment still names the run (PROXYBENCH_RUN), so a pid reused by
# another program is left alone. SIGTERM first, SIGKILL to what is left after 5 s.
kit_dir=$1
shift
own() {
  { tr '\0' '\n' < "/proc/$1/environ"; } 2>/dev/null | grep -qx "PROXYBENCH_RUN=$2"
}
# The pids the kit wrote down and every other process whose environment names the run: what those
# started inherits the name, and a child (the sampler's sleep) outlives a parent stopped while it waits.
pids_of() {
  {
    cat "$kit_dir/runs/$1/pids"
    grep -l -a -F "PROXYBENCH_RUN=$1" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3
  } | sort -un | while read -r pid; do
    if own "$pid" "$1"; then
      echo "$pid"
    fi
  done
}
for run_id in "$@"; do
  [ -f "$kit_dir/runs/$run_id/pids" ] || continue
  for pid in $(pids_of "$run_id"); do
    kill -TERM "$pid" 2>/dev/null && echo "stopped $run_id $pid"
  done
done
waited=0
for run_id in "$@"; do
  [ -f "$kit_dir/runs/$run_id/pids" ] || continue
  # read again: what a stopping process started meanwhile is waited for too
  for pid in $(pids_of "$run_id"); do
    while own "$pid" "$run_id" && [ "$waited" -lt 50 ]; do
      sleep 0.1
      waited=$((waited + 1))
    done
    if own "$pid" "$run_id"; then
      kill -KILL "$pid" 2>/dev/null && echo "killed $run_id $pid"
    fi
  done
done
for run_id in "$@"; do
  rm -rf "${kit_dir:?}/runs/$run_id"
done
