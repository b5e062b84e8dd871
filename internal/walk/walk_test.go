package walk

import (
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputs checks the walk: "-" is standard input, a directory needs
// Recursive (an input with Err, and the walk goes on), files come in
// lexical order, a directory's where its name falls, with dot files and a
// maildir's tmp/ left out, and the globs keep and drop what grep's do.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "b.txt", "a.eml", ".hidden", "sub/c.txt", "sub-x.txt", "skip/d.txt", "md/cur/1", "md/new/2", "md/tmp/3")
	labels := func(ins iter.Seq[Input]) string {
		var b []string
		for in := range ins {
			l := strings.TrimPrefix(in.Label, dir+"/")
			if in.Err != nil {
				l = "error:" + l
			}
			b = append(b, l)
		}
		return strings.Join(b, " ")
	}
	if got, want := labels(Inputs([]string{"-", dir, "-"}, Options{})), StdinName+" error:"+dir+" "+StdinName; got != want {
		t.Errorf("without Recursive: %q, want %q", got, want)
	}
	got := labels(Inputs([]string{dir}, Options{Recursive: true}))
	if want := "a.eml b.txt md/cur/1 md/new/2 skip/d.txt sub/c.txt sub-x.txt"; got != want {
		t.Errorf("walk: %q, want %q", got, want)
	}
	got = labels(Inputs([]string{dir}, Options{Recursive: true, Include: []string{"*.txt"}, ExcludeDir: []string{"skip"}}))
	if want := "b.txt sub/c.txt sub-x.txt"; got != want {
		t.Errorf("globs: %q, want %q", got, want)
	}
	if o := (Options{Exclude: []string{"[x"}}); o.BadGlob() != "[x" {
		t.Error("a bad glob is not told")
	}
}

// TestInputsStream checks that the walk yields as it goes and stops when
// told: a consumer that takes two files of a tree stops the walk, and
// the files are yielded before the walk has read the rest of the tree (a
// file made after the first was yielded, in a directory not yet read, is
// walked too).
func TestInputsStream(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "a/1", "a/2", "b/3", "c/4")
	var got []string
	for in := range Inputs([]string{dir}, Options{Recursive: true}) {
		got = append(got, strings.TrimPrefix(in.Label, dir+"/"))
		if len(got) == 1 {
			// Made once the walk has yielded a/1: a list made before
			// the first file would not have it.
			os.WriteFile(filepath.Join(dir, "c", "0"), nil, 0o644)
		}
		if len(got) == 4 {
			break
		}
	}
	if want := "a/1 a/2 b/3 c/0"; strings.Join(got, " ") != want {
		t.Errorf("yielded %q, want %q", strings.Join(got, " "), want)
	}
}

// TestErrorText checks grep's wording of a file error.
func TestErrorText(t *testing.T) {
	_, err := os.Open("/nonexistent/x.txt")
	if got := ErrorText("x.txt", err); got != "/nonexistent/x.txt: No such file or directory" {
		t.Errorf("ErrorText = %q", got)
	}
	if got := ErrorText("x.txt", errors.New("broken")); got != "x.txt: broken" {
		t.Errorf("ErrorText = %q", got)
	}
}

// TestInputsLargeDirectory checks a directory of more than sortedEntries
// entries, read a chunk at a time: every file once, its subdirectories
// walked, its dot files and tmp/ of a maildir left out.
func TestInputsLargeDirectory(t *testing.T) {
	dir := t.TempDir()
	want := map[string]bool{}
	for i := range sortedEntries + 100 {
		name := fmt.Sprintf("%d.M%d.host,S=10:2,S", 1700000000+i, i)
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		want[name] = true
	}
	makeFiles(t, dir, ".hidden", "sub/a.txt", "new/1", "cur/2", "tmp/3")
	want["sub/a.txt"], want["new/1"], want["cur/2"] = true, true, true
	got := map[string]bool{}
	for in := range Inputs([]string{dir}, Options{Recursive: true}) {
		name := strings.TrimPrefix(in.Label, dir+"/")
		if in.Err != nil || got[name] || !want[name] {
			t.Fatalf("yielded %q (err %v): not wanted, or twice", name, in.Err)
		}
		got[name] = true
	}
	if len(got) != len(want) {
		t.Errorf("%d files yielded, want %d", len(got), len(want))
	}
}

// TestInputsMailFolders checks the dot directories a walk reads: those
// of mail folders, Maildir++'s (".Sent", ".INBOX.lists": Courier's,
// Dovecot's and Evolution's layout) and KMail's (".inbox.directory", the
// subfolders of the maildir inbox beside it), and no other, dot files
// left out; with Hidden, every dot file and directory, as grep -r reads
// them.
func TestInputsMailFolders(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "Maildir/cur/1", "Maildir/new/2", "Maildir/tmp/3", "Maildir/dovecot-uidlist",
		"Maildir/.Sent/cur/4", "Maildir/.Sent/new/5", "Maildir/.Sent/tmp/6", "Maildir/.Sent/maildirfolder",
		"Maildir/.INBOX.lists/cur/7", "Maildir/.INBOX.lists/new/8",
		"Maildir/.notes/cur/9", // no new/: no maildir
		"kmail/inbox/cur/10", "kmail/inbox/new/11", "kmail/inbox/tmp/12",
		"kmail/.inbox.directory/lists/cur/13", "kmail/.inbox.directory/lists/new/14",
		"kmail/.outbox.directory/x/cur/15", // no outbox maildir beside it
		"kmail/..directory/cur/16",         // an empty name: no maildir beside it
		"src/.git/config", "src/.cache/new/a", "src/.cache/cur/b/c", "src/.env", "src/main.go")
	walked := func(o Options) string {
		o.Recursive = true
		var got []string
		for in := range Inputs([]string{dir}, o) {
			if in.Err != nil {
				t.Fatalf("%s: %v", in.Label, in.Err)
			}
			got = append(got, strings.TrimPrefix(in.Label, dir+"/"))
		}
		return strings.Join(got, " ")
	}
	want := "Maildir/.INBOX.lists/cur/7 Maildir/.INBOX.lists/new/8 Maildir/.Sent/cur/4 Maildir/.Sent/maildirfolder Maildir/.Sent/new/5 " +
		"Maildir/cur/1 Maildir/dovecot-uidlist Maildir/new/2 " +
		"kmail/.inbox.directory/lists/cur/13 kmail/.inbox.directory/lists/new/14 kmail/inbox/cur/10 kmail/inbox/new/11 " +
		"src/.cache/cur/b/c src/.cache/new/a src/main.go"
	if got := walked(Options{}); got != want {
		t.Errorf("walk:\n got %s\nwant %s", got, want)
	}
	want = "Maildir/.INBOX.lists/cur/7 Maildir/.INBOX.lists/new/8 Maildir/.Sent/cur/4 Maildir/.Sent/maildirfolder Maildir/.Sent/new/5 " +
		"Maildir/.notes/cur/9 Maildir/cur/1 Maildir/dovecot-uidlist Maildir/new/2 " +
		"kmail/..directory/cur/16 kmail/.inbox.directory/lists/cur/13 kmail/.inbox.directory/lists/new/14 kmail/.outbox.directory/x/cur/15 " +
		"kmail/inbox/cur/10 kmail/inbox/new/11 " +
		"src/.cache/cur/b/c src/.cache/new/a src/.env src/.git/config src/main.go"
	if got := walked(Options{Hidden: true}); got != want {
		t.Errorf("walk with Hidden:\n got %s\nwant %s", got, want)
	}
}

// TestInputsIndexes checks that a walk passes over mail clients' indexes
// of the folders beside them, Thunderbird's summary of an mbox (Inbox.msf
// beside Inbox) and an Apple Mail mailbox's Info.plist, and reads an .msf
// with no mbox beside it, an Info.plist elsewhere, and either named as an
// operand or by --include.
func TestInputsIndexes(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "Mail/Inbox", "Mail/Inbox.msf", "Mail/Inbox.sbd/Lists", "Mail/Inbox.sbd/Lists.msf",
		"Mail/Inbox.sbd.msf", "Mail/notes.msf", "Mail/.msf")
	makeFiles(t, dir, "V10/INBOX.mbox/Info.plist", "V10/INBOX.mbox/U/Data/Messages/1.emlx", "V10/App/Info.plist")
	var apple []string
	for in := range Inputs([]string{filepath.Join(dir, "V10"), filepath.Join(dir, "V10", "INBOX.mbox", "Info.plist")}, Options{Recursive: true}) {
		apple = append(apple, strings.TrimPrefix(in.Label, dir+"/"))
	}
	if want := "V10/App/Info.plist V10/INBOX.mbox/U/Data/Messages/1.emlx V10/INBOX.mbox/Info.plist"; strings.Join(apple, " ") != want {
		t.Errorf("Apple Mail: yielded %q, want %q", strings.Join(apple, " "), want)
	}
	var got []string
	for in := range Inputs([]string{filepath.Join(dir, "Mail"), filepath.Join(dir, "Mail", "Inbox.msf")}, Options{Recursive: true, Hidden: true}) {
		got = append(got, strings.TrimPrefix(in.Label, dir+"/"))
	}
	if want := "Mail/.msf Mail/Inbox Mail/Inbox.sbd/Lists Mail/Inbox.sbd.msf Mail/notes.msf Mail/Inbox.msf"; strings.Join(got, " ") != want {
		t.Errorf("yielded %q, want %q", strings.Join(got, " "), want)
	}
	// --include naming them reads them.
	got = nil
	for in := range Inputs([]string{filepath.Join(dir, "Mail")}, Options{Recursive: true, Include: []string{"*.msf"}}) {
		got = append(got, strings.TrimPrefix(in.Label, dir+"/"))
	}
	if want := "Mail/Inbox.msf Mail/Inbox.sbd/Lists.msf Mail/Inbox.sbd.msf Mail/notes.msf"; strings.Join(got, " ") != want {
		t.Errorf("with --include '*.msf': yielded %q, want %q", strings.Join(got, " "), want)
	}
}

// TestInputsOperands checks what an operand is walked as: a symbolic link
// to a directory is followed (grep -r follows a link that is an operand),
// a link inside a tree is not, and a maildir's tmp/ named as an operand
// is read.
func TestInputsOperands(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "real/a.txt", "md/cur/1", "md/new/2", "md/tmp/3")
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	var got []string
	for in := range Inputs([]string{filepath.Join(dir, "link"), dir, filepath.Join(dir, "md", "tmp")}, Options{Recursive: true}) {
		got = append(got, strings.TrimPrefix(in.Label, dir+"/"))
	}
	if want := "link/a.txt md/cur/1 md/new/2 real/a.txt md/tmp/3"; strings.Join(got, " ") != want {
		t.Errorf("yielded %q, want %q", strings.Join(got, " "), want)
	}
}

// TestInputsFollow checks Follow (grep -R): the links in a tree are
// followed, to files and to directories, a link back to a directory being
// walked is an ErrLoop, and a dangling link an error of its own.
func TestInputsFollow(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "real/a.txt", "real/sub/b.txt", "other.txt")
	for link, target := range map[string]string{"t/dir": "../real", "t/file.txt": "../other.txt", "real/sub/up": "..", "t/dangling": "nowhere"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(link)), 0o755)
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	walk := func(o Options) string {
		var b []string
		for in := range Inputs([]string{filepath.Join(dir, "t")}, o) {
			l := strings.TrimPrefix(in.Label, dir+"/")
			switch {
			case errors.Is(in.Err, ErrLoop):
				l = "loop:" + l
			case in.Err != nil:
				l = "error:" + l
			}
			b = append(b, l)
		}
		return strings.Join(b, " ")
	}
	if got := walk(Options{Recursive: true}); got != "" {
		t.Errorf("-r: %q, want no file (links are passed over)", got)
	}
	want := "error:t/dangling t/dir/a.txt t/dir/sub/b.txt loop:t/dir/sub/up t/file.txt"
	if got := walk(Options{Recursive: true, Follow: true}); got != want {
		t.Errorf("-R: %q, want %q", got, want)
	}
}

// makeFiles makes empty files under dir, with their directories.
func makeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, f := range names {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestInputsNames checks how files are named, as grep -r names them: from
// the operand as written, its final slashes dropped ("./d/a.txt",
// "d/a.txt" for "d//"), from nothing when no operand was given (Here),
// and an empty operand is no file.
func TestInputsNames(t *testing.T) {
	dir := t.TempDir()
	makeFiles(t, dir, "d/a.txt", "md/cur/1", "md/new/2", "md/tmp/3")
	t.Chdir(filepath.Join(dir, "md"))
	var got []string
	for in := range Inputs([]string{Here}, Options{Recursive: true}) {
		got = append(got, in.Label)
	}
	if strings.Join(got, " ") != "cur/1 new/2" {
		t.Errorf("a maildir as the current directory: %q, want its tmp/ left out", got)
	}
	os.RemoveAll(filepath.Join(dir, "md"))
	t.Chdir(dir)
	for _, c := range []struct{ name, want string }{
		{Here, "d/a.txt"}, {".", "./d/a.txt"}, {"./d", "./d/a.txt"}, {"d//", "d/a.txt"}, {dir + "/", dir + "/d/a.txt"},
	} {
		var got []string
		for in := range Inputs([]string{c.name}, Options{Recursive: true}) {
			got = append(got, in.Label)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: %q, want %q", c.name, got, c.want)
		}
	}
	for in := range Inputs([]string{""}, Options{Recursive: true}) {
		if in.Err == nil || in.Path != "" || ErrorText("", in.Err) != ": No such file or directory" {
			t.Errorf(`"": %+v, want grep's ": No such file or directory"`, in)
		}
	}
}
