# Receives one file on stdin, replacing FILE only once it is complete:
# sh -c "$(cat ship-receive.sh)" pb FILE
cat > "$1.part" && mv -f "$1.part" "$1"
