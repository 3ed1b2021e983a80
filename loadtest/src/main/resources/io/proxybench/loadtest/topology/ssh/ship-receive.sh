# Receives one file on stdin, replacing FILE only once it is complete, its directory made first:
# sh -c "$(cat ship-receive.sh)" pb FILE
mkdir -p "$(dirname "$1")" && cat > "$1.part" && mv -f "$1.part" "$1"
