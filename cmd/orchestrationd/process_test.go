package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/internal/testing/testio"
)

// childProcess is a program a test runs as its own process.
type childProcess struct {
	stdout, stderr *testio.Buffer
	exited         chan error
}

// startChild runs bin with args in dir ("": the test's own) and env added
// to the environment, keeping its output; when the test ends it sends the process SIGINT and waits for
// it, logging its stderr (as what's log) if the test failed.
func startChild(t *testing.T, what, dir, bin string, args, env []string) *childProcess {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	p := &childProcess{stdout: &testio.Buffer{}, stderr: &testio.Buffer{}, exited: make(chan error, 1)}
	cmd.Stdout, cmd.Stderr = p.stdout, p.stderr
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	go func() { p.exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cancel()
		<-p.exited
		if t.Failed() {
			t.Logf("%s's log:\n%s", what, p.stderr.String())
		}
	})
	return p
}

// awaitStdout polls the process's stdout until announced finds what it
// waits for, failing the test (as what) if the process exits first.
func (p *childProcess) awaitStdout(t *testing.T, what string, announced func(stdout string) bool) {
	t.Helper()
	for !announced(p.stdout.String()) {
		select {
		case err := <-p.exited:
			p.exited <- err // for the cleanup
			t.Fatalf("%s exited (%v) before announcing:\n%s\n%s", what, err, p.stdout.String(), p.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// buildBinary builds the Go package pkg ("." for orchestrationd) into
// dir/name and returns its path.
func buildBinary(t *testing.T, dir, name, pkg string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}
