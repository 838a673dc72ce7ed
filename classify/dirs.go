package classify

// dirs is the set of directories a command may run in. Every "cd" adds to
// the set instead of replacing it, so judging a command in a list is never
// less careful than judging it alone.
type dirs struct {
	d       [4]string
	n       uint8
	unknown bool
}

func (d *dirs) add(p string) {
	for _, x := range d.d[:d.n] {
		if x == p {
			return
		}
	}
	if int(d.n) == len(d.d) {
		d.unknown = true
		return
	}
	d.d[d.n] = p
	d.n++
}

func (d *dirs) list() []string { return d.d[:d.n] }
