package emit

import (
	"testing"
)

// BenchmarkEmit emits an API of 1,000 endpoints with 2 KB documents.
func BenchmarkEmit(b *testing.B) {
	api := synthetic(1000, 2048)
	opts := testOptions("")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Emit(api, opts); err != nil {
			b.Fatal(err)
		}
	}
}
