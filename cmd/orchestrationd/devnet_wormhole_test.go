package main

import (
	"context"
	"math/big"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/wormhole/executor"
	"github.com/m0-orchestration/m0/wormhole/executor/standin"
)

// `orchestrationd devnet -wormhole` runs the Executor quote API stand-in
// beside the chains and prints its URL, where the repository's Executor
// client gets quotes signed by the devnet quoter; the serve configuration
// is written as without it.
func TestDevnetCommandWormhole(t *testing.T) {
	config := filepath.Join(t.TempDir(), "devnet.yaml")
	stdout, stderr := &testio.Buffer{}, &testio.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	exit := make(chan int, 1)
	go func() {
		exit <- run(ctx, []string{"devnet", "-config-out", config, "-wormhole"}, stdout, stderr, func(string) string { return "" })
	}()
	stopped := false
	stop := func() int {
		if stopped {
			return 0
		}
		stopped = true
		cancel()
		return <-exit
	}
	t.Cleanup(func() { stop() })
	for !strings.Contains(stdout.String(), "stop with Ctrl-C") {
		select {
		case code := <-exit:
			stopped = true
			t.Fatalf("devnet exited %d before announcing:\n%s\n%s", code, stdout.String(), stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	m := regexp.MustCompile(`Executor quote API stand-in: (http://127\.0\.0\.1:\d+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("the banner does not name the Executor stand-in:\n%s", stdout.String())
	}
	c, err := executor.New(executor.Config{BaseURL: m[1]})
	if err != nil {
		t.Fatal(err)
	}
	q, err := c.Quote(t.Context(), executor.Request{SrcChain: devnet.WormholeSepolia, DstChain: devnet.WormholeBaseSepolia,
		Relay: executor.RelayInstructions{GasLimit: big.NewInt(1_000_000)}})
	if err != nil {
		t.Fatal(err)
	}
	if signer, err := standin.Signer(q.Signed); err != nil || signer != standin.DevnetQuoter {
		t.Errorf("quote signed by %s, %v; want the devnet quoter", signer, err)
	}
	if cfg, err := app.LoadConfig(config); err != nil || len(cfg.RPC) != 3 {
		t.Errorf("written configuration: %v", err)
	}
	if code := stop(); code != 0 {
		t.Fatalf("devnet exit %d:\n%s", code, stderr.String())
	}
}
