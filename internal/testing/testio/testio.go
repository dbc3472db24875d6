// Package testio holds small I/O helpers for tests.
package testio

import (
	"strings"
	"sync"
)

// Buffer collects what a running program or server writes (its output,
// its log lines) while the test reads it: writes and reads may come from
// different goroutines. The zero value is ready to use.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
