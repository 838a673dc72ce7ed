package sandbox

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		ok   bool
	}{
		{"the default config is valid", DefaultConfig(), true},
		{"the zero config is valid (auto, default limits)", Config{}, true},
		{"required is valid", Config{Mode: ModeRequired}, true},
		{"off is valid", Config{Mode: ModeOff}, true},
		{"an unknown mode is invalid", Config{Mode: "maybe"}, false},
		{"a mode in capitals is invalid", Config{Mode: "AUTO"}, false},
		{"a negative process limit is invalid", Config{MaxProcesses: -1}, false},
		{"a negative file size limit is invalid", Config{MaxFileMiB: -1}, false},
		{"a file size limit past a pebibyte is invalid", Config{MaxFileMiB: 1<<30 + 1}, false},
		{"hiding absolute paths and paths under the home is valid", Config{Hide: []string{"/srv/secrets", "~/.config/acme", "~/notes.txt"}}, true},
		{"hiding a relative path is invalid", Config{Hide: []string{"secrets"}}, false},
		{"hiding an unclean path is invalid", Config{Hide: []string{"/srv/../etc"}}, false},
		{"hiding ~ itself is invalid", Config{Hide: []string{"~/"}}, false},
		{"hiding ~user paths is invalid", Config{Hide: []string{"~bob/.ssh"}}, false},
		{"hiding / is invalid", Config{Hide: []string{"/"}}, false},
		{"hiding an empty path is invalid", Config{Hide: []string{""}}, false},
		{"hiding a path with a NUL byte is invalid", Config{Hide: []string{"/a\x00b"}}, false},
		{"hiding 256 paths is valid", Config{Hide: slices.Repeat([]string{"/srv/x"}, 256)}, true},
		{"hiding more than 256 paths is invalid (each costs every command a mount)", Config{Hide: slices.Repeat([]string{"/srv/x"}, 257)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.Validate()
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrInvalidConfig)) {
				t.Errorf("Validate(%+v) = %v, want ok %v", tt.cfg, err, tt.ok)
			}
		})
	}
}

func TestZeroConfigMeansDefaults(t *testing.T) {
	t.Parallel()
	if got, want := (Config{}).withDefaults(), DefaultConfig(); !reflect.DeepEqual(got, want) {
		t.Errorf("Config{}.withDefaults() = %+v, want %+v", got, want)
	}
}

func TestProbeExplainsWhatIsMissing(t *testing.T) {
	t.Parallel()
	r := Probe()
	t.Logf("Probe() = %+v", r)
	if (r.LandlockABI > 0) == (r.LandlockReason != "") {
		t.Errorf("Probe(): Landlock ABI %d with reason %q, want exactly one of them", r.LandlockABI, r.LandlockReason)
	}
	if (r.UserNamespaces && r.NetworkNamespace) == (r.NamespaceReason != "") {
		t.Errorf("Probe(): namespaces user %v, net %v with reason %q; want a reason exactly when one is missing",
			r.UserNamespaces, r.NetworkNamespace, r.NamespaceReason)
	}
	if (r.MountNamespace && r.PIDNamespace) == (r.IsolationReason != "") {
		t.Errorf("Probe(): mount namespace %v, PID namespace %v with reason %q; want a reason exactly when one is missing",
			r.MountNamespace, r.PIDNamespace, r.IsolationReason)
	}
	if r.ProcessLimit == (r.ProcessLimitReason != "") {
		t.Errorf("Probe(): process limit %v with reason %q; want a reason exactly when it is missing", r.ProcessLimit, r.ProcessLimitReason)
	}
	if r.Summary == "" || r.Summary != r.summary() {
		t.Errorf("Probe().Summary = %q, want %q", r.Summary, r.summary())
	}
	if again := Probe(); again != r {
		t.Errorf("second Probe() = %+v, want the cached %+v", again, r)
	}
}
