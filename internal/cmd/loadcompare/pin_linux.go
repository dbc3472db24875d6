package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// pinProcess binds every thread of this process to cpus and sets
// GOMAXPROCS to their number, as if the program had been started under
// taskset -c. The runtime starts a thread from another one, which passes on
// its mask, so the pass is repeated until it finds no thread left to bind.
func pinProcess(cpus []int) error {
	if len(cpus) == 0 {
		return errors.New("no CPUs to pin to")
	}
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	for {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return fmt.Errorf("pinning needs Linux: %w", err)
		}
		bound := 0
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			var cur unix.CPUSet
			if unix.SchedGetaffinity(tid, &cur) != nil || cur == set {
				continue // gone since the listing, or already bound
			}
			if err := unix.SchedSetaffinity(tid, &set); err != nil {
				return fmt.Errorf("pin to CPUs %v: %w", cpus, err)
			}
			// The kernel keeps only the CPUs the process may use (its
			// cpuset, those online); then no pass would find every thread
			// bound, so refuse the list instead of looping.
			if unix.SchedGetaffinity(tid, &cur) == nil && cur != set {
				return fmt.Errorf("pin to CPUs %v: only %d of them may be used here", cpus, cur.Count())
			}
			bound++
		}
		if bound == 0 {
			break
		}
	}
	runtime.GOMAXPROCS(set.Count())
	return nil
}

// allowedCPUs is the list of CPUs this process may run on now, in the form
// parseCPUList reads.
func allowedCPUs() (string, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return "", err
	}
	var list []string
	for c := range maxCPU {
		if set.IsSet(c) {
			list = append(list, strconv.Itoa(c))
		}
	}
	return strings.Join(list, ","), nil
}
