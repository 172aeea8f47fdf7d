package generator

import "testing"

// TestHugeHeapBytes: the heap is reserved only where huge pages come on
// request, accounting is not strict, the user did not opt out and nothing
// was collected yet; at most loading's goal within the memory limit.
func TestHugeHeapBytes(t *testing.T) {
	const github = 13 << 20 // GitHub's spec: GOGC 200 while loading
	fresh := heapFacts{
		thp:        "always [madvise] never\n",
		overcommit: "0\n",
		memLimit:   1 << 62,
	}
	for _, c := range []struct {
		name string
		size int64
		edit func(*heapFacts)
		want int64
	}{
		{"github", github, nil, modelPerByte * github * 3},
		{"larger than graph beta", 100 << 20, nil, loadBudget},
		{"small spec", 1 << 20, nil, 0},
		{"thp always", github, func(f *heapFacts) { f.thp = "[always] madvise never" }, 0},
		{"thp never", github, func(f *heapFacts) { f.thp = "always madvise [never]" }, 0},
		{"no thp", github, func(f *heapFacts) { f.thp = "" }, 0},
		{"strict overcommit", github, func(f *heapFacts) { f.overcommit = "2\n" }, 0},
		{"heuristic overcommit", github, func(f *heapFacts) { f.overcommit = "1" }, modelPerByte * github * 3},
		{"disablethp", github, func(f *heapFacts) { f.godebug = "gctrace=1,disablethp=1" }, 0},
		{"disablethp=0", github, func(f *heapFacts) { f.godebug = "disablethp=0" }, modelPerByte * github * 3},
		{"collected", github, func(f *heapFacts) { f.gcCycles = 1 }, 0},
		{"address space capped", github, func(f *heapFacts) { f.asLimited = true }, 0},
		{"memory limit", github, func(f *heapFacts) { f.memLimit = 256 << 20 }, 128 << 20},
		{"low memory limit", github, func(f *heapFacts) { f.memLimit = 64 << 20 }, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := fresh
			if c.edit != nil {
				c.edit(&f)
			}
			if got := hugeHeapBytes(c.size, f); got != c.want {
				t.Errorf("hugeHeapBytes(%d, %+v) = %d; want %d", c.size, f, got, c.want)
			}
		})
	}
}
