package cmd_test

import (
	"debug/elf"
	"testing"
)

// TestBinaryKeepsDeadCodeElimination checks that the binary does not link
// text/template's execution. A template calls methods by name through
// reflection, and a program that can do that keeps every exported method
// of every type it links: with the provider SDKs' generated types that
// was 28 MB more binary (69 MB against 41), all of it mapped, and
// resident, at start. cobra uses a template only for a template the
// program sets (SetVersionTemplate, SetUsageTemplate, SetHelpTemplate).
func TestBinaryKeepsDeadCodeElimination(t *testing.T) {
	t.Parallel()
	f, err := elf.Open(agentBin)
	if err != nil {
		t.Skipf("not an ELF binary (%v): checked on Linux", err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Skipf("the binary has no symbol table (%v)", err)
	}
	for _, s := range syms {
		switch s.Name {
		case "text/template.(*state).evalCall", "reflect.Value.MethodByName", "reflect.Value.Method":
			t.Errorf("the binary links %s: reflection calls methods by name, so the linker keeps every exported method of every type; find what brought it in (go build -ldflags=-dumpdep)", s.Name)
		}
	}
}
