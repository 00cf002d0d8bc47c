#!/usr/bin/python3
"""Run a command and fail if, while it runs, any TCP socket listens beyond loopback.

    listen-watch.py COMMAND [ARG...]

Polls /proc/net/tcp and /proc/net/tcp6 (the sockets of this network namespace: the command,
its kernels and every process they start, Beam's job server among them) every 50 ms until the
command ends. Prints every listening address seen; exits with the command's status, or 3 when
an address other than 127.0.0.0/8 or ::1 listened. Used by scripts/docker-test.sh around the
notebooks, which include chapter 7's Beam pipelines.
"""

import ipaddress
import subprocess
import sys
import time


def listening():
    """The local addresses of the sockets in state LISTEN, as ip:port strings."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except FileNotFoundError:
            continue
        for line in lines:
            f = line.split()
            if len(f) < 4 or f[3] != "0A":
                continue
            hexip, hexport = f[1].split(":")
            raw = bytes.fromhex(hexip)
            # 32-bit words in little-endian order, as the kernel writes them on x86 and arm64
            raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
            ip = ipaddress.ip_address(raw)
            if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
                ip = ip.ipv4_mapped
            out.add((str(ip), int(hexport, 16), ip.is_loopback))
    return out


def main():
    proc = subprocess.Popen(sys.argv[1:])
    seen = set()
    while proc.poll() is None:
        seen |= listening()
        time.sleep(0.05)
    seen |= listening()
    opened = sorted(a for a in seen if not a[2])
    print("listen-watch: listening while it ran: "
          + (", ".join(f"{ip}:{port}" for ip, port, _ in sorted(seen)) or "nothing"))
    if opened:
        print("listen-watch: FAIL: listening beyond loopback: "
              + ", ".join(f"{ip}:{port}" for ip, port, _ in opened), file=sys.stderr)
        return 3
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
