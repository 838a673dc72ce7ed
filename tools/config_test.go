package tools

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestDefaultConfigIsValid(t *testing.T) {
	t.Parallel()
	if err := DefaultConfig().Validate(); err != nil {
		t.Errorf("DefaultConfig().Validate() = %v", err)
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"a zero timeout", func(c *Config) { c.ShellTimeoutSeconds = 0 }, "shell_timeout_seconds"},
		{"a maximum below the default", func(c *Config) { c.MaxShellTimeoutSeconds = 60 }, "max_shell_timeout_seconds"},
		{"a negative grace", func(c *Config) { c.KillGraceSeconds = -1 }, "kill_grace_seconds"},
		{"a huge head", func(c *Config) { c.OutputHeadBytes = 1 << 30 }, "output_head_bytes"},
		{"no output kept", func(c *Config) { c.OutputHeadBytes, c.OutputTailBytes = 0, 0 }, "output_head_bytes + output_tail_bytes"},
		{"a tiny read cap", func(c *Config) { c.MaxReadBytes = 10 }, "max_read_bytes"},
		{"no read lines", func(c *Config) { c.ReadLines = 0 }, "read_lines"},
		{"no entries", func(c *Config) { c.MaxEntries = 0 }, "max_entries"},
		{"a bad pass_env name", func(c *Config) { c.PassEnv = []string{"GOOD", "BAD=1"} }, `pass_env: "BAD=1"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			tc.edit(&c)
			if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "tools."+tc.want) {
				t.Errorf("Validate() = %v, want an error naming tools.%s", err, tc.want)
			}
		})
	}
}

func TestConfigDecodesFromTOML(t *testing.T) {
	t.Parallel()
	c := DefaultConfig()
	md, err := toml.Decode(`
shell_timeout_seconds = 30
max_shell_timeout_seconds = 300
kill_grace_seconds = 5
output_head_bytes = 4096
output_tail_bytes = 8192
max_read_bytes = 65536
read_lines = 500
max_entries = 200
pass_env = ["GH_TOKEN"]
`, &c)
	if err != nil || len(md.Undecoded()) > 0 {
		t.Fatalf("Decode: %v, undecoded %v", err, md.Undecoded())
	}
	want := Config{ShellTimeoutSeconds: 30, MaxShellTimeoutSeconds: 300, KillGraceSeconds: 5, OutputHeadBytes: 4096,
		OutputTailBytes: 8192, MaxReadBytes: 65536, ReadLines: 500, MaxEntries: 200, PassEnv: []string{"GH_TOKEN"}}
	if c.ShellTimeoutSeconds != want.ShellTimeoutSeconds || c.MaxShellTimeoutSeconds != want.MaxShellTimeoutSeconds ||
		c.KillGraceSeconds != want.KillGraceSeconds || c.OutputHeadBytes != want.OutputHeadBytes ||
		c.OutputTailBytes != want.OutputTailBytes || c.MaxReadBytes != want.MaxReadBytes ||
		c.ReadLines != want.ReadLines || c.MaxEntries != want.MaxEntries || len(c.PassEnv) != 1 {
		t.Errorf("decoded %+v, want %+v", c, want)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate() = %v", err)
	}
}
