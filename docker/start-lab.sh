#!/bin/sh
# Start the lab in the container: the classic Jupyter Notebook on port 8888 of all the
# container's interfaces, on the repository's notebooks, behind a token. The token is
# JUPYTER_TOKEN when set (it must not be empty), otherwise a random one that Jupyter prints
# in the log with the URL to open. Refuses to run as root.
set -eu
if [ "$(id -u)" -eq 0 ]; then
  echo "start-lab: refusing to run as root; run the image as its own user (lab)" >&2
  exit 1
fi
if [ "${JUPYTER_TOKEN+set}" = set ] && [ -z "$JUPYTER_TOKEN" ]; then
  echo "start-lab: JUPYTER_TOKEN is empty; set a token or leave it unset for a random one" >&2
  exit 1
fi
# tools/lab-config/custom/custom.js: the shim that lets GoNB's widgets connect (as make lab).
export JUPYTER_CONFIG_DIR="$HOME/sltk/tools/lab-config"
exec jupyter notebook --no-browser --ip=0.0.0.0 --port=8888 \
  --notebook-dir="${SLTK_NOTEBOOKS:-$HOME/sltk/notebooks}" \
  --NotebookApp.password='' --NotebookApp.allow_password_change=False "$@"
