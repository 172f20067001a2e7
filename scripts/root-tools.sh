# Sourced by scripts/test-debian13.sh and scripts/test-deb.sh after they
# define say(): both build Debian roots with debootstrap and run in them
# under bubblewrap, as root. $1: the make target, for the message.
need_root_tools() {
    if [ "$(id -u)" != 0 ]; then
        say "needs root (debootstrap and bubblewrap's mounts); run: sudo make $1"
        exit 1
    fi
    missing=""
    command -v debootstrap >/dev/null 2>&1 || missing="$missing debootstrap"
    command -v bwrap >/dev/null 2>&1 || missing="$missing bubblewrap"
    if [ -n "$missing" ]; then
        say "installing$missing"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # shellcheck disable=SC2086
        apt-get install -y -qq $missing >/dev/null
    fi
}
