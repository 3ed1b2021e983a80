# Runs one role's command on a box for the kit: sh -c "$(cat run-role.sh)" pb RUN_DIR RUN_ID ROLE COMMAND...
# The command's pid goes to RUN_DIR/pids and RUN_DIR/ROLE.pid (the role's latest, for the sampler), and its environment carries PROXYBENCH_RUN=RUN_ID so that a
# later clean-up can tell it from an unrelated process that reused the pid. Without a terminal, ending
# the ssh client sends the command no signal: this shell watches its own parent (the ssh session) and
# stops the command once the session is gone.
run_dir=$1
run_id=$2
role=$3
shift 3
mkdir -p "$run_dir" || exit 125
# an asynchronous command's stdin would be /dev/null: keep the session's, for a command driven through it
exec 3<&0
PROXYBENCH_RUN=$run_id "$@" <&3 3<&- &
child=$!
echo "$child" >> "$run_dir/pids"
echo "$child" > "$run_dir/$role.pid"
read -r _ _ _ session _ < /proc/$$/stat
running() {
  state=
  read -r _ _ state _ 2>/dev/null < "/proc/$child/stat"
  [ -n "$state" ] && [ "$state" != Z ]
}
while running; do
  read -r _ _ _ parent _ < /proc/$$/stat
  if [ "$parent" != "$session" ]; then
    kill -TERM "$child" 2>/dev/null
    tries=0
    while running && [ "$tries" -lt 50 ]; do
      sleep 0.1
      tries=$((tries + 1))
    done
    kill -KILL "$child" 2>/dev/null
    break
  fi
  sleep 1
done
wait "$child"
