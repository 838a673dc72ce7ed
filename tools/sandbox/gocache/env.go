package gocache

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// PersonDir returns the build cache directory the person's go command
// uses, given the person's environment (getenv) and the OS (goos, as
// runtime.GOOS): GOCACHE from the environment, else from Go's environment
// file (GOENV, or go/env in the user config directory), else go-build in
// the user cache directory, as cmd/go finds it. It returns "" when the
// cache is off or the setting is not an absolute path. It does not check
// that the directory exists.
func PersonDir(getenv func(string) string, goos string) string {
	dir := getenv("GOCACHE")
	if dir == "" {
		dir = envFileValue(getenv, goos, "GOCACHE")
	}
	if dir == "" {
		base := userDir(getenv, goos, "XDG_CACHE_HOME", ".cache", "Library/Caches")
		if base == "" {
			return ""
		}
		dir = filepath.Join(base, "go-build")
	}
	if dir == "off" || !filepath.IsAbs(dir) {
		return ""
	}
	return filepath.Clean(dir)
}

// envFileValue reads key from Go's environment file (what `go env -w`
// writes: KEY=value lines).
func envFileValue(getenv func(string) string, goos, key string) string {
	file := getenv("GOENV")
	if file == "off" {
		return ""
	}
	if file == "" {
		base := userDir(getenv, goos, "XDG_CONFIG_HOME", ".config", "Library/Application Support")
		if base == "" {
			return ""
		}
		file = filepath.Join(base, "go", "env")
	}
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	value := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok && strings.TrimSpace(k) == key {
			value = strings.TrimSpace(v)
		}
	}
	return value
}

// userDir is os.UserCacheDir or os.UserConfigDir for the environment
// getenv: the XDG variable (absolute only) or unixDir under HOME; on
// macOS darwinDir under HOME.
func userDir(getenv func(string) string, goos, xdg, unixDir, darwinDir string) string {
	home := getenv("HOME")
	if goos == "darwin" || goos == "ios" {
		if !filepath.IsAbs(home) {
			return ""
		}
		return filepath.Join(home, darwinDir)
	}
	if d := getenv(xdg); filepath.IsAbs(d) {
		return d
	}
	if !filepath.IsAbs(home) {
		return ""
	}
	return filepath.Join(home, unixDir)
}

// Command returns the GOCACHEPROG value that starts exe as the cache
// program over shared (the person's cache) and private, quoted as go
// splits it. ok is false when a path holds both kinds of quote, which go
// cannot split.
func Command(exe, shared, private string) (value string, ok bool) {
	fields := []string{exe, Arg, shared, private}
	for i, f := range fields {
		switch {
		case !strings.ContainsAny(f, " \t\r\n'\""):
		case !strings.Contains(f, `"`):
			fields[i] = `"` + f + `"`
		case !strings.Contains(f, "'"):
			fields[i] = "'" + f + "'"
		default:
			return "", false
		}
	}
	return strings.Join(fields, " "), true
}
