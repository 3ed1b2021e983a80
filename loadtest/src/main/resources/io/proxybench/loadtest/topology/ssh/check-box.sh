# Reports what a run needs of this box, one "what value" line each, for the kit to judge:
# sh -c "$(cat check-box.sh)" pb j:JAVA... x:EXECUTABLE... r:FILE...
# (JAVA: a path, or a command looked up on the login's PATH)
for arg in "$@"; do
  path=${arg#?:}
  case "$arg" in
    j:*)
      found=$(command -v "$path" 2>/dev/null)
      if [ -n "$found" ] && [ -x "$found" ]; then
        echo "java $("$found" -version 2>&1 | head -n 1)"
      else
        echo "nojava $path"
      fi
      continue ;;
  esac
  case "$arg" in
    x:*) [ -x "$path" ] && echo "file $path ok" || echo "file $path missing" ;;
    *) [ -r "$path" ] && echo "file $path ok" || echo "file $path missing" ;;
  esac
  case "$arg" in
    x:*/java) [ -x "$path" ] && echo "java $("$path" -version 2>&1 | head -n 1)" ;;
  esac
done
# shellcheck disable=SC3045  # dash, bash and busybox sh all have ulimit -n
echo "nofile $(ulimit -n)"
for key in net/core/somaxconn net/ipv4/tcp_max_syn_backlog net/ipv4/ip_local_port_range; do
  if [ -r "/proc/sys/$key" ]; then
    echo "sysctl $key $(cat "/proc/sys/$key")"
  fi
done
echo "cores $(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)"
echo "clock $(date +%s%N)"
