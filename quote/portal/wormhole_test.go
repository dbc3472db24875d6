package portal_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"log/slog"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// provider is the m-portal provider over w, with cfg's Executors set to
// w's caches unless cfg names some.
func (w *world) provider(t *testing.T, cfg portal.Config, logger *slog.Logger) *portal.Provider {
	t.Helper()
	if logger == nil {
		logger = discard
	}
	p, err := portal.New(quote.Deps{Catalog: w.cat, Runtimes: devnetenv.Runtimes(w.cat, w.evm), Logger: logger}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (w *world) executors() portal.Config {
	return portal.Config{Executors: portal.Executors{Mainnet: w.mainCache, Testnet: w.testCache}}
}

func (w *world) engine(t *testing.T, providers ...quote.Provider) *quote.Engine {
	t.Helper()
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: devnetenv.Runtimes(w.cat, w.evm), Providers: providers, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func ref(chain orchestration.Chain, addr string) orchestration.AssetAddress {
	return orchestration.AssetAddress{Chain: chain, Address: addr}
}

func findEdge(t *testing.T, p *portal.Provider, from orchestration.Chain, fromSym string, to orchestration.Chain, toSym string) quote.Edge {
	t.Helper()
	return edge(t, p, from, fromSym, to, toSym)
}

// TestWormholeEdges: Ethereum reaches Solana and Base through the
// Wormhole adapter, Base reaches Ethereum through an adapter that quotes
// on chain, Sepolia reaches SolanaDevnet; the destination token of a
// Solana edge is the mint, and only extensions are Solana destinations
// (Ethereum's portal supports M to Solana's M, which the Solana Portal
// would deliver as an extension). Every EVM source is read in three round
// trips (M token; paths, adapters and gas limits; the adapters' Wormhole
// views).
func TestWormholeEdges(t *testing.T) {
	w := newWorld(t)
	p := w.provider(t, w.executors(), nil)
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		name(orchestration.Base, "M", orchestration.Ethereum, "M"), name(orchestration.Base, "wM", orchestration.Ethereum, "wM"),
		name(orchestration.Ethereum, "M", orchestration.Base, "M"), name(orchestration.Ethereum, "M", orchestration.Solana, "wM"),
		name(orchestration.Ethereum, "wM", orchestration.Base, "wM"), name(orchestration.Ethereum, "wM", orchestration.Solana, "wM"),
		name(orchestration.Sepolia, "wM", orchestration.SolanaDevnet, "wM"),
	}
	if got := edgeNames(t, w.cat, edges); !slices.Equal(got, want) {
		t.Errorf("edges:\n got %v\nwant %v", got, want)
	}
	for _, c := range []orchestration.Chain{orchestration.Ethereum, orchestration.Base, orchestration.Sepolia} {
		if n := w.evm.trips(c); n != 3 {
			t.Errorf("Edges read %s in %d round trips, want 3", c, n)
		}
	}

	// A second pass is served by the chain reader's cache in a real one;
	// here it reads again, and lists the same.
	again, err := p.Edges(context.Background())
	if err != nil || len(again) != len(edges) {
		t.Errorf("second Edges: %d edges, %v; want the same %d", len(again), err, len(edges))
	}
}

// TestWormholeReads: a leg through the Wormhole adapter declares the core
// bridge's messageFee() (chain state) and sendPaused(), not quote(), and
// no destination read on Solana; one through an adapter quoting on chain
// keeps quote(dest, 0) and the destination's receivePaused().
func TestWormholeReads(t *testing.T) {
	w := newWorld(t)
	p := w.provider(t, w.executors(), nil)
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, aliceEVM)
	bob := orchestration.SVMAddress(bobSol)

	e := findEdge(t, p, orchestration.Ethereum, "wM", orchestration.Solana, "wM")
	leg := quote.LegRequest{Edge: &e, Funder: alice, Recipient: bob, Refund: alice}
	reads := calls(p.Reads(leg))
	if len(reads) != 2 || reads[0].To != ethCore || reads[0].Immutable || reads[1].To != portalAddr {
		t.Fatalf("reads %+v, want messageFee() of the core bridge %s and sendPaused() of the portal", reads, ethCore.Hex())
	}
	if !bytes.Equal(reads[0].Data, whTestABI.Methods["messageFee"].ID) {
		t.Errorf("first read %x, want messageFee()", reads[0].Data)
	}
	decode(t, method(t, "sendPaused", 0), reads[1].Data)
	if dst := p.DestinationReads(leg); len(dst) != 0 {
		t.Errorf("destination reads on Solana %v, want none (no decoder of the Solana Portal's global)", dst)
	}

	e = findEdge(t, p, orchestration.Base, "wM", orchestration.Ethereum, "wM")
	leg = quote.LegRequest{Edge: &e, Funder: alice, Recipient: alice, Refund: alice}
	reads = calls(p.Reads(leg))
	if len(reads) != 2 {
		t.Fatalf("%d reads, want quote and sendPaused", len(reads))
	}
	if args := decode(t, method(t, "quote", 2), reads[0].Data); args[0].(uint32) != ethID {
		t.Errorf("quote%v, want (%d, 0)", args, ethID)
	}
	if dst := calls(p.DestinationReads(leg)); len(dst) != 1 || dst[0].To != portalAddr {
		t.Errorf("destination reads %+v, want receivePaused() of the Ethereum portal", dst)
	}
}

// TestSendTokenToSolana is the golden test of an EVM sendToken to Solana,
// quoted through the engine and decoded field by field, on mainnet and on
// testnet.
func TestSendTokenToSolana(t *testing.T) {
	for _, tt := range []struct {
		name        string
		src, dst    orchestration.Chain
		destID      uint32
		srcWormhole uint16
		messageFee  int64
		quoter      func(*world) *fakeQuoter
		wantFee     string
	}{
		{"mainnet", orchestration.Ethereum, orchestration.Solana, solanaID, whEthereum, ethMessageFee,
			func(w *world) *fakeQuoter { return w.mainnet }, "Wormhole message fee 0.000000001 ETH + Executor relay 0.0003 ETH"},
		{"testnet", orchestration.Sepolia, orchestration.SolanaDevnet, solanaDevnetID, whSepolia, sepMessageFee,
			func(w *world) *fakeQuoter { return w.testnet }, "Wormhole message fee 0 ETH + Executor relay 0.0001 ETH"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			e := w.engine(t, w.provider(t, w.executors(), nil))
			req := orchestration.QuoteRequest{
				Route:    orchestration.Route{Source: ref(tt.src, wMAddr), Destination: ref(tt.dst, solWMMint.String())},
				AmountIn: "2500000", Sender: aliceEVM, Recipient: bobSol.String(),
			}
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			q := quotes[0]
			if q.AmountOut != "2500000" || q.MinAmountOut != q.AmountOut {
				t.Errorf("amountOut %s (min %s), want exactly the 2500000 in", q.AmountOut, q.MinAmountOut)
			}
			if want := int64(portal.DefaultEstTime / time.Second); q.EstFillTime != want {
				t.Errorf("estFillTime %d, want the default %d", q.EstFillTime, want)
			}
			send := q.Payloads[len(q.Payloads)-1]
			tx := send.Data.EVM
			if tx == nil || tx.Chain != tt.src || tx.To != portalAddr.Hex() {
				t.Fatalf("last payload %+v, want a call of the %s Portal", send.Data, tt.src)
			}
			data := hexutil.MustDecode(tx.Data)
			if got := hex.EncodeToString(data[:4]); got != "bb28df4a" {
				t.Errorf("selector %s, want sendToken's 7-argument 0xbb28df4a (facts §2.2)", got)
			}
			asked, signed := tt.quoter(w).lastAsked(t)
			relay, _ := asked.Relay.Bytes()
			wantRelay := "01" + "00000000000000000000000000061a80" + "000000000000000000000000004c4b40" // 0x01 | 400000 u128 | 5000000 u128
			if asked.SrcChain != tt.srcWormhole || asked.DstChain != whSolana || hex.EncodeToString(relay) != wantRelay {
				t.Errorf("the Executor was asked %d → %d relay %x, want %d → %d relay %s", asked.SrcChain, asked.DstChain, relay, tt.srcWormhole, whSolana, wantRelay)
			}
			args := decode(t, method(t, "sendToken", 7), data)
			pad := func(a string) [32]byte { return common.BytesToHash(common.HexToAddress(a).Bytes()) }
			for i, c := range []struct {
				what      string
				got, want any
			}{
				{"amount", args[0].(*big.Int).String(), "2500000"},
				{"sourceToken", args[1].(common.Address), common.HexToAddress(wMAddr)},
				{"destinationChainId", args[2], tt.destID},
				{"destinationToken (the mint)", args[3], [32]byte(solWMMint)},
				{"recipient (the base58 key)", args[4], [32]byte(bobSol)},
				{"refundAddress (the funder)", args[5], pad(aliceEVM)},
				{"bridgeAdapterArgs (the signed quote)", hex.EncodeToString(args[6].([]byte)), hex.EncodeToString(signed)},
				{"value (message fee + relay cost)", tx.Value, big.NewInt(tt.messageFee + tt.quoter(w).cost).String()},
			} {
				if c.got != c.want {
					t.Errorf("sendToken %d (%s) = %v, want %v", i, c.what, c.got, c.want)
				}
			}
			if !strings.Contains(send.Annotation, "to "+string(tt.dst)+" through the M Portal ("+tt.wantFee+")") {
				t.Errorf("annotation %q, want it to name %q", send.Annotation, tt.wantFee)
			}
			// The approve before it grants the portal exactly the amount.
			approve := q.Payloads[0].Data.EVM
			if len(q.Payloads) != 2 || approve.To != wMAddr {
				t.Fatalf("payloads %d, want the approve of wM and sendToken", len(q.Payloads))
			}
		})
	}
}

// TestWarmRelayQuoteMakesNoExecutorCall: a cold route asks the Executor
// once (PricesLocally is false, so the engine gives QuoteLeg a deadline);
// once cached, PricesLocally is true and the next quotes make no call.
func TestWarmRelayQuoteMakesNoExecutorCall(t *testing.T) {
	w := newWorld(t)
	p := w.provider(t, w.executors(), nil)
	e := w.engine(t, p)
	ed := findEdge(t, p, orchestration.Ethereum, "wM", orchestration.Solana, "wM")
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, aliceEVM)
	leg := quote.LegRequest{Edge: &ed, AmountIn: big.NewInt(1), Funder: alice, Recipient: orchestration.SVMAddress(bobSol), Refund: alice}
	if p.PricesLocally(leg) {
		t.Error("PricesLocally of a cold Wormhole route: true, want false (QuoteLeg must ask the Executor)")
	}
	onChain := findEdge(t, p, orchestration.Base, "wM", orchestration.Ethereum, "wM")
	if !p.PricesLocally(quote.LegRequest{Edge: &onChain}) {
		t.Error("PricesLocally of an on-chain-quoted route: false, want true")
	}
	req := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: ref(orchestration.Ethereum, wMAddr), Destination: ref(orchestration.Solana, solWMMint.String())},
		AmountIn: "1000000", Sender: aliceEVM, Recipient: bobSol.String(),
	}
	if _, err := e.Quote(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if n := w.mainnet.calls.Load(); n != 1 {
		t.Fatalf("cold quote: %d Executor calls, want 1", n)
	}
	if !p.PricesLocally(leg) {
		t.Error("PricesLocally once the quote is cached: false, want true")
	}
	for range 3 {
		req.AmountIn = "1234567"
		if _, err := e.Quote(context.Background(), req); err != nil {
			t.Fatal(err)
		}
	}
	if n := w.mainnet.calls.Load(); n != 1 {
		t.Errorf("warm quotes: %d Executor calls in all, want still 1", n)
	}
}

// TestExecutorDownFailsOnlyWormholeRoutes: with the Executor answering
// 503, routes through the Wormhole adapter fail with its *executor.Error
// (Retry-After kept), and a route quoted on chain is served.
func TestExecutorDownFailsOnlyWormholeRoutes(t *testing.T) {
	w := newWorld(t)
	down := &executor.Error{Endpoint: "https://executor.example", Status: 503, RetryAfter: 30 * time.Second, Message: "overloaded"}
	w.mainnet.err = down
	e := w.engine(t, w.provider(t, w.executors(), nil))
	for _, dst := range []orchestration.AssetAddress{ref(orchestration.Solana, solWMMint.String()), ref(orchestration.Base, wMAddr)} {
		recipient := bobSol.String()
		if dst.Chain == orchestration.Base {
			recipient = carolEVM
		}
		_, err := e.Quote(context.Background(), orchestration.QuoteRequest{
			Route: orchestration.Route{Source: ref(orchestration.Ethereum, wMAddr), Destination: dst}, AmountIn: "1000000", Sender: aliceEVM, Recipient: recipient})
		var ee *executor.Error
		if !errors.As(err, &ee) || ee.RetryAfter != 30*time.Second || codeOf(err) != orchestration.QuoteError {
			t.Errorf("Ethereum wM → %s with the Executor down: %v, want a QuoteError carrying the Executor's 503 and its Retry-After", dst.Chain, err)
		}
	}
	quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{
		Route: orchestration.Route{Source: ref(orchestration.Base, wMAddr), Destination: ref(orchestration.Ethereum, wMAddr)}, AmountIn: "1000000", Sender: aliceEVM, Recipient: carolEVM})
	if err != nil {
		t.Fatalf("Base → Ethereum (quoted on chain) with the Executor down: %v", err)
	}
	if v := quotes[0].Payloads[len(quotes[0].Payloads)-1].Data.EVM.Value; v != big.NewInt(baseFee).String() {
		t.Errorf("Base → Ethereum value %s, want the on-chain fee %d", v, baseFee)
	}
}

// countingHandler counts the log records whose message contains a text.
type countingHandler struct {
	slog.Handler
	mu   sync.Mutex
	text string
	n    int
	msgs []string
}

func (h *countingHandler) Handle(ctx context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if strings.Contains(r.Message, h.text) {
		h.n++
		r.Attrs(func(a slog.Attr) bool { h.msgs = append(h.msgs, a.String()); return true })
	}
	return nil
}
func (h *countingHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h *countingHandler) count() (int, []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n, slices.Clone(h.msgs)
}

// TestNoExecutorForNetwork: without a testnet Executor, Sepolia →
// SolanaDevnet is no route (warned once per Edges pass, not per request),
// and mainnet routes are served.
func TestNoExecutorForNetwork(t *testing.T) {
	w := newWorld(t)
	h := &countingHandler{Handler: slog.DiscardHandler, text: "no Wormhole Executor"}
	p := w.provider(t, portal.Config{Executors: portal.Executors{Mainnet: w.mainCache}}, slog.New(h))
	e := w.engine(t, p)
	req := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: ref(orchestration.Sepolia, wMAddr), Destination: ref(orchestration.SolanaDevnet, solWMMint.String())},
		AmountIn: "1000000", Sender: aliceEVM, Recipient: bobSol.String(),
	}
	for range 3 {
		if _, err := e.Quote(context.Background(), req); codeOf(err) != orchestration.NoQuotesAvailable {
			t.Fatalf("Sepolia → SolanaDevnet without a testnet Executor: %v, want NoQuotesAvailable", err)
		}
	}
	n, attrs := h.count()
	if n != 1 || !slices.ContainsFunc(attrs, func(s string) bool { return strings.Contains(s, "Sepolia->SolanaDevnet (testnet)") }) {
		t.Errorf("%d warnings %v over one Edges pass and three requests, want 1 naming Sepolia->SolanaDevnet (testnet)", n, attrs)
	}
	ed := findEdge(t, p, orchestration.Sepolia, "wM", orchestration.SolanaDevnet, "wM")
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, aliceEVM)
	leg := quote.LegRequest{Edge: &ed, AmountIn: big.NewInt(1), Funder: alice, Recipient: orchestration.SVMAddress(bobSol), Refund: alice}
	if !p.PricesLocally(leg) {
		t.Error("PricesLocally without an Executor: false, want true (the answer, no route, needs no I/O)")
	}
	leg.State, _ = w.evm.Read(context.Background(), orchestration.Sepolia, calls(p.Reads(leg)))
	if _, err := p.QuoteLeg(context.Background(), leg); !errors.Is(err, quote.ErrNoRoute) || !strings.Contains(err.Error(), "no Wormhole Executor is configured for the testnet network") {
		t.Errorf("QuoteLeg without a testnet Executor: %v, want ErrNoRoute naming the network", err)
	}
	if _, err := e.Quote(context.Background(), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: ref(orchestration.Ethereum, wMAddr), Destination: ref(orchestration.Solana, solWMMint.String())},
		AmountIn: "1000000", Sender: aliceEVM, Recipient: bobSol.String()}); err != nil {
		t.Errorf("Ethereum → Solana with the mainnet Executor: %v", err)
	}
}

// TestRelayQuoteChecked: a quote for other chains, or already expired, or
// a leg to Solana whose recipient is an EVM address, is refused; a paused
// portal is no route before the Executor is asked.
func TestRelayQuoteChecked(t *testing.T) {
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, aliceEVM)
	for _, tt := range []struct {
		name      string
		set       func(*world)
		recipient orchestration.Address
		want      string
		noRoute   bool
		asked     int64
	}{
		{name: "other chains", set: func(w *world) { w.mainnet.chains = &[2]uint16{whEthereum, whBase} }, want: "is for Wormhole chains 2 to 30", asked: 1},
		{name: "expired", set: func(w *world) { w.mainnet.expiry = -time.Minute }, want: "expired", asked: 1},
		{name: "EVM recipient", recipient: alice, want: "is not a Solana address"},
		{name: "sending paused", set: func(w *world) { w.eth.edit(func(c *fakeChain) { c.sendPaused = true }) }, want: "paused", noRoute: true},
		{name: "message fee unreadable", set: func(w *world) { w.eth.edit(func(c *fakeChain) { delete(c.messageFees, ethCore) }) }, want: "message fee"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			p := w.provider(t, w.executors(), nil)
			ed := findEdge(t, p, orchestration.Ethereum, "wM", orchestration.Solana, "wM")
			if tt.set != nil {
				tt.set(w)
			}
			recipient := tt.recipient
			if recipient.IsZero() {
				recipient = orchestration.SVMAddress(bobSol)
			}
			leg := quote.LegRequest{Edge: &ed, AmountIn: big.NewInt(1_000_000), Funder: alice, Recipient: recipient, Refund: alice}
			var err error
			if leg.State, err = w.evm.Read(context.Background(), orchestration.Ethereum, calls(p.Reads(leg))); err != nil {
				t.Fatal(err)
			}
			_, err = p.QuoteLeg(context.Background(), leg)
			if err == nil || !strings.Contains(err.Error(), tt.want) || errors.Is(err, quote.ErrNoRoute) != tt.noRoute {
				t.Errorf("QuoteLeg: %v, want an error containing %q (no route %v)", err, tt.want, tt.noRoute)
			}
			if n := w.mainnet.calls.Load(); n != tt.asked {
				t.Errorf("the Executor was asked %d times, want %d", n, tt.asked)
			}
		})
	}
}

// TestWormholeMisconfiguredDestination: a Wormhole adapter that cannot
// carry a transfer to a destination (no Wormhole chain id, no peer) or a
// portal with no gas limit for it would revert the transfer: that
// destination has no edge; the others keep theirs.
func TestWormholeMisconfiguredDestination(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(*fakeChain)
	}{
		{"no Wormhole chain id", func(c *fakeChain) { delete(c.wormhole[ethAdapter].bridgeIDs, solanaID) }},
		{"Wormhole chain id past uint16", func(c *fakeChain) { c.wormhole[ethAdapter].bridgeIDs[solanaID] = 1 << 16 }},
		{"no peer", func(c *fakeChain) { delete(c.wormhole[ethAdapter].peers, solanaID) }},
		{"no gas limit", func(c *fakeChain) { delete(c.gasLimits, solanaID) }},
		{"no default adapter", func(c *fakeChain) { delete(c.adapters, solanaID) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			w.eth.edit(tt.edit)
			edges, err := w.provider(t, w.executors(), nil).Edges(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var fromEth []string
			for _, e := range edges {
				if e.From.Chain == orchestration.Ethereum {
					fromEth = append(fromEth, name(e.From.Chain, e.From.Symbol, e.To.Chain, e.To.Symbol))
				}
			}
			slices.Sort(fromEth)
			want := []string{name(orchestration.Ethereum, "M", orchestration.Base, "M"), name(orchestration.Ethereum, "wM", orchestration.Base, "wM")}
			if !slices.Equal(fromEth, want) {
				t.Errorf("edges from Ethereum %v, want %v (none to Solana)", fromEth, want)
			}
		})
	}
}

// TestStablecoinToSolanaComposes: the router composes USDC on Ethereum →
// wM on Ethereum (a swap) → wM on Solana (the portal through the Wormhole
// adapter), the funder paying both and the recipient a Solana key.
func TestStablecoinToSolanaComposes(t *testing.T) {
	w := newWorld(t)
	usdc, err := w.cat.Resolve(ref(orchestration.Ethereum, usdcAddr))
	if err != nil {
		t.Fatal(err)
	}
	wM, err := w.cat.Resolve(ref(orchestration.Ethereum, wMAddr))
	if err != nil {
		t.Fatal(err)
	}
	eth, _ := w.cat.Chain(orchestration.Ethereum)
	router := eth.Contracts.SwapRouter // a known spender; the swap itself is memprovider's
	swap := memprovider.New("test-swap").Edge(quote.Edge{From: usdc, To: wM, Spender: router},
		memprovider.Rate(memprovider.Pricing{Num: 999, Den: 1000, ChainID: 1, EstTime: 12 * time.Second, To: router}))
	e := w.engine(t, swap, w.provider(t, w.executors(), nil))
	quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: ref(orchestration.Ethereum, usdcAddr), Destination: ref(orchestration.Solana, solWMMint.String())},
		AmountIn: "1000000", Sender: aliceEVM, Recipient: bobSol.String()})
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	var legs []string
	for _, pl := range q.Payloads {
		if pl.Data.EVM == nil || pl.Data.EVM.Chain != orchestration.Ethereum {
			t.Fatalf("payload %+v, want every transaction on Ethereum", pl.Data)
		}
		legs = append(legs, string(pl.Provider))
	}
	legs = slices.Compact(legs)
	if want := []string{"test-swap", "m-portal"}; !slices.Equal(legs, want) {
		t.Errorf("providers %v, want %v", legs, want)
	}
	if q.AmountOut != "999000" {
		t.Errorf("amountOut %s, want 999000 (the swap's, bridged 1:1)", q.AmountOut)
	}
	args := decode(t, method(t, "sendToken", 7), hexutil.MustDecode(q.Payloads[len(q.Payloads)-1].Data.EVM.Data))
	if args[0].(*big.Int).String() != "999000" || args[4] != [32]byte(bobSol) {
		t.Errorf("sendToken amount %v recipient %x, want 999000 to %s", args[0], args[4], bobSol)
	}
}

// TestWormholeConformance runs the conformance suite over the fake world:
// transfers through the Wormhole adapter to Solana and to an EVM chain,
// and through an adapter quoting on chain.
func TestWormholeConformance(t *testing.T) {
	req := func(src orchestration.AssetAddress, dst orchestration.AssetAddress, amount, recipient string) orchestration.QuoteRequest {
		return orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst}, AmountIn: amount, Sender: aliceEVM, Recipient: recipient}
	}
	ethWM, ethM := ref(orchestration.Ethereum, wMAddr), ref(orchestration.Ethereum, mAddr)
	solWM, solM := ref(orchestration.Solana, solWMMint.String()), ref(orchestration.Solana, solMMint.String())
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		w := newWorld(t)
		return quotetest.Harness{
			Provider: w.provider(t, w.executors(), nil),
			Catalog:  w.cat,
			Runtimes: devnetenv.Runtimes(w.cat, w.evm),
			Quotable: []orchestration.QuoteRequest{
				req(ethWM, solWM, "1500000", bobSol.String()),
				req(ethM, solWM, "2000000", bobSol.String()),
				req(ethWM, ref(orchestration.Base, wMAddr), "3000000", carolEVM),
				req(ref(orchestration.Base, mAddr), ethM, "4000000", carolEVM),
				req(ref(orchestration.Sepolia, wMAddr), ref(orchestration.SolanaDevnet, solWMMint.String()), "5000000", bobSol.String()),
			},
			Unquotable: []orchestration.QuoteRequest{
				// Supported by the Ethereum portal, but Solana delivers
				// extensions only.
				req(ethM, solM, "1000000", bobSol.String()),
				// No path from Sepolia to Solana mainnet (only to its
				// devnet).
				req(ref(orchestration.Sepolia, wMAddr), solWM, "1000000", bobSol.String()),
				// USDC is neither M nor an extension.
				req(ref(orchestration.Ethereum, usdcAddr), solWM, "1000000", bobSol.String()),
			},
		}
	})
}
