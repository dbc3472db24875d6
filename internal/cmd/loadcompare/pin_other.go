//go:build !linux

package main

import "errors"

// pinProcess is Linux's only (sched_setaffinity).
func pinProcess([]int) error {
	return errors.New("pinning to CPUs needs Linux")
}

// allowedCPUs is Linux's only.
func allowedCPUs() (string, error) {
	return "", errors.New("pinning to CPUs needs Linux")
}
