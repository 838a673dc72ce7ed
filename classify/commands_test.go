package classify

import (
	"strings"
	"testing"
)

// realHyphenated are programs whose name starts with another entry's
// name and a hyphen: they exist. Any other "NAME-WORD" entry is a
// pseudo-name (such as "ulimit-set") that no command line can reach.
var realHyphenated = map[string]bool{
	"apt-cache": true, "apt-get": true, "cargo-make": true, "clang-format": true, "clang-tidy": true,
	"clickhouse-client": true, "git-grep": true, "go-task": true, "markdownlint-cli2": true,
	"rc-service": true, "ssh-add": true, "ssh-agent": true, "ssh-copy-id": true, "ssh-keygen": true,
	"ssh-keyscan": true, "rc-update": true, "iptables-restore": true, "ip6tables-restore": true, "sequelize-cli": true, "env-cmd": true, "host-spawn": true, "flatpak-spawn": true, "nix-env": true, "nix-shell": true, "aws-vault": true,
}

// TestCommandTableEntriesAreReachable checks that every entry of the
// command table is a name a command line can have: lower case (names
// are lower-cased before lookup), no slash, and not a pseudo-name made of
// another entry and a subcommand.
func TestCommandTableEntriesAreReachable(t *testing.T) {
	for name := range commands {
		if n, byPath := normName(name); n != name || byPath {
			t.Errorf("command table entry %q is looked up as %q: never reached", name, n)
		}
		if i := strings.IndexByte(name, '-'); i > 0 {
			if _, ok := commands[name[:i]]; ok && !realHyphenated[name] {
				t.Errorf("command table entry %q looks like %q with a subcommand: no command has that name", name, name[:i])
			}
		}
	}
}

func TestTableHygieneCases(t *testing.T) {
	checkLevels(t, []levelCase{
		{"ulimit -a", Safe},
		{"ulimit -n", Safe},
		{"ulimit -n 1", Warning},
		{"ulimit -c unlimited", Warning},
		{"timedatectl", Safe},
		{"timedatectl status", Safe},
		{"timedatectl set-time 2020-01-01", Dangerous},
		{"timedatectl set-timezone UTC", Dangerous},
		{"swift build", Safe},
		{"swift test", Safe},
		{"swift script.swift", Warning},
		{"swift --version", Safe},
		{"R --version", Dangerous},
		{"r", Dangerous},
		{"sysctl -w vm.swappiness=1", Blocked},
		{"pipx run black", Dangerous},
	})
}

func TestReasonsSayWhatHarmlessCommandsDo(t *testing.T) {
	tests := []struct{ command, reason string }{
		{"sleep 30", "sleep 30: waits, and changes nothing"},
		{"timeout 5 sleep 30", "waits, and changes nothing"},
		{"true", "true: does nothing but set the exit status"},
		{"set -e", "set -e: changes only the shell's own state"},
		{"echo hi", "echo hi: prints text or information"},
	}
	for _, tt := range tests {
		v := Classify(Action{Kind: Shell, Command: tt.command, Root: "/p"}, Policy{})
		if v.Level != Safe || len(v.Reasons) == 0 || !strings.Contains(v.Reasons[0], tt.reason) {
			t.Errorf("Classify(%q) = %v %q, want safe with a reason containing %q", tt.command, v.Level, v.Reasons, tt.reason)
		}
	}
}
