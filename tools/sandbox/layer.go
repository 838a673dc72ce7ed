package sandbox

import (
	"os"
	"strconv"
	"sync"
)

// layerUpper is the upper directory's name in a layer's file system.
const layerUpper = "upper"

// Layer is the upper layer of a held command (Options.Hold): the files
// it created or changed in its root, whiteouts (character devices 0:0)
// for what it deleted, opaque directories (the user.overlay.opaque
// attribute) for directories it made anew, as overlayfs keeps them. It
// lives in memory, outside every directory tree, until Close.
type Layer struct {
	f    *os.File
	once sync.Once
}

// Upper is the path of the layer's upper directory, for this process
// only (it goes through /proc/self/fd). It stays valid until Close.
func (l *Layer) Upper() string {
	return "/proc/self/fd/" + strconv.Itoa(int(l.f.Fd())) + "/" + layerUpper
}

// Full says whether the layer ran out of space or files, so that what it
// holds is not all the command meant to write.
func (l *Layer) Full() bool { return layerFull(l.Upper()) }

// Close releases the layer and the memory it holds. It is safe to call
// more than once.
func (l *Layer) Close() error {
	var err error
	l.once.Do(func() { err = l.f.Close() })
	return err
}
