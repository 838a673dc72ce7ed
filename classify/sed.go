package classify

import "strings"

// sedScan is what a sed script does beyond editing text.
type sedScan struct {
	exec   bool     // runs shell commands: the e command or the s///e flag
	cmds   []string // the commands of "e COMMAND", which can be judged
	writes []string // files written by w, W or s///w
	reads  []string // files read by r and R
	ok     bool     // the script was understood
}

// scanSed reads a GNU sed script well enough to find the commands that run
// programs or write files. What it cannot follow is reported as not ok.
func scanSed(s string) sedScan {
	r := sedScan{ok: true}
	i := 0
	eol := func() string {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		v := s[i : i+j]
		i += j
		return strings.TrimSpace(v)
	}
	// delimited skips a delimited part starting after its opening delimiter.
	delimited := func(d byte) bool {
		for i < len(s) {
			switch s[i] {
			case '\\':
				i += 2
				continue
			case d:
				i++
				return true
			case '\n':
				if d != '\n' {
					return false
				}
			}
			i++
		}
		return false
	}
	for i < len(s) {
		for i < len(s) && strings.IndexByte(" \t\n;", s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			break
		}
		if s[i] == '#' {
			eol()
			continue
		}
		// Addresses: numbers, $, /re/, \cREc, first~step, addr,+N.
		for n := 0; n < 2 && i < len(s); n++ {
			switch {
			case s[i] >= '0' && s[i] <= '9' || s[i] == '$' || s[i] == '+' || s[i] == '~':
				for i < len(s) && strings.IndexByte("0123456789$+~", s[i]) >= 0 {
					i++
				}
			case s[i] == '/':
				i++
				if !delimited('/') {
					r.ok = false
					return r
				}
			case s[i] == '\\' && i+1 < len(s):
				d := s[i+1]
				i += 2
				if !delimited(d) {
					r.ok = false
					return r
				}
			}
			for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
				i++
			}
			if i < len(s) && s[i] == ',' {
				i++
				continue
			}
			break
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '!') {
			i++
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		i++
		switch c {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'x', 'n', 'N', 'p', 'P', 'z', 'F':
		case 'q', 'Q', 'l', 'L':
			for i < len(s) && (s[i] == ' ' || s[i] >= '0' && s[i] <= '9') {
				i++
			}
		case 'a', 'i', 'c':
			// Text to the end of the line, continued by a trailing backslash.
			for {
				line := eol()
				if !strings.HasSuffix(line, "\\") || i >= len(s) {
					break
				}
				i++
			}
		case ':', 'b', 't', 'T', 'v':
			for i < len(s) && s[i] != '\n' && s[i] != ';' && s[i] != '}' {
				i++
			}
		case 'r', 'R':
			r.reads = append(r.reads, eol())
		case 'w', 'W':
			r.writes = append(r.writes, eol())
		case 'e':
			r.exec = true
			if cmd := eol(); cmd != "" {
				r.cmds = append(r.cmds, cmd)
			}
		case 's', 'y':
			if i >= len(s) {
				r.ok = false
				return r
			}
			d := s[i]
			i++
			if d == '\n' || d == '\\' || !delimited(d) || !delimited(d) {
				r.ok = false
				return r
			}
			if c == 'y' {
				continue
			}
			for i < len(s) {
				f := s[i]
				switch {
				case f == 'e':
					r.exec = true
				case f == 'w':
					i++
					r.writes = append(r.writes, eol())
					continue
				case strings.IndexByte("gpiImM0123456789", f) >= 0:
				default:
					goto next
				}
				i++
			}
		next:
			continue
		default:
			r.ok = false
			return r
		}
	}
	return r
}
