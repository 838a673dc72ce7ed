package redact

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base64"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

// privateKeys returns freshly generated private keys in every armoured
// format, by name.
func privateKeys(t testing.TB) map[string]string {
	t.Helper()
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	add := func(name string, b *pem.Block, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		keys[name] = string(pem.EncodeToMemory(b))
	}
	add("RSA PKCS#1", &pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(rsaKey)}, nil)
	pkcs8, err := x509.MarshalPKCS8PrivateKey(rsaKey)
	add("RSA PKCS#8", &pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}, err)
	sec1, err := x509.MarshalECPrivateKey(ecKey)
	add("EC SEC1", &pem.Block{Type: "EC PRIVATE KEY", Bytes: sec1}, err)
	ed8, err := x509.MarshalPKCS8PrivateKey(edKey)
	add("Ed25519 PKCS#8", &pem.Block{Type: "PRIVATE KEY", Bytes: ed8}, err)
	//lint:ignore SA1019 the legacy encrypted PEM format is what old keys look like
	enc, err := x509.EncryptPEMBlock(rand.Reader, "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rsaKey), []byte("pw"), x509.PEMCipherAES256) //nolint:staticcheck
	add("RSA encrypted (Proc-Type)", enc, err)
	// PKCS#8 encrypted: the structure is opaque here, the armour is what
	// matters.
	add("PKCS#8 encrypted", &pem.Block{Type: "ENCRYPTED PRIVATE KEY", Bytes: randomBytes(t, 1200)}, nil)
	for name, k := range map[string]any{"OpenSSH Ed25519": edKey, "OpenSSH RSA": rsaKey, "OpenSSH ECDSA": ecKey} {
		b, err := ssh.MarshalPrivateKey(k, "person@laptop")
		add(name, b, err)
	}
	b, err := ssh.MarshalPrivateKeyWithPassphrase(edKey, "person@laptop", []byte("passphrase"))
	add("OpenSSH encrypted", b, err)
	// DSA: the OpenSSL layout, a sequence of version, p, q, g, y, x.
	dsaDER, err := asn1.Marshal(struct{ V, P, Q, G, Y, X *big.Int }{
		big.NewInt(0), randomInt(t, 1024), randomInt(t, 160), randomInt(t, 1024), randomInt(t, 1024), randomInt(t, 160),
	})
	add("DSA", &pem.Block{Type: "DSA PRIVATE KEY", Bytes: dsaDER}, err)
	keys["PGP private key block"] = pgpArmour(randomBytes(t, 900))
	return keys
}

func randomBytes(t testing.TB, n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}

func randomInt(t testing.TB, bits int) *big.Int {
	return new(big.Int).SetBytes(randomBytes(t, bits/8))
}

// pgpArmour is an OpenPGP secret key block as gpg --export-secret-keys
// --armor prints it: headers, base64 in lines of 64, a checksum line.
func pgpArmour(body []byte) string {
	var b strings.Builder
	b.WriteString("-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: person <person@example.com>\n\n")
	enc := base64.StdEncoding.EncodeToString(body)
	for len(enc) > 64 {
		b.WriteString(enc[:64] + "\n")
		enc = enc[64:]
	}
	b.WriteString(enc + "\n=" + base64.StdEncoding.EncodeToString(body[:3]) + "\n-----END PGP PRIVATE KEY BLOCK-----\n")
	return b.String()
}

// keyBody returns the lines of an armoured key between its armour lines,
// without headers (they hold no key material) and without the short last
// lines that are too short to tell from ordinary text on their own.
func keyBody(key string) []string {
	var body []string
	for _, line := range strings.Split(key, "\n") {
		if strings.HasPrefix(line, "-----") || strings.Contains(line, ":") || len(line) < 8 {
			continue
		}
		body = append(body, line)
	}
	return body
}

// leaked returns the first line of key's body found in out.
func leaked(key, out string) string {
	for _, line := range keyBody(key) {
		if strings.Contains(out, line) {
			return line
		}
	}
	return ""
}

func TestPrivateKeysAreRedactedWhole(t *testing.T) {
	r := New()
	for name, key := range privateKeys(t) {
		t.Run(name, func(t *testing.T) {
			in := "$ cat ~/.ssh/id\n" + key + "$ echo done\ndone\n"
			out := r.String(in)
			if line := leaked(key, out); line != "" {
				t.Fatalf("String(key) leaks %q:\n%s", line, out)
			}
			begin, _, _ := strings.Cut(key, "\n")
			if !strings.Contains(out, begin) || !strings.Contains(out, "$ echo done\ndone\n") || !strings.Contains(out, Mask) {
				t.Errorf("String(key) = %q, want the armour kept, the body masked and the text around it unchanged", out)
			}
			// As JSON (a write_file call's arguments), on one line.
			js := `{"path":"id","content":"` + strings.ReplaceAll(key, "\n", `\n`) + `"}`
			if line := leaked(key, r.String(js)); line != "" {
				t.Errorf("String(JSON with the key) leaks %q", line)
			}
		})
	}
}

// Output is redacted in pieces: the Writer a line at a time, the session
// a streamed piece at a time. A key cut anywhere must not survive in
// either piece.
func TestPrivateKeysAreRedactedInPieces(t *testing.T) {
	r := New()
	for name, key := range privateKeys(t) {
		t.Run(name, func(t *testing.T) {
			text := "before\n" + key + "after\n"
			for cut := strings.IndexByte(text, '\n') + 1; cut < len(text); {
				out := r.String(text[:cut]) + r.String(text[cut:])
				if line := leaked(key, out); line != "" {
					t.Fatalf("cut at %d: %q survived:\n%s", cut, line, out)
				}
				next := strings.IndexByte(text[cut:], '\n')
				if next < 0 {
					break
				}
				cut += next + 1
			}
			// One line at a time: every full-length line of the body goes.
			var out strings.Builder
			for line := range strings.Lines(text) {
				out.WriteString(r.String(line))
			}
			for _, line := range keyBody(key) {
				if len(line) >= 24 && strings.Contains(out.String(), line) {
					t.Errorf("line by line: %q survived", line)
				}
			}
			for _, size := range []int{1, 13, 100, 4096} {
				var buf bytes.Buffer
				w := r.NewWriter(&buf)
				for s := text; s != ""; {
					n := min(size, len(s))
					w.Write([]byte(s[:n]))
					s = s[n:]
				}
				w.Close()
				for _, line := range keyBody(key) {
					if len(line) >= 24 && strings.Contains(buf.String(), line) {
						t.Errorf("writes of %d bytes: %q survived", size, line)
					}
				}
			}
		})
	}
}

func TestPublicKeysAndCertificatesStay(t *testing.T) {
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	pub, err := ssh.NewPublicKey(edKey.Public())
	if err != nil {
		t.Fatal(err)
	}
	line := string(ssh.MarshalAuthorizedKey(pub))
	if got := New().String(line); got != line {
		t.Errorf("String(public key) = %q, want it unchanged", got)
	}
}
