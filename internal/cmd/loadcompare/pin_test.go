package main

import (
	"slices"
	"testing"
)

func TestParseCPUList(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
	}{
		{"1", []int{1}},
		{"0-1", []int{0, 1}},
		{"0,2-3", []int{0, 2, 3}},
		{" 3 , 5", []int{3, 5}},
		{"0,0-1,1", []int{0, 1}}, // each CPU once, so GOMAXPROCS counts it once
		{"1023", []int{1023}},
	} {
		got, err := parseCPUList(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("parseCPUList(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "a", "-1", "2-1", "1-", "1,,2", "1024", "0-4000000000"} {
		if got, err := parseCPUList(in); err == nil {
			t.Errorf("parseCPUList(%q) = %v, want an error", in, got)
		}
	}
}
