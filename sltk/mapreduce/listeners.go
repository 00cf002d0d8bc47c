package mapreduce

import (
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// errNoProcNet: the system has no /proc/<pid>/net (not Linux), so listeners cannot be read.
var errNoProcNet = errors.New("no /proc/<pid>/net on this system")

// listeners returns the local addresses ("ip:port") of the TCP sockets in the listening state
// that process pid holds open, read from /proc (Linux): the socket inodes of /proc/pid/fd
// matched against /proc/pid/net/tcp and tcp6.
func listeners(pid int) ([]string, error) {
	proc := filepath.Join("/proc", strconv.Itoa(pid))
	if _, err := os.Stat(filepath.Join(proc, "net", "tcp")); err != nil {
		return nil, errNoProcNet
	}
	fds, err := os.ReadDir(filepath.Join(proc, "fd"))
	if err != nil {
		return nil, fmt.Errorf("listeners of process %d: %v", pid, err)
	}
	owned := map[string]bool{}
	for _, fd := range fds {
		link, err := os.Readlink(filepath.Join(proc, "fd", fd.Name()))
		if err == nil && strings.HasPrefix(link, "socket:[") {
			owned[strings.TrimSuffix(strings.TrimPrefix(link, "socket:["), "]")] = true
		}
	}
	var out []string
	for _, table := range []string{"tcp", "tcp6"} {
		b, err := os.ReadFile(filepath.Join(proc, "net", table))
		if err != nil {
			if table == "tcp6" && errors.Is(err, os.ErrNotExist) {
				continue // no IPv6 on this kernel
			}
			return nil, fmt.Errorf("listeners of process %d: %v", pid, err)
		}
		for _, line := range strings.Split(string(b), "\n")[1:] {
			f := strings.Fields(line)
			const listen = "0A"
			if len(f) < 10 || f[3] != listen || !owned[f[9]] {
				continue
			}
			addr, err := procAddr(f[1])
			if err != nil {
				return nil, fmt.Errorf("listeners of process %d: %s: %v", pid, table, err)
			}
			out = append(out, addr)
		}
	}
	return out, nil
}

// nonLoopbackListeners returns the listening addresses of process pid that are not loopback.
func nonLoopbackListeners(pid int) ([]string, error) {
	all, err := listeners(pid)
	if err != nil {
		return nil, err
	}
	var open []string
	for _, a := range all {
		host, _, _ := net.SplitHostPort(a)
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			open = append(open, a)
		}
	}
	return open, nil
}

// procAddr decodes /proc/net/tcp's "HEXIP:HEXPORT": the address is stored as 32-bit words in
// the host's (little-endian) byte order, the port big-endian.
func procAddr(s string) (string, error) {
	ipHex, portHex, ok := strings.Cut(s, ":")
	raw, err := hex.DecodeString(ipHex)
	if !ok || err != nil || (len(raw) != 4 && len(raw) != 16) {
		return "", fmt.Errorf("bad address %q", s)
	}
	port, err := strconv.ParseUint(portHex, 16, 16)
	if err != nil {
		return "", fmt.Errorf("bad port in %q", s)
	}
	ip := make(net.IP, len(raw))
	for w := 0; w < len(raw); w += 4 {
		for k := 0; k < 4; k++ {
			ip[w+k] = raw[w+3-k]
		}
	}
	return net.JoinHostPort(ip.String(), strconv.Itoa(int(port))), nil
}
