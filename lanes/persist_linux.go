//go:build linux

package lanes

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// errPseudoFS is the cause when a stored calibration's path leads into
// a file system whose files the kernel makes up on read.
var errPseudoFS = errors.New("on a pseudo file system")

// pseudoFS names the Linux file systems whose regular-looking files are
// the kernel's interfaces, not stored bytes: reading one can wait for
// an event (/proc/kmsg), drain a queue or have effects, so a
// calibration path leading into one is refused before a byte is read.
// tmpfs is not here: a cache directory may well live on it.
var pseudoFS = map[int64]string{
	0x9fa0:     "procfs",
	0x62656572: "sysfs",
	0x64626720: "debugfs",
	0x74726163: "tracefs",
	0x73636673: "securityfs",
	0x27e0eb:   "cgroup",
	0x63677270: "cgroup2",
	0xcafe4a11: "bpffs",
	0x62656570: "configfs",
	0x6165676c: "pstore",
	0xde5e81e4: "efivarfs",
	0xf97cff8c: "selinuxfs",
	0x43415d53: "smackfs",
	0x42494e4d: "binfmt_misc",
}

// ordinaryFS refuses f when it lies on a pseudo file system; a file
// system that cannot be asked is not refused here (the bounded read
// still protects the caller).
func ordinaryFS(f *os.File) error {
	// Through SyscallConn, not f.Fd(): Fd would put the descriptor
	// back in blocking mode and lose its read deadline.
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	var st syscall.Statfs_t
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.Fstatfs(int(fd), &st) }); err != nil || serr != nil {
		return nil
	}
	if name, ok := pseudoFS[int64(st.Type)]; ok {
		return fmt.Errorf("%w (%s)", errPseudoFS, name)
	}
	return nil
}
