package redact_test

import (
	"fmt"
	"os"

	"github.com/agentcli/agent/tools/redact"
)

// A Redactor masks the values it was given wherever they occur, and
// secrets it recognises by their shape: tokens of known formats,
// passwords in URLs, secret-looking values of key=value pairs.
func ExampleRedactor_String() {
	r := redact.New("hunter2-correct-horse")
	for _, line := range []string{
		"DB_PASSWORD=hunter2-correct-horse ./migrate",
		"export GITHUB_TOKEN=ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
		"git clone https://me:s3cretPassw0rd@example.com/repo.git",
		"nothing secret here: go test ./...",
	} {
		fmt.Println(r.String(line))
	}
	// Output:
	// DB_PASSWORD=[REDACTED] ./migrate
	// export GITHUB_TOKEN=ghp_[REDACTED]
	// git clone https://me:[REDACTED]@example.com/repo.git
	// nothing secret here: go test ./...
}

// NewWriter redacts a stream as it is written, even when a secret is cut
// in two by the writes; Close flushes what it held back.
func ExampleRedactor_NewWriter() {
	w := redact.New("hunter2-correct-horse").NewWriter(os.Stdout)
	fmt.Fprint(w, "the password is hunter2-cor")
	fmt.Fprint(w, "rect-horse, said the log\n")
	w.Close()
	// Output:
	// the password is [REDACTED], said the log
}
