//go:build !unix

package cmd

import (
	"os"
	"time"
)

// inputArrives reports true: without poll(2), stdin is read as it comes.
func inputArrives(*os.File, time.Duration) bool { return true }
