//go:build unix

package cmd

import (
	"os"
	"testing"
)

// inputArrives answers without reading: input waiting and a closed writer
// are both worth a read; an open, empty pipe is not, once the grace ends.
func TestInputArrives(t *testing.T) {
	tests := []struct {
		name  string
		write string
		close bool
		want  bool
	}{
		{"input is waiting", "log line\n", false, true},
		{"the writer closed it empty", "", true, true},
		{"input and the end", "log\n", true, true},
		{"open and empty", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			defer w.Close()
			if tt.write != "" {
				w.WriteString(tt.write)
			}
			if tt.close {
				w.Close()
			}
			if got := inputArrives(r, 0); got != tt.want {
				t.Errorf("inputArrives = %v, want %v", got, tt.want)
			}
			if tt.write != "" {
				buf := make([]byte, len(tt.write))
				if n, _ := r.Read(buf); string(buf[:n]) != tt.write {
					t.Errorf("after the check the pipe holds %q, want %q untouched", buf[:n], tt.write)
				}
			}
		})
	}
}
