# Streams one line of the box's figures a second until the ssh session ends:
# sh -c "$(cat sample-box.sh)" pb RUN_DIR INTERFACE
# t=<epoch ms> cpu=<user,nice,system,idle,iowait,irq,softirq,steal> ctxt=N run=N load1=X memfree=<kB>
# rx=<bytes> tx=<bytes> and <role>=<pid>,<utime+stime ticks>,<rss kB>,<threads>,<stime ticks> for each
# role's process.
run_dir=$1
iface=$2
while :; do
  line="t=$(date +%s%3N)"
  line="$line $(awk '/^cpu /{printf "cpu=%s,%s,%s,%s,%s,%s,%s,%s", $2, $3, $4, $5, $6, $7, $8, $9}
    /^ctxt /{printf " ctxt=%s", $2} /^procs_running /{printf " run=%s", $2}' /proc/stat)"
  read -r load1 _ < /proc/loadavg
  line="$line load1=$load1"
  line="$line $(awk '/^MemAvailable:/{printf "memfree=%s", $2}' /proc/meminfo)"
  line="$line $(awk -v name="$iface" '{ sub(/^ +/, ""); split($0, parts, ":") }
    parts[1] == name { split(parts[2], f, " "); printf "rx=%s tx=%s", f[1], f[9] }' /proc/net/dev)"
  for file in "$run_dir"/*.pid; do
    [ -f "$file" ] || continue
    role=${file##*/}
    role=${role%.pid}
    [ "$role" = sampler ] && continue
    read -r pid < "$file"
    [ -r "/proc/$pid/stat" ] || continue
    line="$line $(awk -v role="$role" -v pid="$pid" 'FNR == 1 && FILENAME ~ /stat$/ {
        sub(/.*\) /, ""); split($0, f, " "); ticks = f[12] + f[13]; sys = f[13] }
      /^VmRSS:/ { rss = $2 } /^Threads:/ { threads = $2 }
      END { printf "%s=%s,%s,%s,%s,%s", role, pid, ticks, rss + 0, threads + 0, sys }' "/proc/$pid/stat" "/proc/$pid/status" 2>/dev/null)"
  done
  echo "$line" || exit 0
  sleep 1
done
