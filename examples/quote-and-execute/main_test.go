package main

import (
	"context"
	"testing"
	"time"
)

// The in-process flow runs end to end: quote, execute every payload, wait
// for the bridge, and see the recipient paid at least minAmountOut.
func TestRunDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a devnet and executes a three-leg route")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := runDevnet(ctx, "2500000", ""); err != nil {
		t.Fatal(err)
	}
}
