package redact

import (
	"math"
	"strings"

	"github.com/agentcli/agent/internal/lazyre"
)

// keyMarker matches the armour lines of private keys of every kind: PEM
// ("-----BEGIN RSA PRIVATE KEY-----", EC, DSA, OPENSSH, PKCS#8 "PRIVATE
// KEY", "ENCRYPTED PRIVATE KEY"), OpenPGP ("PGP PRIVATE KEY BLOCK") and
// the SSH.com format ("---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----").
var keyMarker = lazyre.New(`-{4,5} ?(BEGIN|END) [A-Z0-9 ]*PRIVATE KEY[A-Z ]*?-{4,5}`)

// openSSHMagic is "openssh-key-v1\x00" in base64: the first line of the
// body of every OpenSSH private key.
const openSSHMagic = "b3BlbnNzaC1rZXktdjE"

// redactKeys replaces the body of every private key in s, keeping its
// armour lines. Text is often seen in pieces (a line at a time, the head
// and tail of long output), so a piece with a BEGIN and no END is
// redacted to its end, a piece with an END and no BEGIN from its start,
// and a piece with neither loses its lines that look like key material.
func redactKeys(s string) string {
	if strings.Contains(s, "PRIVATE KEY") {
		s = redactArmoured(s)
	}
	if len(s) >= 20 {
		s = redactKeyLines(s)
	}
	return s
}

// redactKeyLines masks the lines of s that are only base64 and look like
// key material.
func redactKeyLines(s string) string {
	return maskLines(s, func(line string) [][2]int {
		line = strings.TrimSuffix(line, "\r")
		if isBase64Line(line) && looksLikeKeyLine(line) {
			return [][2]int{{0, len(line)}}
		}
		return nil
	})
}

// maxKeyLine is the longest line of key armour looked at: PEM and PGP
// armour lines are 64 characters, OpenSSH's 70, MIME's 76.
const maxKeyLine = 128

// isBase64Line reports whether line is base64 with its padding, as long
// as a line of key armour can be.
func isBase64Line(line string) bool {
	if len(line) < 20 || len(line) > maxKeyLine {
		return false
	}
	body := strings.TrimRight(line, "=")
	if len(line)-len(body) > 2 {
		return false
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !(isLetter(c) || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return false
		}
	}
	return true
}

// redactArmoured handles the text between armour lines.
func redactArmoured(s string) string {
	marks := keyMarker().FindAllStringSubmatchIndex(s, -1)
	if len(marks) == 0 {
		return s
	}
	var b strings.Builder
	last := 0     // s[:last] is written
	open := false // inside a key: its body is not written
	for i, m := range marks {
		begin := s[m[2]:m[3]] == "BEGIN"
		switch {
		case begin && !open:
			b.WriteString(s[last:m[1]])
			last, open = m[1], true
		case !begin && open:
			b.WriteString(Mask)
			b.WriteString(s[m[0]:m[1]])
			last, open = m[1], false
		case !begin && i == 0 && m[0] > 0:
			// The piece starts inside a key whose BEGIN came before.
			b.WriteString(Mask)
			b.WriteString(s[m[0]:m[1]])
			last = m[1]
		}
	}
	if open {
		b.WriteString(Mask) // the END is in a later piece, or was cut off
	} else {
		b.WriteString(s[last:])
	}
	return b.String()
}

// looksLikeKeyLine tells key material from a long word: it starts an
// OpenSSH key, it is a padded last line of base64, or it mixes kinds of
// character (upper case, lower case, digits, "+" and "/") and is about as
// random as base64 of its length gets. A random line of key armour lacks
// one kind or another often enough that two must do.
func looksLikeKeyLine(line string) bool {
	if len(line) < 20 {
		return false
	}
	if strings.HasPrefix(line, openSSHMagic) {
		return true
	}
	if (len(line) == 64 || len(line) == 70) && hasClasses(line, 3) {
		return true // a full line of PEM or OpenSSH armour
	}
	if strings.HasSuffix(line, "=") && hasClasses(line, 2) {
		// The last line of a key's body, padded: long words and
		// identifiers do not end in "=", and a short random line is too
		// often below the entropy bound to be judged by it alone.
		return true
	}
	return hasClasses(line, 2) && entropy(line) >= min(4.0, 0.8*math.Log2(float64(len(line))))
}
