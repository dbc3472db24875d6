package main

import (
	"fmt"
	"strconv"
	"strings"
)

// parseCPUList reads a CPU list as taskset -c and /sys/devices/system/cpu
// write it: numbers and ranges separated by commas ("1", "0-1", "0,2-3").
func parseCPUList(s string) ([]int, error) {
	var cpus []int
	seen := map[int]bool{}
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		first, err := strconv.Atoi(lo)
		if err != nil || first < 0 || first >= maxCPU {
			return nil, fmt.Errorf("CPU list %q: %q is not a CPU number (0 to %d)", s, lo, maxCPU-1)
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(hi); err != nil || last < first || last >= maxCPU {
				return nil, fmt.Errorf("CPU list %q: bad range %q", s, part)
			}
		}
		for c := first; c <= last; c++ {
			if !seen[c] {
				seen[c] = true
				cpus = append(cpus, c)
			}
		}
	}
	return cpus, nil
}

// maxCPU bounds a CPU number: the kernel's affinity masks here hold 1024.
const maxCPU = 1024
