package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"

	"github.com/urlgrep/urlgrep/extract"
)

// xurlsCases reads the test tables of xurls_test.go (mvdan.cc/xurls/v2)
// with go/parser. Its tests call
//
//	doTest(t, name, re, cases)
//
// with re one of Relaxed(), Strict() or a StrictMatchingScheme(exp)
// regexp, and cases a []testCase of {in, want}: want nil (no URL), true
// (in itself), a string (the URL), or a []string. doTest checks
// re.FindString, the first match, on in and on "\n"+in+"\n"; so does this.
//
// Tables and options:
//   - a cases variable used by several doTest calls (constantTestCases, run
//     with both Relaxed and Strict) is one table, "Relaxed+Strict", run
//     once with the default options: its rows want the same of both.
//   - Relaxed tables find schemeless hosts, bare IPs and e-mail addresses;
//     they run WithEmail(true). urlgrep finds no schemeless host but
//     www ones, so most of their rows disagree by design: the cause
//     "schemeless host" etc. counts them as out of scope.
//   - Strict tables run WithWWW(false): Strict finds scheme URLs only.
//   - StrictMatchingScheme tables run like Strict and keep only the
//     matches whose text the table's scheme expression matches at its
//     start (AnyScheme: any).
func xurlsCases(file string) ([]Case, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	vars := map[string]*ast.CompositeLit{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if i < len(vs.Values) {
					if cl, ok := vs.Values[i].(*ast.CompositeLit); ok {
						vars[n.Name] = cl
					}
				}
			}
		}
	}

	type table struct {
		name   string
		mode   string // "relaxed", "strict", "both", "scheme"
		scheme *regexp.Regexp
		lit    *ast.CompositeLit
	}
	var tables []*table
	byVar := map[string]*table{}
	var walkErr error
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || walkErr != nil {
				return walkErr == nil
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "doTest" || len(call.Args) != 4 {
				return true
			}
			name, err := stringLit(call.Args[1])
			if err != nil {
				walkErr = fmt.Errorf("%s: %v", fset.Position(call.Pos()), err)
				return false
			}
			mode, scheme, err := xurlsMode(fn.Body, call.Args[2])
			if err != nil {
				walkErr = fmt.Errorf("%s: %v", fset.Position(call.Pos()), err)
				return false
			}
			label := fn.Name.Name + "/" + name
			switch cases := call.Args[3].(type) {
			case *ast.Ident:
				if t := byVar[cases.Name]; t != nil {
					// The same rows under another regexp.
					t.name += "+" + name
					if t.mode != mode {
						t.mode = "both"
					}
					return true
				}
				lit := vars[cases.Name]
				if lit == nil {
					walkErr = fmt.Errorf("%s: no var %s", fset.Position(call.Pos()), cases.Name)
					return false
				}
				t := &table{label + " (" + cases.Name + ")", mode, scheme, lit}
				byVar[cases.Name] = t
				tables = append(tables, t)
			case *ast.CompositeLit:
				tables = append(tables, &table{label, mode, scheme, cases})
			default:
				walkErr = fmt.Errorf("%s: cases of type %T", fset.Position(call.Pos()), cases)
				return false
			}
			return true
		})
	}
	if walkErr != nil {
		return nil, walkErr
	}
	if len(tables) == 0 {
		return nil, fmt.Errorf("%s: no doTest tables", file)
	}

	var cs []Case
	for _, t := range tables {
		o := optDefault
		switch t.mode {
		case "relaxed":
			o = optEmail
		case "strict", "scheme":
			o = optStrict
		}
		for _, e := range t.lit.Elts {
			row, ok := e.(*ast.CompositeLit)
			if !ok || len(row.Elts) != 2 {
				return nil, fmt.Errorf("%s: row is not {in, want}", fset.Position(e.Pos()))
			}
			in, err := stringLit(row.Elts[0])
			if err != nil {
				return nil, fmt.Errorf("%s: %v", fset.Position(e.Pos()), err)
			}
			want, err := xurlsWant(in, row.Elts[1])
			if err != nil {
				return nil, fmt.Errorf("%s: %v", fset.Position(e.Pos()), err)
			}
			cs = append(cs, Case{
				Suite: "xurls", Table: t.name, Line: fset.Position(e.Pos()).Line,
				In: in, Want: want, FirstOnly: true,
				Surround: []string{"\n" + in + "\n"},
				Opts:     o.name, finder: o.f, forms: asWritten,
			})
			if re := t.scheme; re != nil {
				cs[len(cs)-1].Filter = "URLs matching " + re.String()
				cs[len(cs)-1].filterName = re.String()
				cs[len(cs)-1].keep = func(m *extract.Match, _ string) bool { return re.MatchString(m.Text) }
			}
		}
	}
	return cs, nil
}

// xurlsMode reads doTest's regexp argument: Relaxed(), Strict(), or a
// variable set in body from StrictMatchingScheme(exp).
func xurlsMode(body *ast.BlockStmt, e ast.Expr) (mode string, scheme *regexp.Regexp, err error) {
	switch e := e.(type) {
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok {
			switch id.Name {
			case "Relaxed":
				return "relaxed", nil, nil
			case "Strict":
				return "strict", nil, nil
			}
		}
	case *ast.Ident:
		var arg ast.Expr
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) == 0 || len(as.Rhs) != 1 {
				return true
			}
			if id, ok := as.Lhs[0].(*ast.Ident); !ok || id.Name != e.Name {
				return true
			}
			if call, ok := as.Rhs[0].(*ast.CallExpr); ok && len(call.Args) == 1 {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "StrictMatchingScheme" {
					arg = call.Args[0]
				}
			}
			return true
		})
		if arg == nil {
			break
		}
		if id, ok := arg.(*ast.Ident); ok && id.Name == "AnyScheme" {
			return "scheme", nil, nil
		}
		exp, err := stringLit(arg)
		if err != nil {
			return "", nil, err
		}
		// xurls compiles (?i)(exp) before its strict body; a match of
		// urlgrep's is kept when its text starts so.
		re, err := regexp.Compile(`^(?i)(?:` + exp + `)`)
		return "scheme", re, err
	}
	return "", nil, fmt.Errorf("unknown regexp argument %T", e)
}

// xurlsWant evaluates a row's want: nil, true, false, a string or a
// []string literal.
func xurlsWant(in string, e ast.Expr) ([]string, error) {
	switch e := e.(type) {
	case *ast.Ident:
		switch e.Name {
		case "nil", "false":
			return nil, nil
		case "true":
			return []string{in}, nil
		}
	case *ast.BasicLit:
		s, err := stringLit(e)
		if err != nil {
			return nil, err
		}
		if s == "" {
			return nil, nil
		}
		return []string{s}, nil
	case *ast.CompositeLit:
		var l []string
		for _, x := range e.Elts {
			s, err := stringLit(x)
			if err != nil {
				return nil, err
			}
			l = append(l, s)
		}
		return l, nil
	}
	return nil, fmt.Errorf("unknown want %T", e)
}

func stringLit(e ast.Expr) (string, error) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", fmt.Errorf("not a string literal: %T", e)
	}
	return strconv.Unquote(b.Value)
}
