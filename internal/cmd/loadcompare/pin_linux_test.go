package main

import (
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// pinProcess binds every thread, those started before it too, and sets
// GOMAXPROCS to the number of CPUs.
func TestPinProcessBindsEveryThread(t *testing.T) {
	all := restoreAffinity(t)

	if err := pinProcess(all[len(all)-1:]); err != nil {
		t.Fatal(err)
	}
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("GOMAXPROCS %d, want 1", n)
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		tid, _ := strconv.Atoi(task.Name())
		var got unix.CPUSet
		if unix.SchedGetaffinity(tid, &got) != nil {
			continue // ended since
		}
		if got.Count() != 1 || !got.IsSet(all[len(all)-1]) {
			t.Errorf("thread %d may run on %d CPUs, want only CPU %d", tid, got.Count(), all[len(all)-1])
		}
	}
}

// A list naming a CPU the process may not use (here, past the machine's) is
// an error: the kernel would keep only the others, and binding would never
// see every thread bound.
func TestPinProcessRefusesUnusableCPUs(t *testing.T) {
	all := restoreAffinity(t)
	if slices.Contains(all, 1023) {
		t.Skip("this machine may use CPU 1023")
	}
	done := make(chan error, 1)
	go func() { done <- pinProcess([]int{all[0], 1023}) }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("pinning to an unusable CPU succeeded")
		}
	case <-time.After(time.Minute):
		t.Fatal("pinProcess did not return: it loops on a CPU the kernel drops")
	}
}

// restoreAffinity returns the CPUs the test process may use now, and has
// the process bound to them again, with its GOMAXPROCS, when the test ends.
func restoreAffinity(t *testing.T) []int {
	t.Helper()
	var before unix.CPUSet
	if err := unix.SchedGetaffinity(0, &before); err != nil {
		t.Skip(err)
	}
	var all []int
	for c := range maxCPU {
		if before.IsSet(c) {
			all = append(all, c)
		}
	}
	procs := runtime.GOMAXPROCS(0)
	t.Cleanup(func() {
		if err := pinProcess(all); err != nil {
			t.Error(err)
		}
		runtime.GOMAXPROCS(procs)
	})
	return all
}
