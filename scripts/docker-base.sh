#!/usr/bin/env bash
# Make the base images that docker/Dockerfile starts FROM available to the container engine.
#   scripts/docker-base.sh ENGINE...      e.g. scripts/docker-base.sh podman --runtime runc
# An image already present is kept. A missing one is pulled; when no registry answers, it is
# built here: Debian 12 by debootstrap from the apt mirror this machine is configured with, and
# the Go image from that plus this machine's Go toolchain (/usr/local/go or `go env GOROOT`),
# both tagged with the names the Dockerfile's FROM lines use.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
engine=("$@")
((${#engine[@]})) || { echo "usage: $0 ENGINE [FLAGS...]" >&2; exit 2; }

debian_image=docker.io/library/debian:bookworm
go_image=$(awk '/^FROM /{print $2; exit}' "$root/docker/Dockerfile")

have() { "${engine[@]}" image inspect "$1" >/dev/null 2>&1; }
pull() { timeout 120 "${engine[@]}" pull -q "$1" >/dev/null 2>&1; }

# Both are FROM lines: the Go image for the stages that build, Debian 12 for the lab itself.
ready() { have "$1" && return 0; echo "docker-base: $1 is not here; trying to pull it"; pull "$1"; }
go_ready=0 debian_ready=0
ready "$go_image" && go_ready=1
ready "$debian_image" && debian_ready=1
((go_ready && debian_ready)) && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
work=$(mktemp -d "${TMPDIR:-/tmp}/sltk-base.XXXXXX")
trap '$sudo rm -rf "$work"' EXIT

if ((!debian_ready)); then
  command -v debootstrap >/dev/null || {
    echo "docker-base: installing debootstrap"
    $sudo apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  }
  # The mirror apt uses here: deb822 sources first, then the one-line format.
  mirror=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1)
  [ -n "$mirror" ] ||
    mirror=$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print $2}' |
      grep -v security | head -1)
  mirror=${mirror:-http://deb.debian.org/debian}
  echo "docker-base: debootstrap Debian 12 (bookworm) from $mirror"
  $sudo debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
    tail -20 "$work/debootstrap.log" >&2; exit 1; }
  # apt in the image uses the same sources as this machine (updates and security included).
  if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
    $sudo rm -f "$work/rootfs/etc/apt/sources.list"
    $sudo cp /etc/apt/sources.list.d/*.sources "$work/rootfs/etc/apt/sources.list.d/"
  fi
  $sudo rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  $sudo tar -C "$work/rootfs" -c . | "${engine[@]}" import \
    --change 'CMD ["/bin/bash"]' --change 'ENV LANG=C.UTF-8' - "$debian_image" >/dev/null
  echo "docker-base: tagged $debian_image"
fi

((go_ready)) && exit 0
echo "docker-base: no registry serves $go_image; building it locally"
goroot=/usr/local/go
[ -x "$goroot/bin/go" ] || goroot=$(go env GOROOT)
echo "docker-base: $go_image from $debian_image and the Go toolchain in $goroot ($("$goroot/bin/go" env GOVERSION))"
cat >"$work/Dockerfile" <<EOF
FROM $debian_image
COPY go /usr/local/go
ENV GOLANG_VERSION=$("$goroot/bin/go" env GOVERSION | sed 's/^go//') GOTOOLCHAIN=local GOPATH=/go \
    PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      ca-certificates >/dev/null && rm -rf /var/lib/apt/lists/* && \
    mkdir -p /go/bin /go/src && chmod -R 1777 /go
WORKDIR /go
EOF
mkdir -p "$work/ctx"
cp -a "$goroot" "$work/ctx/go"
rm -rf "$work/ctx/go/pkg/obj" "$work/ctx/go/.git"
"${engine[@]}" build -q -t "$go_image" -f "$work/Dockerfile" "$work/ctx" >/dev/null
echo "docker-base: tagged $go_image"
