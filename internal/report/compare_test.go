package main

import (
	"testing"
	"time"
)

func TestRatioOfMedians(t *testing.T) {
	ms := func(n int) spawn { return spawn{wall: time.Duration(n) * time.Millisecond} }
	a := []spawn{ms(30), ms(10), ms(20)} // median 20 ms
	b := []spawn{ms(8), ms(100), ms(10)} // median 10 ms
	if got := ratio(a, b, func(s spawn) time.Duration { return s.wall }); got != 2 {
		t.Errorf("ratio %v, want 2 (medians 20 ms and 10 ms)", got)
	}
	if a[0].wall != 30*time.Millisecond {
		t.Error("ratio reordered its input")
	}
}
