# Lists the kit's runs with state on this box, one line each: RUN_ID KIT_HOST KIT_PID
# sh -c "$(cat list-runs.sh)" pb KIT_DIR
for f in "$1"/runs/*/kit; do
  [ -f "$f" ] || continue
  run_dir=${f%/kit}
  printf '%s %s\n' "${run_dir##*/}" "$(cat "$f")"
done
