#!/usr/bin/env bash
# make docker-test: build the lab image and test it the way a user meets it.
#   1. the container engine: Docker when its daemon answers, else Podman (installed from
#      Debian's packages when neither is there), with the settings this machine kind needs;
#   2. the base images (scripts/docker-base.sh: pulled, or built here when no registry answers);
#   3. the image (docker/Dockerfile), its size (at most 2 GB) and its user (not root; the start
#      script refuses root);
#   4. the lab container on a free loopback port: a token is printed, and no request without
#      it (or with a wrong one) gets past the login page; every process runs as a non-root user;
#   5. the notebook page in headless Chromium on the host against the container (tools/labtest
#      -live: its cells run, and a live figure's GoNB slider moved in the page redraws the figure
#      with the numbers of a native run of the registry on the host), and a report downloaded
#      through the lab's exporter sltk_report, checked in Chromium;
#   6. the first code cell of each notebook of the repository within 5 s, then every notebook
#      whole, headless inside a container with the network off.
# Containers are removed at the end, also on failure or interrupt. SLTK_DOCKER_LAB_ONLY=1 runs
# steps 3 (without building: the image must exist), 4 and 5 only, against the image as it is.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
image=${SLTK_IMAGE:-localhost/sltk-lab:latest}
max_bytes=$((2 * 1000 * 1000 * 1000))
# The first cell of a notebook runs within 5 s on a machine that is not busy; on a loaded one
# (load average well above the core count) set SLTK_FIRST_CELL_LIMIT higher.
first_cell_limit=${SLTK_FIRST_CELL_LIMIT:-5}
lab_only=${SLTK_DOCKER_LAB_ONLY:-}
tag="sltk-lab-test-$$"
t0=$(date +%s)
step() { echo "docker-test [$(($(date +%s) - t0)) s]: $*"; }
die() { echo "docker-test: FAIL: $*" >&2; exit 1; }

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

# 1. The engine.
engine=()
if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  engine=(docker)
else
  if ! command -v podman >/dev/null; then
    step "neither a Docker daemon nor Podman: installing Podman from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq podman runc >/dev/null
  fi
  command -v runc >/dev/null || $sudo apt-get install -y -qq runc >/dev/null
  # runc (crun cannot set the default rlimits under cgroups v1) and no default ulimits: a
  # configuration of our own, so the machine's /etc/containers stays as it is.
  mkdir -p build
  printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n' >build/containers.conf
  export CONTAINERS_CONF="$root/build/containers.conf"
  engine=(podman --runtime runc)
fi
build_flags=()
if [ "${engine[0]}" = podman ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  # TLS to the module proxy may be intercepted: the stages that fetch modules trust the host's
  # CA bundle, mounted beside the image's own certificates (over them, Debian's ca-certificates
  # package would fail to install).
  build_flags=(-v /etc/ssl/certs:/etc/ssl/host-certs:ro
    --build-arg SSL_CERT_FILE=/etc/ssl/host-certs/ca-certificates.crt)
fi
step "engine: ${engine[*]} ($("${engine[@]}" --version))"

cleanup() { # one name at a time: Podman 4.3 removes none when one of several is missing
  local c
  for c in "$tag-lab" "$tag-open" "$tag-nb"; do "${engine[@]}" rm -f "$c" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "$lab_only" ]; then
  # 2. Base images.
  scripts/docker-base.sh "${engine[@]}"

  # 3. The image.
  step "building $image from docker/Dockerfile"
  old=$("${engine[@]}" image inspect --format '{{.Id}}' "$image" 2>/dev/null) || old=""
  "${engine[@]}" build "${build_flags[@]}" -f docker/Dockerfile -t "$image" . >build/docker-build.log 2>&1 ||
    { tail -40 build/docker-build.log >&2; die "the image did not build (log: build/docker-build.log)"; }
  new=$("${engine[@]}" image inspect --format '{{.Id}}' "$image")
  if [ -n "$old" ] && [ "$old" != "$new" ]; then "${engine[@]}" rmi "$old" >/dev/null 2>&1 || true; fi
else
  "${engine[@]}" image inspect "$image" >/dev/null 2>&1 || die "SLTK_DOCKER_LAB_ONLY: no image $image"
  step "lab only: testing $image as it is (not built again)"
fi
size=$("${engine[@]}" image inspect --format '{{.Size}}' "$image")
step "image size: $((size / 1000000)) MB (limit $((max_bytes / 1000000)) MB)"
((size <= max_bytes)) || die "the image is $((size / 1000000)) MB, over the limit"
user=$("${engine[@]}" image inspect --format '{{.Config.User}}' "$image")
case "$user" in "" | root | 0 | 0:*) die "the image runs as root (User=\"$user\")" ;; esac
if "${engine[@]}" run --rm --name "$tag-lab" --user 0 "$image" >/dev/null 2>&1; then
  die "the lab started as root (--user 0); the start script must refuse"
fi
step "the image's user is $user; started as root, the lab refuses: ok"

# 4. The lab container, its token and its user.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Without the token, or with a wrong one, every request must be refused (401/403) or end, after
# its redirects, at the login page; with it, the API answers.
check_token() { # base token
  local base=$1 token=$2 p out code url
  local paths=(/ /tree /notebooks/00-getting-started.ipynb /edit/00-getting-started.ipynb
    /files/00-getting-started.ipynb /view/00-getting-started.ipynb /terminals/1 /api/contents
    /api/contents/00-getting-started.ipynb /api/kernels /api/sessions /api/kernelspecs
    /api/terminals /api/config/notebook /nbconvert/html/00-getting-started.ipynb)
  for p in "${paths[@]}"; do
    for q in "" "?token=not-the-token"; do
      out=$(curl -s -L --max-redirs 5 -o /dev/null -w '%{http_code} %{url_effective}' "$base$p$q")
      code=${out%% *} url=${out#* }
      [[ "$code" == 401 || "$code" == 403 || ("$code" == 200 && "$url" == "$base/login"*) ]] ||
        die "GET $p$q without a valid token answered $code at $url"
    done
  done
  for p in /api/kernels /api/sessions /api/contents; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d '{}' "$base$p")
    [[ "$code" == 401 || "$code" == 403 ]] || die "POST $p without a token answered $code"
  done
  curl -fs -o /dev/null "$base/login" || die "the login page is not served"
  code=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/contents?token=$token")
  [ "$code" = 200 ] || die "with the token, /api/contents answered $code"
  echo "${#paths[@]} pages and APIs (and 3 POSTs) refused without it or with a wrong one"
}

# Every process in the container runs as a non-root user.
check_not_root() { # container
  local uids u
  uids=$("${engine[@]}" exec "$1" sh -c \
    'for s in /proc/[0-9]*/status; do awk "/^Uid:/{print \$2}" "$s" 2>/dev/null; done' | sort -u | tr '\n' ' ')
  [ -n "$uids" ] || die "could not read the users of the processes in $1"
  for u in $uids; do [ "$u" != 0 ] || die "a process in the container runs as root (uids: $uids)"; done
  echo "uid $uids"
}

wait_up() { # url
  for _ in $(seq 240); do curl -fs -o /dev/null "$1" && return 0; sleep 0.5; done
  return 1
}

port=$(free_port)
"${engine[@]}" run -d --name "$tag-lab" -p "127.0.0.1:$port:8888" "$image" >/dev/null
base="http://127.0.0.1:$port"
token=""
for _ in $(seq 240); do
  token=$("${engine[@]}" logs "$tag-lab" 2>&1 | grep -o 'token=[0-9a-f]*' | head -1 | cut -d= -f2) || true
  [ -n "$token" ] && break
  sleep 0.5
done
[ -n "$token" ] && wait_up "$base/api/status?token=$token" ||
  { "${engine[@]}" logs "$tag-lab" 2>&1 | tail -20 >&2; die "no token in the lab's log, or no answer"; }
step "the lab answers on $base; its log prints the URL with a token of ${#token} characters"
msg=$(check_token "$base" "$token")
step "token: $msg, served with it: ok"
msg=$(check_not_root "$tag-lab")
step "processes in the lab container: $msg(not root): ok"

# The two checks must catch a lab that is open and runs as root.
port2=$(free_port)
"${engine[@]}" run -d --name "$tag-open" -p "127.0.0.1:$port2:8888" --user 0 --entrypoint jupyter \
  "$image" notebook --no-browser --ip=0.0.0.0 --port=8888 --allow-root --NotebookApp.token= \
  --notebook-dir=/home/lab/sltk/notebooks >/dev/null
wait_up "http://127.0.0.1:$port2/api/status" || die "the open lab for the self-test did not start"
if msg=$( (check_token "http://127.0.0.1:$port2" "") 2>&1); then
  die "the token check passed a lab without a token"
fi
step "self-test: a lab without a token is caught (${msg#docker-test: FAIL: })"
if msg=$( (check_not_root "$tag-open") 2>&1); then
  die "the user check passed a lab running as root"
fi
step "self-test: a lab running as root is caught (${msg#docker-test: FAIL: })"
"${engine[@]}" rm -f "$tag-open" >/dev/null

# 5. The notebook page in Chromium against the container.
(cd tools/labtest && go build -o "$root/.tools/bin/labtest" .)
msg=$(.tools/bin/labtest -url "$base/" -token "$token" -live -root "$root" \
  -screenshot build/screenshots/docker-getting-started.png 00-getting-started.ipynb 2>&1) ||
  { echo "$msg" >&2; die "the notebook page in the container"; }
echo "$msg"
grep -q "live figure redrawn by its GoNB slider" <<<"$msg" ||
  die "labtest -live did not report the live figure's slider in the container"
step "a live figure's GoNB slider moved in the container's lab: redrawn with the native numbers"

# 5b. The report from the lab: the exporter is listed, and a notebook of a reader's own (the test
# notebook of tools/report.py, executed in the container) downloads as a report that shows its
# math and its figure in Chromium on the host with the network off.
curl -fs "$base/api/nbconvert?token=$token" | grep -q '"sltk_report"' ||
  die "the lab does not list the exporter sltk_report (GET /api/nbconvert)"
"${engine[@]}" exec -i "$tag-lab" sh -c 'cat >/tmp/report-homework.ipynb' <tools/testdata/report-homework.ipynb
"${engine[@]}" exec "$tag-lab" python3 tools/nbrun.py --root /tmp --executed-dir notebooks/report-test \
  /tmp/report-homework.ipynb || die "the report's test notebook did not run in the container"
code=$(curl -s -o build/docker-report.html -w '%{http_code}' \
  "$base/nbconvert/sltk_report/report-test/report-homework.ipynb?download=true&token=$token")
[ "$code" = 200 ] || { head -c 600 build/docker-report.html >&2; die "GET /nbconvert/sltk_report/... answered $code"; }
msg=$(/usr/bin/python3 tools/report.py --check build/docker-report.html \
  tools/testdata/report-homework.ipynb) ||
  { echo "$msg" >&2; die "the report downloaded from the lab (build/docker-report.html)"; }
step "File → Download as → sltk report: $(($(stat -c %s build/docker-report.html) / 1000)) kB; ${msg#report check: }"
"${engine[@]}" rm -f "$tag-lab" >/dev/null
if [ -n "$lab_only" ]; then
  step "lab only: done (image $image, $((size / 1000000)) MB); the notebooks were not run"
  exit 0
fi

# 6. Every notebook, headless, network off, each in a fresh container. The list is found
# inside the image, so new notebooks are picked up.
notebooks='find notebooks -name "*.ipynb" -not -path "*/.ipynb_checkpoints/*" | sort'

# First, the first code cell of each notebook in a new kernel, timed on the client's clock.
step "the first code cell of every notebook, network off (limit $first_cell_limit s; load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
status=0
"${engine[@]}" run -i --name "$tag-nb" --network none "$image" sh -c \
  "cat >/tmp/first-cell.py && $notebooks | xargs python3 /tmp/first-cell.py $first_cell_limit" <<'EOF' || status=$?
import os, sys, time
import nbformat
from nbclient import NotebookClient
limit, worst, slow = float(sys.argv[1]), 0.0, []
for path in sys.argv[2:]:
    nb = nbformat.read(path, as_version=4)
    i, cell = next((i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code")
    client = NotebookClient(nb, kernel_name="gonb", timeout=120, startup_timeout=120,
                            resources={"metadata": {"path": os.path.dirname(path)}})
    with open(os.devnull, "w") as log, client.setup_kernel(stdout=log, stderr=log):
        t = time.monotonic()
        client.execute_cell(cell, i)
        s = time.monotonic() - t
    worst = max(worst, s)
    print(f"  {s:4.1f} s  {path}", flush=True)
    if s > limit:
        slow.append(path)
print(f"docker-test: first code cell at most {worst:.1f} s over {len(sys.argv) - 2} notebooks")
sys.exit(1 if slow else 0)
EOF
"${engine[@]}" rm -f "$tag-nb" >/dev/null
[ $status -eq 0 ] || die "a first code cell took longer than $first_cell_limit s (or failed)"

# Then every notebook whole; executed copies go to build/docker/ for a look.
step "running every notebook in the image with --network none"
rm -rf build/docker && mkdir -p build/docker && chmod 777 build/docker
status=0
# docker/listen-watch.py watches the container's listening sockets meanwhile (chapter 7 runs
# Beam's job server): one that is not on loopback fails the run (status 3).
"${engine[@]}" run --name "$tag-nb" --network none -v "$root/build/docker:/out" "$image" sh -c \
  "$notebooks | xargs python3 docker/listen-watch.py python3 tools/nbrun.py --executed-dir /out/executed --kernel-log /out/kernel.log" ||
  status=$?
"${engine[@]}" rm -f "$tag-nb" >/dev/null
[ $status -ne 3 ] || die "a notebook's process listened beyond loopback in the container (see listen-watch above)"
[ $status -eq 0 ] || die "a notebook failed in the container with the network off (kernel log: build/docker/kernel.log)"
step "done: image $image, $((size / 1000000)) MB; all checks passed"
