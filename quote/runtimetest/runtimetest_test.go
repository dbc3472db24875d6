package runtimetest_test

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/runtimetest"
)

// ticketRuntime is a pretend third runtime, shaped after neither EVM nor
// Solana: its chains are in-memory key-value stores with a height, a read
// is a key, and a leg is funded by tickets, one used per leg, that an
// "issue" payload adds. The suite must hold it to the same rules.
type ticketRuntime struct {
	cat *asset.Catalog
	mu  sync.Mutex
	// nodes by chain
	nodes map[orchestration.Chain]*ticketNode
}

// ticketNode is one pretend chain: its state at each height.
type ticketNode struct {
	heights []map[string]int64 // [h] is the state at height h+1
	trips   int
	down    bool
}

func (n *ticketNode) height() uint64 { return uint64(len(n.heights)) }

// key is a read: one key of a chain's store.
type key string

func (k key) ReadKey() string { return string(k) }

// ticketState is what a chain answered, at one height.
type ticketState struct {
	at     uint64
	values map[string]int64
}

func (s *ticketState) At() uint64           { return s.at }
func (s *ticketState) HasKey(k string) bool { _, ok := s.values[k]; return ok }
func (s *ticketState) value(k string) int64 { return s.values[k] }
func stateOf(s quote.State) *ticketState    { ts, _ := s.(*ticketState); return ts }
func ticketKey(leg quote.LegRequest) key {
	return key("tickets " + leg.From.Address + " " + leg.Funder.String() + " " + leg.Spender)
}
func issue(token, party string) string                          { return "issue " + token + " " + party }
func (r *ticketRuntime) node(c orchestration.Chain) *ticketNode { return r.nodes[c] }

// down is the error of a broken pretend node.
type down struct{ chain orchestration.Chain }

func (d *down) Error() string                         { return string(d.chain) + " is down" }
func (d *down) UnavailableChain() orchestration.Chain { return d.chain }
func (d *down) RetryHint() time.Duration              { return time.Second }

func (r *ticketRuntime) Serves() orchestration.ChainRuntime { return "tickets" }

func (r *ticketRuntime) Has(c orchestration.Chain) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.nodes[c] != nil
}

func (r *ticketRuntime) ReadState(_ context.Context, c orchestration.Chain, reads []quote.Read, prev quote.State) (quote.State, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.nodes[c]
	if n == nil {
		return nil, fmt.Errorf("no chain %s", c)
	}
	n.trips++
	if n.down {
		return nil, &down{c}
	}
	s := &ticketState{at: n.height(), values: map[string]int64{}}
	if p := stateOf(prev); p != nil {
		s.at = p.at
		maps.Copy(s.values, p.values)
	}
	for _, rd := range reads {
		s.values[rd.ReadKey()] = n.heights[s.at-1][rd.ReadKey()]
	}
	return s, nil
}

func (r *ticketRuntime) Reads(leg quote.LegRequest) []quote.Read {
	if leg.Spender == "" {
		return nil
	}
	return []quote.Read{ticketKey(leg)}
}

func (r *ticketRuntime) BalanceRead(token asset.AssetInfo, holder string) quote.Read {
	return key("balance " + token.Address + " " + holder)
}

func (r *ticketRuntime) Balance(s quote.State, rd quote.Read) (*big.Int, bool) {
	ts := stateOf(s)
	if ts == nil || !ts.HasKey(rd.ReadKey()) {
		return nil, false
	}
	return big.NewInt(ts.value(rd.ReadKey())), true
}

// Steps issues a ticket when the funder has none left for the route.
func (r *ticketRuntime) Steps(leg quote.LegRequest, s quote.State, ledger *quote.Ledger) ([]orchestration.Payload, error) {
	if leg.Spender == "" {
		return nil, nil
	}
	g := quote.Grant{Chain: leg.From.Chain, Asset: leg.From.Address, To: leg.Spender}
	left, ok := ledger.Left(g)
	if !ok {
		left = big.NewInt(0)
		if ts := stateOf(s); ts != nil {
			left = big.NewInt(ts.value(ticketKey(leg).ReadKey()))
		}
	}
	if left.Sign() > 0 {
		ledger.Keep(g, new(big.Int).Sub(left, big.NewInt(1)))
		return nil, nil
	}
	ledger.Keep(g, new(big.Int)) // issued, and used by this leg
	return []orchestration.Payload{{
		Annotation: "Issue a " + leg.From.Symbol + " ticket to " + leg.Spender,
		Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{
			Chain: leg.From.Chain, Transaction: issue(leg.From.Address, leg.Spender)}},
	}}, nil
}

func (r *ticketRuntime) CheckPayload(chain asset.ChainInfo, p orchestration.TransactionPayload) error {
	_, _, err := r.parse(chain, p)
	return err
}

func (r *ticketRuntime) CheckLeg(chain asset.ChainInfo, leg quote.LegRequest, p orchestration.TransactionPayload) error {
	token, party, err := r.parse(chain, p)
	switch {
	case err != nil:
		return err
	case token != leg.From.Address || party != leg.Spender:
		return fmt.Errorf("issues %s to %s, not the leg's %s to %s", token, party, leg.From.Address, leg.Spender)
	}
	return nil
}

// parse reads an "issue TOKEN PARTY" payload of a catalog token.
func (r *ticketRuntime) parse(chain asset.ChainInfo, p orchestration.TransactionPayload) (token, party string, err error) {
	if p.SVM == nil || p.SVM.Chain != chain.Name {
		return "", "", fmt.Errorf("not a ticket payload on %s", chain.Name)
	}
	f := strings.Fields(p.SVM.Transaction)
	if len(f) != 3 || f[0] != "issue" {
		return "", "", fmt.Errorf("%q is not an issue", p.SVM.Transaction)
	}
	if _, err := r.cat.Resolve(orchestration.AssetAddress{Chain: chain.Name, Address: f[1]}); err != nil {
		return "", "", fmt.Errorf("issues %s, no token of the catalog", f[1])
	}
	return f[1], f[2], nil
}

func TestPretendRuntime(t *testing.T) {
	cat := asset.Default()
	chains := [2]orchestration.Chain{orchestration.Ethereum, orchestration.Base}
	token := func(t *testing.T, chain orchestration.Chain, symbol string) asset.AssetInfo {
		for _, a := range cat.Assets() {
			if a.Chain == chain && a.Symbol == symbol {
				return a
			}
		}
		t.Fatalf("no %s on %s", symbol, chain)
		return asset.AssetInfo{}
	}
	runtimetest.Run(t, func(t *testing.T) runtimetest.Harness {
		rt := &ticketRuntime{cat: cat, nodes: map[orchestration.Chain]*ticketNode{}}
		for _, c := range chains {
			rt.nodes[c] = &ticketNode{heights: []map[string]int64{{}}}
		}
		m, wm := token(t, chains[0], "M"), token(t, chains[0], "wM")
		// The parties are addresses of the chains' runtime (the catalog's):
		// the engine hands every runtime parsed ones.
		alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, "0x00000000000000000000000000000000000A11CE")
		carol := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, "0x00000000000000000000000000000000000CA201")
		leg := func(funder orchestration.Address, spender string) quote.LegRequest {
			return quote.LegRequest{Edge: &quote.Edge{From: m, To: wm, Spender: spender}, AmountIn: big.NewInt(5), Funder: funder, Recipient: funder}
		}
		// carol holds one ticket for the facility: enough for one leg.
		rt.nodes[chains[0]].heights[0][ticketKey(leg(carol, "facility")).ReadKey()] = 1
		var mu sync.Mutex
		fresh := 0
		return runtimetest.Harness{
			Runtime: rt, Catalog: cat, Chains: chains,
			Reads: func(c orchestration.Chain, n int) []quote.Read {
				mu.Lock()
				defer mu.Unlock()
				out := make([]quote.Read, n)
				for i := range out {
					fresh++
					out[i] = key(fmt.Sprintf("sample %d", fresh))
				}
				return out
			},
			Advance: func(t *testing.T, c orchestration.Chain) {
				rt.mu.Lock()
				defer rt.mu.Unlock()
				n := rt.nodes[c]
				n.heights = append(n.heights, maps.Clone(n.heights[len(n.heights)-1]))
			},
			Break: func(t *testing.T, c orchestration.Chain) {
				rt.mu.Lock()
				defer rt.mu.Unlock()
				rt.nodes[c].down = true
			},
			RoundTrips: func(c orchestration.Chain) int {
				rt.mu.Lock()
				defer rt.mu.Unlock()
				return rt.nodes[c].trips
			},
			Funding: runtimetest.Funding{
				Lacking: leg(alice, "facility"),
				Granted: leg(carol, "facility"),
				Shared:  [2]quote.LegRequest{leg(carol, "facility"), leg(carol, "facility")},
				CallsElsewhere: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{
					Chain: chains[0], Transaction: issue("0x000000000000000000000000000000000000dEaD", "facility")}},
				GrantsElsewhere: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{
					Chain: chains[0], Transaction: issue(m.Address, "mallory")}},
			},
		}
	})
}
