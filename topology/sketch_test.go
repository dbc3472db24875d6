package topology

import (
	"fmt"
	"testing"
)

func TestSketch(t *testing.T) {
	tests := []struct {
		name     string
		capacity int
		stream   func(add func(string))
		want     map[string][2]int64 // key -> [lowest, highest] acceptable count
		wantLen  int
		wantTop  string
	}{
		{
			name:     "exact below capacity",
			capacity: 4,
			stream: func(add func(string)) {
				for _, k := range []string{"a", "b", "a", "c", "a", "b"} {
					add(k)
				}
			},
			want:    map[string][2]int64{"a": {3, 3}, "b": {2, 2}, "c": {1, 1}},
			wantLen: 3,
			wantTop: "a",
		},
		{
			name:     "bounded and heavy hitters kept",
			capacity: 10,
			stream: func(add func(string)) {
				for i := range 10000 {
					add(fmt.Sprint("tail-", i))
					if i%4 == 0 {
						add("heavy")
					}
				}
			},
			// 12500 in all: counts exceed the truth by at most 12500/10.
			want:    map[string][2]int64{"heavy": {2500, 2500 + 1250}},
			wantLen: 10,
			wantTop: "heavy",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSketch(tt.capacity)
			tt.stream(func(k string) { s.add(k, 1) })
			if s.len() != tt.wantLen || len(s.byKey) != tt.wantLen {
				t.Errorf("holds %d keys (%d indexed), want %d", s.len(), len(s.byKey), tt.wantLen)
			}
			got := map[string]int64{}
			for _, f := range s.all() {
				got[f.Address] = f.Count
			}
			for k, r := range tt.want {
				if c, ok := got[k]; !ok || c < r[0] || c > r[1] {
					t.Errorf("count of %s = %d (present %v), want in [%d, %d]", k, c, ok, r[0], r[1])
				}
			}
			if top := s.all()[0].Address; top != tt.wantTop {
				t.Errorf("most frequent = %s, want %s", top, tt.wantTop)
			}
		})
	}
}
