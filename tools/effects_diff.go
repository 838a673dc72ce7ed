package tools

import "github.com/agentcli/agent/tools/effects"

// EffectsDiff renders the effects of a confined command for the
// View-diff: a unified diff per text file (the same format as the file
// tools' previews), a line per binary or large file, symlink, mode change
// and directory, and the refused entries. It reads the real root and the
// set's upper layer, so it must be called before the set is closed.
func EffectsDiff(s *effects.Set) (string, error) { return s.Diff(unifiedDiff) }
