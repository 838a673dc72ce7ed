package cmd

import "testing"

func TestBuildStringSaysWhatItKnows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		b    build
		want string
	}{
		{"a release build says version, commit and date",
			build{version: "v1.2.3", commit: "0123456789abcdef0123456789abcdef01234567", date: "2026-11-26T16:00:00Z", goVersion: "go1.26.8", platform: "linux/amd64"},
			"agent v1.2.3 (commit 0123456789ab, 2026-11-26T16:00:00Z, go1.26.8, linux/amd64)"},
		{"a build from a changed checkout says dirty",
			build{commit: "0123456789abcdef", modified: true, date: "2026-11-26T16:00:00Z", goVersion: "go1.26.8", platform: "darwin/arm64"},
			"agent devel (commit 0123456789ab-dirty, 2026-11-26T16:00:00Z, go1.26.8, darwin/arm64)"},
		{"a build that knows nothing is devel",
			build{goVersion: "go1.26.8", platform: "linux/arm64"},
			"agent devel (go1.26.8, linux/arm64)"},
		{"a short commit is kept whole",
			build{version: "v0.1.0", commit: "abc1234", goVersion: "go1.26.8", platform: "linux/amd64"},
			"agent v0.1.0 (commit abc1234, go1.26.8, linux/amd64)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.b.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}
