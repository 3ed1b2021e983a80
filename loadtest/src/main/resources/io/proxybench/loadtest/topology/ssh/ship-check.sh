# Says which of the kit's files a box already has, before the kit copies the others:
# sh -c "$(cat ship-check.sh)" pb DIR NAME...
# Creates DIR; prints "rsync yes" when rsync is installed, and "sum <sha256> <name>" for each NAME
# already in DIR (nothing for a missing one, or without sha256sum, so that it is copied).
dir=$1
shift
mkdir -p "$dir" || exit 125
command -v rsync >/dev/null 2>&1 && echo "rsync yes"
command -v sha256sum >/dev/null 2>&1 || exit 0
for name in "$@"; do
  if [ -f "$dir/$name" ]; then
    sum=$(sha256sum "$dir/$name" | cut -d ' ' -f 1)
    echo "sum $sum $name"
  fi
done
