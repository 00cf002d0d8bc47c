#!/usr/bin/env bash
# Install what sltk needs, only what is missing; a second run does nothing and takes seconds.
#   - Debian packages: Jupyter (classic notebook, nbconvert, nbclient), scikit-learn for
#     `make bench`, MathJax and Chromium for the book and its browser test, poppler-utils to number
#     the contents of the book's PDF and to check it, pypdf to join it with bookmarks and links.
#   - GoNB, goimports and gopls built from the versions pinned in tools/go.mod into .tools/bin.
#   - The GoNB kernel installed into the project-local Jupyter data dir (.jupyter), with -go_work
#     pointing at this repository and its nested module sltk/mapreduce, so notebooks import sltk
#     (and sltk/mapreduce) directly and a user's own Jupyter set-up is left alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

apt_packages=(jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-sklearn
  libjs-mathjax chromium poppler-utils python3-pypdf dataset-fashion-mnist python3-torch
  wamerican)

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then sudo=""
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"
  elif command -v sudo >/dev/null; then sudo="sudo"; echo "setup: sudo will ask for your password"
  else
    echo "setup: need root or sudo to run: apt-get install ${missing[*]}" >&2
    echo "setup: install them by hand (Debian/Ubuntu), then run make again" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null; then
    echo "setup: apt-get not found; this set-up expects Debian or Ubuntu. Install the equivalents of: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Go tools, rebuilt when tools/go.mod or go.sum changed.
stamp=.tools/stamp
want=$(cat tools/go.mod tools/go.sum | sha256sum | cut -c1-16)
if [ ! -x .tools/bin/gonb ] || [ ! -x .tools/bin/goimports ] || [ ! -x .tools/bin/gopls ] ||
  [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: building GoNB, goimports and gopls (pinned in tools/go.mod)"
  mkdir -p .tools/bin
  (cd tools && go build -o ../.tools/bin/ github.com/janpfeifer/gonb golang.org/x/tools/cmd/goimports golang.org/x/tools/gopls)
  echo "$want" >"$stamp"
fi

# The kernel: reinstalled when missing or pointing at another checkout.
export JUPYTER_DATA_DIR="$root/.jupyter" PATH="$root/.tools/bin:$PATH"
kernel=.jupyter/kernels/gonb/kernel.json
# GoNB writes its own go.work per notebook with these modules (a go.work in the repository is not
# read): the core module and the nested sltk/mapreduce module, which carries Beam's dependencies.
gowork="$root,$root/sltk/mapreduce"
if ! grep -q -- "-go_work=$gowork\"" "$kernel" 2>/dev/null || ! grep -q "\"$root/.tools/bin/gonb\"" "$kernel"; then
  echo "setup: installing the GoNB kernel into .jupyter (go_work=$gowork)"
  gonb --install -go_work="$gowork" >/dev/null 2>&1 || gonb --install -go_work="$gowork"
fi
