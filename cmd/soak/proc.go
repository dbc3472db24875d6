package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"
)

// proc is a child process the harness starts, stops and restarts: it runs
// in a process group of its own (so a stop reaches its children too), with
// its stdout kept for the banner and both streams appended to a log file.
type proc struct {
	name string
	bin  string
	args []string
	env  []string
	log  string // path of its log file

	mu     sync.Mutex
	cmd    *exec.Cmd
	stdout *syncBuffer
	exited chan struct{}
}

// start runs the process; it returns once it has started.
func (p *proc) start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	logf, err := os.OpenFile(p.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	fmt.Fprintf(logf, "\n--- %s: %s %s\n", time.Now().UTC().Format(time.RFC3339), p.bin, strings.Join(p.args, " "))
	cmd := exec.Command(p.bin, p.args...)
	cmd.Env = append(os.Environ(), p.env...)
	out := &syncBuffer{tee: logf}
	cmd.Stdout, cmd.Stderr = out, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("%s: %w", p.name, err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		logf.Close()
		close(exited)
	}()
	p.cmd, p.stdout, p.exited = cmd, out, exited
	return nil
}

// await waits until the process's stdout matches re and returns the
// submatches, failing if the process exits first or within timeout.
func (p *proc) await(re *regexp.Regexp, timeout time.Duration) ([]string, error) {
	p.mu.Lock()
	out, exited := p.stdout, p.exited
	p.mu.Unlock()
	deadline := time.After(timeout)
	for {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m, nil
		}
		select {
		case <-exited:
			return nil, fmt.Errorf("%s exited before announcing itself (log: %s)", p.name, p.log)
		case <-deadline:
			return nil, fmt.Errorf("%s did not announce itself within %s (log: %s)", p.name, timeout, p.log)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// signal sends sig to the process's group and, unless sig is SIGSTOP or
// SIGCONT, waits up to a minute for it to exit (then kills it).
func (p *proc) signal(sig syscall.Signal) {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, sig)
	if sig == syscall.SIGSTOP || sig == syscall.SIGCONT {
		return
	}
	select {
	case <-exited:
	case <-time.After(time.Minute):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	}
}

// running says whether the process has been started and not exited.
func (p *proc) running() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil {
		return false
	}
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// syncBuffer is an output buffer safe to read while the process writes,
// copying what it gets to tee.
type syncBuffer struct {
	mu  sync.Mutex
	b   strings.Builder
	tee *os.File
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Write(p)
	s.tee.Write(p)
	return len(p), nil
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// freePort returns a loopback TCP port nothing listens on now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// waitTCP waits until something accepts connections on addr.
func waitTCP(ctx context.Context, addr string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(fmt.Errorf("nothing listens on %s", addr), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
