package quote_test

import (
	"context"
	"log/slog"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// The test catalog: the real asset.Catalog, built from values.
const (
	mAddr    = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b" // M, on Ethereum and Arbitrum
	wMAddr   = "0x437cc33344a0B27A429f795ff6B469C72698B291" // wM on Ethereum
	mSolMint = "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo"
	facility = "0xB6807116b3B1B321a390594e31ECD6e0076f6278"
	sender   = "0x1111111111111111111111111111111111111111"
	other    = "0x2222222222222222222222222222222222222222"
	solKey   = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
)

var (
	mEth  = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mAddr}
	wMEth = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wMAddr}
	mArb  = orchestration.AssetAddress{Chain: orchestration.Arbitrum, Address: mAddr}
	mSol  = orchestration.AssetAddress{Chain: orchestration.Solana, Address: mSolMint}
)

func testCatalog(t testing.TB) *asset.Catalog {
	t.Helper()
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Ethereum, ChainID: 1, Contracts: asset.Contracts{SwapFacility: facility}},
			{Name: orchestration.Arbitrum, ChainID: 42161},
			{Name: orchestration.Solana, ChainID: 1399811149},
		},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Ethereum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Ethereum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Arbitrum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Solana, Address: mSolMint, Symbol: "M", Name: "M by M^0", Decimals: 6},
		},
	})
	if err != nil {
		t.Fatalf("asset.New: %v", err)
	}
	return cat
}

// newEngine builds an engine over the test catalog (unless cfg names other
// assets) that logs into the returned recorder, and checks at the end of the
// test that no goroutine of the engine or its providers is left.
func newEngine(t testing.TB, cfg quote.Config) (*quote.Engine, *recorder) {
	t.Helper()
	checkNoLeaks(t)
	if cfg.Assets == nil {
		cfg.Assets = testCatalog(t)
	}
	rec := new(recorder)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(rec)
	}
	e, err := quote.New(cfg)
	if err != nil {
		t.Fatalf("quote.New: %v", err)
	}
	return e, rec
}

// request is a valid request for M to wM on Ethereum.
func request() orchestration.QuoteRequest {
	return orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: mEth, Destination: wMEth},
		AmountIn: "1000000",
		Sender:   sender,
	}
}

// candidate returns a candidate whose payloads are annotated with name, so
// that tests can tell candidates apart in the quotes.
func candidate(name string, out int64, fill time.Duration, payloads int) quote.Candidate {
	c := quote.Candidate{AmountOut: big.NewInt(out), EstFillTime: fill}
	for range payloads {
		c.Payloads = append(c.Payloads, orchestration.Payload{
			Annotation: name,
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: orchestration.Ethereum, ChainID: 1, To: facility, Data: "0x095ea7b3", Value: "0",
			}},
		})
	}
	return c
}

// names lists the annotation of each quote's first payload.
func names(quotes []orchestration.Quote) []string {
	var s []string
	for _, q := range quotes {
		s = append(s, q.Payloads[0].Annotation)
	}
	return s
}

func ptr[T any](v T) *T { return &v }

// providerFunc is a Provider made of a function, for behaviour memprovider
// does not inject (such as ignoring the context).
type providerFunc struct {
	id orchestration.ProviderID
	f  func(context.Context, quote.Request) ([]quote.Candidate, error)
}

func (p providerFunc) ID() orchestration.ProviderID { return p.id }
func (p providerFunc) Quote(ctx context.Context, r quote.Request) ([]quote.Candidate, error) {
	return p.f(ctx, r)
}

// swap returns an m-swap-facility provider quoting M to wM with cands.
func swap(cands ...quote.Candidate) *memprovider.Provider {
	return memprovider.New(orchestration.ProviderMSwapFacility).Route(mEth, wMEth, cands...)
}

// recorder is an slog.Handler that keeps every record.
type recorder struct {
	mu      sync.Mutex
	records []logRecord
}

type logRecord struct {
	Level   slog.Level
	Message string
	Attrs   map[string]slog.Value
}

func (r *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r *recorder) WithGroup(string) slog.Handler            { return r }

func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	lr := logRecord{Level: rec.Level, Message: rec.Message, Attrs: map[string]slog.Value{}}
	rec.Attrs(func(a slog.Attr) bool {
		lr.Attrs[a.Key] = a.Value
		return true
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, lr)
	return nil
}

// find returns the records with the given level and message.
func (r *recorder) find(level slog.Level, msg string) []logRecord {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []logRecord
	for _, lr := range r.records {
		if lr.Level == level && lr.Message == msg {
			out = append(out, lr)
		}
	}
	return out
}

// checkNoLeaks fails the test if, once it has finished (and after a grace
// period for goroutines on their way out), a goroutine is still running code
// of package quote, memprovider or errgroup. Tests that use it must not run
// in parallel with one another.
func checkNoLeaks(t testing.TB) {
	t.Cleanup(func() {
		deadline := time.Now().Add(2 * time.Second)
		for {
			leaked := engineGoroutines()
			if len(leaked) == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Errorf("%d goroutines leaked:\n\n%s", len(leaked), strings.Join(leaked, "\n\n"))
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}

func engineGoroutines() []string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var leaked []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "m0-orchestration/m0/quote.") ||
			strings.Contains(g, "m0-orchestration/m0/quote/memprovider.") ||
			strings.Contains(g, "golang.org/x/sync/errgroup.") {
			leaked = append(leaked, g)
		}
	}
	return leaked
}
