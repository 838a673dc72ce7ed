package termsafe

import (
	"strings"
	"testing"
)

// colouredLog is a page of coloured command output, as go test -v or a
// linter prints it: the text the screen cleans most.
var colouredLog = strings.Repeat("\x1b[32m--- PASS\x1b[0m: TestParse/a_long_subtest_name (0.00s) \x1b[1mok\x1b[0m\n", 200)

func BenchmarkText(b *testing.B) {
	b.SetBytes(int64(len(colouredLog)))
	for b.Loop() {
		Text(colouredLog)
	}
}

func BenchmarkStreamInSmallPieces(b *testing.B) {
	b.SetBytes(int64(len(colouredLog)))
	for b.Loop() {
		var s Stream
		for i := 0; i < len(colouredLog); i += 7 {
			s.Write(colouredLog[i:min(i+7, len(colouredLog))])
		}
		s.Flush()
	}
}
