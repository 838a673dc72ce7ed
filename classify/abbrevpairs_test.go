package classify

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tableLiteral is an option table written in the source: its fields as
// far as they are string constants.
type tableLiteral struct {
	pos    string
	fields map[string]string // "long", "longVal", "reads"... to their text
	flags  map[string]bool   // "exact", "oneDash" set to true
}

// sourceTables reads every toolOpts literal of the package's source
// (named, in a map or slice of tables, or behind &), with the string
// constants and variables its fields are built from.
func sourceTables(t *testing.T) []tableLiteral {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	// Package-level strings, by name, evaluated on demand.
	decls := map[string]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						decls[n.Name] = vs.Values[i]
					}
				}
			}
		}
	}
	var eval func(e ast.Expr, depth int) (string, bool)
	eval = func(e ast.Expr, depth int) (string, bool) {
		if depth > 20 {
			return "", false
		}
		switch e := e.(type) {
		case *ast.BasicLit:
			if e.Kind == token.STRING {
				s, err := strconv.Unquote(e.Value)
				return s, err == nil
			}
		case *ast.ParenExpr:
			return eval(e.X, depth+1)
		case *ast.BinaryExpr:
			if e.Op == token.ADD {
				a, ok1 := eval(e.X, depth+1)
				b, ok2 := eval(e.Y, depth+1)
				return a + b, ok1 && ok2
			}
		case *ast.Ident:
			if v, ok := decls[e.Name]; ok {
				return eval(v, depth+1)
			}
		case *ast.CallExpr:
			// join(a, b...) and strings.Join([]string{...}, " ").
			var parts []ast.Expr
			switch fn := e.Fun.(type) {
			case *ast.Ident:
				if fn.Name == "join" {
					parts = e.Args
				}
			case *ast.SelectorExpr:
				if fn.Sel.Name == "Join" && len(e.Args) == 2 {
					if lit, ok := e.Args[0].(*ast.CompositeLit); ok {
						parts = lit.Elts
					}
				}
			}
			if parts == nil {
				return "", false
			}
			var out []string
			for _, p := range parts {
				s, ok := eval(p, depth+1)
				if !ok {
					return "", false
				}
				out = append(out, s)
			}
			return strings.Join(out, " "), true
		}
		return "", false
	}
	isTable := func(e ast.Expr) bool {
		if s, ok := e.(*ast.StarExpr); ok {
			e = s.X
		}
		id, ok := e.(*ast.Ident)
		return ok && id.Name == "toolOpts"
	}
	var out []tableLiteral
	read := func(lit *ast.CompositeLit) {
		tl := tableLiteral{pos: fset.Position(lit.Pos()).String(), fields: map[string]string{}, flags: map[string]bool{}}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			if v, ok := kv.Value.(*ast.Ident); ok && v.Name == "true" {
				tl.flags[key.Name] = true
				continue
			}
			if s, ok := eval(kv.Value, 0); ok {
				tl.fields[key.Name] = s
			}
		}
		out = append(out, tl)
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			switch typ := lit.Type.(type) {
			case *ast.Ident:
				if typ.Name == "toolOpts" {
					read(lit)
				}
			case *ast.MapType, *ast.ArrayType:
				var elem ast.Expr
				if m, ok := typ.(*ast.MapType); ok {
					elem = m.Value
				} else {
					elem = typ.(*ast.ArrayType).Elt
				}
				if !isTable(elem) {
					return true
				}
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					if u, ok := el.(*ast.UnaryExpr); ok {
						el = u.X
					}
					if c, ok := el.(*ast.CompositeLit); ok && c.Type == nil {
						read(c)
					}
				}
			}
			return true
		})
	}
	return out
}

// abbrevPair is a long option given in full that begins a longer one
// whose value the table judges (reads, lists, writes or runs): the
// shorter one's value must never be judged as the longer one's.
type abbrevPair struct{ short, long, source, pos string }

// tablePairs finds the pairs of every table that abbreviates.
func tablePairs(t *testing.T) []abbrevPair {
	var pairs []abbrevPair
	for _, tl := range sourceTables(t) {
		if tl.flags["exact"] || tl.flags["oneDash"] {
			continue
		}
		names := strings.Fields(tl.fields["long"] + " " + tl.fields["longVal"])
		judged := strings.Fields(tl.fields["reads"] + " " + tl.fields["lists"] + " " + tl.fields["writes"] + " " + tl.fields["runs"])
		for _, b := range judged {
			for _, a := range names {
				if strings.HasPrefix(b, "--") && a != b && strings.HasPrefix(b, a) && len(a) > 2 {
					pairs = append(pairs, abbrevPair{a, b, tl.fields["source"], tl.pos})
				}
			}
		}
	}
	return pairs
}

// TestTablePairsHaveCorpusRows finds, in every option table that
// abbreviates as getopt_long does, a long option given in full that
// begins a longer one whose value is judged (grep's --exclude and
// --exclude-from), and wants the corpus to hold a review:abbrev row for
// each such tool named by its table's source: a reviewer looking for
// this class finds the tools here.
func TestTablePairsHaveCorpusRows(t *testing.T) {
	rows := map[string]bool{}
	for _, r := range readCorpus(t) {
		if r.source == "review:abbrev" {
			rows[strings.Fields(r.cmd)[0]] = true
		}
	}
	pairs := tablePairs(t)
	if len(pairs) < 10 {
		t.Fatalf("found %d pairs in the tables; has the way tables are written changed?", len(pairs))
	}
	// Tools whose parsers take names whole, though their tables are not
	// marked exact, and the tables without a source (verbs of a tool
	// whose pairs are tested through it) are listed with why.
	whole := map[string]string{
		"docker": "Go's pflag takes names whole", "helm": "Go's pflag takes names whole", "pulumi": "Go's pflag takes names whole",
		"cmd/nerdctl": "Go's pflag takes names whole", "swift": "swift-argument-parser takes names whole", "difft": "clap takes names whole",
	}
	// The JavaScript test runners' and linters' tables are made exact
	// where they are built (jsTool.build): their parsers take names whole.
	for _, n := range strings.Fields("eslint xo stylelint tslint jest vitest playwright cypress") {
		whole[n] = "made exact by jsTool.build"
	}
	for _, p := range pairs {
		tool := strings.Fields(p.source + " ?")[0]
		switch {
		case whole[tool] != "":
			t.Logf("%s: %s and %s (%s: %s)", p.pos, p.short, p.long, tool, whole[tool])
		case p.source == "":
			t.Logf("%s: %s and %s, in a table without a source", p.pos, p.short, p.long)
		case !rows[tool]:
			t.Errorf("%s: %s's table has %s, which begins %s, whose value it judges; corpus.tsv has no review:abbrev row for %s", p.pos, tool, p.short, p.long, tool)
		}
	}
}
