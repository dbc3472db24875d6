package evm_test

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/prometheus/client_golang/prometheus"
)

// gatedBackend wraps a Backend: it counts eth_calls, reports each on
// entered, holds each until release is closed (if set), and fails every
// call with err (if set).
type gatedBackend struct {
	evm.Backend
	calls   atomic.Int32
	entered chan struct{}
	release chan struct{}
	err     error
}

func (b *gatedBackend) CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error) {
	b.calls.Add(1)
	if b.entered != nil {
		b.entered <- struct{}{}
	}
	if b.release != nil {
		select {
		case <-b.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if b.err != nil {
		return nil, b.err
	}
	return b.Backend.CallContract(ctx, msg, block)
}

func (b *gatedBackend) BlockNumber(ctx context.Context) (uint64, error) {
	if b.err != nil {
		return 0, b.err
	}
	return b.Backend.BlockNumber(ctx)
}

// gatedReader is a Reader whose chain has gate in front of its client.
func gatedReader(t testing.TB, chain orchestration.Chain, gate *gatedBackend, reg prometheus.Registerer) *evm.Reader {
	return newReader(t, evm.Config{Registerer: reg, Chains: chainConfigs(func(name orchestration.Chain, b evm.Backend) evm.Backend {
		if name != chain {
			return b
		}
		gate.Backend = b
		return gate
	})})
}

func TestConcurrentIdenticalReadsShareOneRoundTrip(t *testing.T) {
	chain := orchestration.Sepolia
	k := dn.Contracts(chain)
	gate := &gatedBackend{entered: make(chan struct{}, 16), release: make(chan struct{})}
	r := gatedReader(t, chain, gate, nil)
	calls := []evm.Call{evm.ERC20BalanceOf(k.USDC, account(t, "alice").Address), evm.ERC20BalanceOf(k.USDT, account(t, "bob").Address)}
	swapped := []evm.Call{calls[1], calls[0]} // the same set in another order

	const n = 8
	var wg sync.WaitGroup
	answers := make([]*evm.Answers, n)
	trips := make([]*evm.Trips, n)
	errs := make([]error, n)
	read := func(i int) {
		defer wg.Done()
		var ctx context.Context
		ctx, trips[i] = evm.WithTrips(context.Background())
		c := calls
		if i%2 == 1 {
			c = swapped
		}
		answers[i], errs[i] = r.Read(ctx, chain, c)
	}
	wg.Add(1)
	go read(0)
	<-gate.entered // the first read holds its round trip open
	for i := 1; i < n; i++ {
		wg.Add(1)
		go read(i)
	}
	time.Sleep(50 * time.Millisecond) // lets the others join the first read (ordering only, nothing timed is asserted)
	close(gate.release)
	wg.Wait()

	if got := gate.calls.Load(); got != 1 {
		t.Errorf("%d concurrent identical reads made %d eth_calls, want 1", n, got)
	}
	total := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("read %d: %v", i, errs[i])
		}
		total += trips[i].Total()
		if answers[i].Block != answers[0].Block || answers[i].Len() != 2 {
			t.Errorf("read %d: block %d with %d answers, want block %d with 2", i, answers[i].Block, answers[i].Len(), answers[0].Block)
		}
	}
	if total != 1 {
		t.Errorf("round trips counted over all reads: %d, want 1", total)
	}
	// Each caller owns its answers: changing one changes no other.
	answers[1].Put(calls[0], evm.Result{OK: false})
	if res := mustGet(t, answers[3], calls[0]); !res.OK {
		t.Error("answers of shared reads alias each other")
	}
}

func TestReadErrors(t *testing.T) {
	chain := orchestration.BaseSepolia
	k := dn.Contracts(chain)
	calls := []evm.Call{evm.ERC20BalanceOf(k.USDC, account(t, "alice").Address)}

	t.Run("failing node", func(t *testing.T) {
		boom := errors.New("node exploded")
		reg := prometheus.NewRegistry()
		r := gatedReader(t, chain, &gatedBackend{err: boom}, reg)
		_, err := r.Read(context.Background(), chain, calls)
		if !errors.Is(err, boom) || !strings.Contains(err.Error(), string(chain)) || !strings.Contains(err.Error(), "aggregate3") {
			t.Errorf("error %q: want it to wrap the cause and name %s and aggregate3", err, chain)
		}
		if got := promtest.Chain(t, reg, "orchestration_evm_read_errors_total", string(chain)); got != 1 {
			t.Errorf("read errors counted: %v, want 1", got)
		}
		if got := promtest.Chain(t, reg, "orchestration_evm_round_trips_total", string(chain)); got != 1 {
			t.Errorf("round trips counted: %v, want 1", got)
		}
		// The other chains still read.
		if _, err := r.Read(context.Background(), orchestration.Sepolia, []evm.Call{evm.ERC20BalanceOf(k.USDC, common.Address{})}); err != nil {
			t.Errorf("other chain: %v", err)
		}
	})

	t.Run("unknown chain", func(t *testing.T) {
		r := newReader(t, evm.Config{})
		for _, read := range []func() error{
			func() error { _, err := r.Read(context.Background(), orchestration.Base, calls); return err },
			func() error { _, err := r.ReadAt(context.Background(), orchestration.Base, calls, 1); return err },
		} {
			if err := read(); !errors.Is(err, evm.ErrUnknownChain) || !strings.Contains(err.Error(), "Base") {
				t.Errorf("error %v: want ErrUnknownChain naming Base", err)
			}
		}
		if r.Has(orchestration.Base) || !r.Has(chain) || len(r.Chains()) != 3 {
			t.Errorf("Has(Base)=%v Has(%s)=%v Chains()=%v", r.Has(orchestration.Base), chain, r.Has(chain), r.Chains())
		}
	})

	t.Run("cancelled context", func(t *testing.T) {
		gate := &gatedBackend{entered: make(chan struct{}, 1), release: make(chan struct{})}
		defer close(gate.release)
		r := gatedReader(t, chain, gate, nil)
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			<-gate.entered
			cancel()
		}()
		_, err := r.Read(ctx, chain, calls)
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), string(chain)) {
			t.Errorf("error %v: want context.Canceled naming %s", err, chain)
		}
	})
}

func TestNewReaderValidates(t *testing.T) {
	ok := chainConfigs(nil)[0]
	tests := []struct {
		name   string
		chains []evm.ChainConfig
		want   string
	}{
		{"no name", []evm.ChainConfig{{Multicall3: ok.Multicall3, Backend: ok.Backend}}, "no name"},
		{"twice", []evm.ChainConfig{ok, ok}, "twice"},
		{"no multicall", []evm.ChainConfig{{Name: ok.Name, Backend: ok.Backend}}, "Multicall3"},
		{"no backend", []evm.ChainConfig{{Name: ok.Name, Multicall3: ok.Multicall3}}, "backend"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := evm.NewReader(evm.Config{Chains: tt.chains})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}
