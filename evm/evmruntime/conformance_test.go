package evmruntime_test

import (
	"context"
	"errors"
	"math/big"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/runtimetest"
)

func TestMain(m *testing.M) { os.Exit(devnetenv.Main(m)) }

// node is a devnet chain's backend that counts its requests and can be
// broken.
type node struct {
	evm.Backend
	trips  atomic.Int64
	broken atomic.Bool
}

var errBroken = errors.New("node broken")

func (n *node) CallContract(ctx context.Context, msg ethereum.CallMsg, block *big.Int) ([]byte, error) {
	n.trips.Add(1)
	if n.broken.Load() {
		return nil, errBroken
	}
	return n.Backend.CallContract(ctx, msg, block)
}

func (n *node) BlockNumber(ctx context.Context) (uint64, error) {
	n.trips.Add(1)
	if n.broken.Load() {
		return 0, errBroken
	}
	return n.Backend.BlockNumber(ctx)
}

// granted is bob's allowance of USDC on Sepolia for the SwapFacility,
// approved once per test binary by the runtime's own funding step.
var (
	grantOnce sync.Once
	grantErr  error
)

const grantAmount = 700_000

// The EVM runtime passes the runtime conformance suite on the devnet.
func TestConformance(t *testing.T) {
	env := devnetenv.Get(t)
	chains := [2]orchestration.Chain{orchestration.Sepolia, orchestration.BaseSepolia}
	usdc := env.Asset(t, chains[0], "USDC")
	sepolia, _ := env.Catalog.Chain(chains[0])
	facility := sepolia.Contracts.SwapFacility
	wm := env.Asset(t, chains[0], "wM")
	leg := func(funder string, amount int64) quote.LegRequest {
		return quote.LegRequest{Edge: &quote.Edge{From: usdc, To: wm, Spender: facility},
			AmountIn: big.NewInt(amount), Funder: orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, funder),
			Recipient: orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, funder)}
	}
	bob := devnetenv.Addr(t, "bob")
	var fresh atomic.Int64
	freshAddress := func() common.Address { return common.BigToAddress(big.NewInt(0x5eed0000 + fresh.Add(1))) }

	runtimetest.Run(t, func(t *testing.T) runtimetest.Harness {
		nodes := map[orchestration.Chain]*node{}
		reader, err := devnetenv.NewReader(env.Devnet, func(c orchestration.Chain, b evm.Backend) evm.Backend {
			n := &node{Backend: b}
			nodes[c] = n
			return n
		})
		if err != nil {
			t.Fatal(err)
		}
		rt, err := evmruntime.New(evmruntime.Config{Catalog: env.Catalog, Reader: reader})
		if err != nil {
			t.Fatal(err)
		}
		grantOnce.Do(func() {
			// bob approves exactly grantAmount, with the runtime's own step.
			steps, err := rt.Steps(leg(bob, grantAmount), nil, new(quote.Ledger))
			if err != nil {
				grantErr = err
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			_, grantErr = env.Executor(devnetenv.Account(t, "bob")).Execute(ctx, steps)
		})
		if grantErr != nil {
			t.Fatalf("bob's approve: %v", grantErr)
		}
		return runtimetest.Harness{
			Runtime: rt, Catalog: env.Catalog, Chains: chains,
			Reads: func(c orchestration.Chain, n int) []quote.Read {
				m := env.Asset(t, c, "M")
				out := make([]quote.Read, n)
				for i := range out {
					out[i] = evm.ERC20BalanceOf(common.HexToAddress(m.Address), freshAddress())
				}
				return out
			},
			Advance: func(t *testing.T, c orchestration.Chain) {
				ch, _ := env.Devnet.Chain(c)
				if err := ch.AdvanceTime(time.Second); err != nil {
					t.Fatal(err)
				}
			},
			Break:      func(t *testing.T, c orchestration.Chain) { nodes[c].broken.Store(true) },
			RoundTrips: func(c orchestration.Chain) int { return int(nodes[c].trips.Load()) },
			Funding: runtimetest.Funding{
				Lacking: leg(freshAddress().Hex(), grantAmount),
				Granted: leg(bob, grantAmount),
				Shared:  [2]quote.LegRequest{leg(bob, grantAmount), leg(bob, grantAmount)},
				CallsElsewhere: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
					Chain: chains[0], ChainID: sepolia.ChainID, To: freshAddress().Hex(), Data: "0x", Value: "0"}},
				GrantsElsewhere: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
					Chain: chains[0], ChainID: sepolia.ChainID, To: usdc.Address,
					Data: evm.HexData(evm.ApproveCalldata(freshAddress(), big.NewInt(grantAmount))), Value: "0"}},
			},
		}
	})
}
