package limitorder_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The Solana side of the default catalog: M0's order_book on Solana
// (M0 chain id 1399811149), M and wM (Token-2022), Ethereum's wM.
var (
	solBook  = svm.OrderBookProgramID
	solChain = uint32(1399811149)
	solM     = svm.MMint
	solWM    = solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp")
	ethWM    = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	// solAlice funds on Solana, solBob receives there; evmCarol receives
	// on Ethereum; the solvers' keys on each runtime.
	solAlice     = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	solBob       = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	evmCarol     = "0x2222222222222222222222222222222222222222"
	evmSolver    = "0x4444444444444444444444444444444444444444"
	solSolverKey = solana.MustPublicKeyFromBase58("GQBavw2gpCdbZkkSWk9PkzNTDdBwCHUGNpeuuQ7mV9GA")
)

// solClock is the cluster's time on the fake node.
const solClock = 1_800_000_000

// solOrderWorld is Solana as a fake node serving the order book's state
// in its IDL's layouts: not paused, accepting Ethereum (chain 1), the
// Clock at solClock, M and wM as Token-2022 mints, alice's nonce at 3.
type solOrderWorld struct {
	node *svmtest.RPC
	cat  *asset.Catalog
	rt   *svmruntime.Runtime
}

func newSolOrderWorld(t *testing.T) *solOrderWorld {
	t.Helper()
	w := &solOrderWorld{node: svmtest.NewRPC(), cat: asset.Default()}
	t.Cleanup(w.node.Close)
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: w.node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	if w.rt, err = svmruntime.New(svmruntime.Config{Catalog: w.cat, Reader: client}); err != nil {
		t.Fatal(err)
	}
	w.node.SetOrderBook(solBook, solChain, false, solClock, 1)
	for _, m := range []solana.PublicKey{solM, solWM} {
		w.node.Set(m, svmtest.Account{Data: svmtest.Mint(1e12, 6), Owner: svm.Token2022Program})
		w.node.Set(svm.AssociatedTokenAddress(solAlice, m, svm.Token2022Program), svmtest.Account{Data: svmtest.TokenAccount(m, solAlice, 10_000_000), Owner: svm.Token2022Program})
	}
	w.node.Set(svm.OrderNonce(solBook, solAlice), svmtest.Account{Data: svmtest.OrderNonce(3), Owner: solBook})
	return w
}

// provider is a limit-order provider over the Solana runtime alone, with
// one exclusive solver answering with its key on the destination's
// runtime, 10 bps under the amount.
func (w *solOrderWorld) provider(t *testing.T) *limitorder.Provider {
	t.Helper()
	solver := answering{"mm", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		addr := evmSolver
		if req.To.Chain == orchestration.Solana {
			addr = solSolverKey.String()
		}
		out := new(big.Int).Mul(req.AmountIn, big.NewInt(9_990))
		return limitorder.Offer{Address: addr, AmountOut: out.Quo(out, big.NewInt(10_000)), Exclusive: true, FeeBps: 10}, nil
	}}
	p, err := limitorder.New(quote.Deps{Catalog: w.cat, Runtimes: []quote.Runtime{w.rt}, Logger: discard},
		limitorder.Config{Solvers: []limitorder.Solver{solver}, SolanaComputeUnitPrice: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func solOrderRequest(to orchestration.AssetAddress, amount, recipient string) orchestration.QuoteRequest {
	return orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Solana, Address: solM.String()}, Destination: to},
		AmountIn: amount, Sender: solAlice.String(), Recipient: recipient,
	}
}

var (
	toEthWM = orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: ethWM}
	toSolWM = orchestration.AssetAddress{Chain: orchestration.Solana, Address: solWM.String()}
)

// TestSolanaOrderConformance runs the suite on orders opening on Solana,
// to Ethereum and to Solana itself, each payload read back by ReadOpenOrder
// (the IDL, the nonce account of the owner, the order account of the
// order id at the nonce read). No M0 program runs here: that the order
// book accepts these accounts is the IDL's word, not the program's.
func TestSolanaOrderConformance(t *testing.T) {
	tooMuch := new(big.Int).Lsh(big.NewInt(1), 64).String() // past a token amount (u64)
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		w := newSolOrderWorld(t)
		return quotetest.Harness{
			Provider: w.provider(t),
			Catalog:  w.cat,
			Runtimes: []quote.Runtime{w.rt},
			Quotable: []orchestration.QuoteRequest{
				solOrderRequest(toEthWM, "2500000", evmCarol),
				solOrderRequest(toSolWM, "2500000", solBob.String()),
			},
			Unquotable: []orchestration.QuoteRequest{
				solOrderRequest(toEthWM, tooMuch, evmCarol),
			},
			CheckSVM: func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote, ixs []*solana.GenericInstruction) {
				checkOpenOrder(t, w, req, q, ixs)
			},
		}
	})
}

// checkOpenOrder checks the open_order of a payload of q against the request and
// the state served: created_at is the cluster's clock, the deadline an
// hour on, the amounts the request's and the solver's, the recipient and
// solver 32 bytes of the destination's runtime, the order account the
// order of these terms at alice's nonce 3.
func checkOpenOrder(t *testing.T, w *solOrderWorld, req orchestration.QuoteRequest, q orchestration.Quote, ixs []*solana.GenericInstruction) {
	t.Helper()
	var calls []*svm.OpenOrderCall
	for _, ix := range ixs {
		if !ix.ProgramID().Equals(solBook) {
			continue
		}
		c, err := svm.ReadOpenOrder(ix, solAlice)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, c)
	}
	switch len(calls) {
	case 0:
		return // a funding step (the recipient's token account on Solana)
	case 1:
	default:
		t.Fatalf("%d open_order calls in one payload, want 1", len(calls))
	}
	c := calls[0]
	toSolana := req.Route.Destination.Chain == orchestration.Solana
	var recipient, solver, tokenOut [32]byte
	wantDest, wantChain := svm.OrderBookDestination(solBook, 1), uint32(1)
	if toSolana {
		recipient, solver, tokenOut = solBob, solSolverKey, solWM
		wantDest, wantChain = solana.PublicKey{}, solChain
	} else {
		copy(recipient[12:], common.HexToAddress(evmCarol).Bytes())
		copy(solver[12:], common.HexToAddress(evmSolver).Bytes())
		copy(tokenOut[12:], common.HexToAddress(ethWM).Bytes())
	}
	// The program takes created_at within [now, now+300 s] of its own
	// clock (open.rs): the cluster's clock read at the quote, not the
	// server's, plus the lead, keeps it there from the quote until the
	// blockhash expires.
	if c.CreatedAt != solClock+limitorder.SolanaCreatedAtLead || c.FillDeadline != c.CreatedAt+uint64(time.Hour/time.Second) {
		t.Errorf("created_at %d, fill_deadline %d; want the clock %d plus the lead, and an hour on", c.CreatedAt, c.FillDeadline, solClock)
	}
	for _, now := range []uint64{solClock, solClock + 90} { // at the quote; as the blockhash expires
		if c.CreatedAt < now || c.CreatedAt > now+300 {
			t.Errorf("created_at %d outside the program's window [%d, %d]", c.CreatedAt, now, now+300)
		}
	}
	switch {
	case c.Sender != solAlice || c.Payer != solAlice:
		t.Errorf("payer %s, sender %s; want the funder %s", c.Payer, c.Sender, solAlice)
	case c.TokenIn != solM || c.TokenInProgram != svm.Token2022Program:
		t.Errorf("token in %s under %s, want M under Token-2022", c.TokenIn, c.TokenInProgram)
	case c.AmountIn != 2_500_000 || c.AmountOut.String() != q.AmountOut || q.AmountOut != "2497500":
		t.Errorf("amounts %d → %s (quote %s), want 2500000 → 2497500", c.AmountIn, c.AmountOut, q.AmountOut)
	case c.DestChainID != wantChain || c.Destination != wantDest:
		t.Errorf("destination chain %d account %s, want %d %s", c.DestChainID, c.Destination, wantChain, wantDest)
	case c.Recipient != recipient || c.Solver != solver || c.TokenOut != tokenOut:
		t.Errorf("recipient %x solver %x token out %x; want %x %x %x", c.Recipient, c.Solver, c.TokenOut, recipient, solver, tokenOut)
	}
	if err := c.CheckOrder(3, solChain); err != nil {
		t.Error(err)
	}
	if err := c.CheckOrder(0, solChain); err == nil {
		t.Error("the order account is also the order at nonce 0")
	}
	p := q.Payloads[len(q.Payloads)-1]
	if p.Solver == nil || p.Solver.Name != "mm" || !strings.HasPrefix(p.Annotation, "open a limit order selling 2.5 M for 2.4975 wM to ") {
		t.Errorf("payload solver %+v, annotation %q", p.Solver, p.Annotation)
	}
}

// The guard (svmruntime's CheckLeg) refuses an open_order whose terms
// differ from the leg's: another recipient, a destination account where
// none belongs, another order account than the nonce read gives.
func TestSolanaOrderGuardRefusesTampering(t *testing.T) {
	w := newSolOrderWorld(t)
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: []quote.Runtime{w.rt}, Providers: []quote.Provider{w.provider(t)}, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	req := solOrderRequest(toEthWM, "2500000", evmCarol)
	qs, err := e.Quote(context.Background(), req)
	if err != nil || len(qs) == 0 {
		t.Fatal(len(qs), err)
	}
	q := qs[0]
	from, _ := w.cat.Resolve(req.Route.Source)
	to, _ := w.cat.Resolve(toEthWM)
	chain, _ := w.cat.Chain(orchestration.Solana)
	st, err := w.rt.ReadState(context.Background(), orchestration.Solana, []quote.Read{
		svmruntime.AccountRead{Key: svm.OrderNonce(solBook, solAlice)}, svmruntime.AccountRead{Key: svm.Global(solBook)},
		svmruntime.AccountRead{Key: svm.SysvarClock}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	leg := quote.LegRequest{Edge: &quote.Edge{From: from, To: to}, AmountIn: big.NewInt(2_500_000), State: st,
		Funder: orchestration.SVMAddress(solAlice), Recipient: orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, evmCarol)}
	payload := q.Payloads[len(q.Payloads)-1].Data
	if err := w.rt.CheckLeg(chain, leg, payload); err != nil {
		t.Fatalf("the quote's own payload: %v", err)
	}
	tx, err := svm.Decode(payload.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	ixs, _ := svm.StaticInstructions(tx)
	var orderIx *solana.GenericInstruction
	for _, ix := range ixs {
		if ix.ProgramID().Equals(solBook) {
			orderIx = ix
		}
	}
	c, err := svm.ReadOpenOrder(orderIx, solAlice)
	if err != nil {
		t.Fatal(err)
	}
	rebuild := func(edit func(p *svm.OpenOrderParams)) orchestration.TransactionPayload {
		p := svm.OpenOrderParams{Payer: solAlice, TokenIn: c.TokenIn, TokenInProgram: c.TokenInProgram,
			OriginChainID: solChain, DestChainID: c.DestChainID, Nonce: 3, CreatedAt: c.CreatedAt, FillDeadline: c.FillDeadline,
			TokenOut: c.TokenOut, AmountIn: c.AmountIn, AmountOut: c.AmountOut, Recipient: c.Recipient, Solver: c.Solver}
		edit(&p)
		ix, err := svm.OpenOrder(p)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := svm.Build([]solana.Instruction{ix}, svm.TxConfig{FeePayer: solAlice, RecentBlockhash: solana.Hash{1}})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := tx.MarshalBinary()
		return orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: base64.StdEncoding.EncodeToString(raw)}}
	}
	if err := w.rt.CheckLeg(chain, leg, rebuild(func(*svm.OpenOrderParams) {})); err != nil {
		t.Fatalf("the same order rebuilt: %v", err)
	}
	for name, tt := range map[string]struct {
		edit func(p *svm.OpenOrderParams)
		want string
	}{
		"another recipient":        {func(p *svm.OpenOrderParams) { p.Recipient[31]++ }, "open_order's recipient"},
		"another token out":        {func(p *svm.OpenOrderParams) { p.TokenOut[31]++ }, "open_order asks for token"},
		"another destination":      {func(p *svm.OpenOrderParams) { p.DestChainID = 42161 }, "open_order goes to chain 42161"},
		"another nonce's order":    {func(p *svm.OpenOrderParams) { p.Nonce = 4 }, "the order of its terms at nonce 3"},
		"staying on the cluster":   {func(p *svm.OpenOrderParams) { p.DestChainID = solChain }, "open_order goes to chain"},
		"dated at the clock, past": {func(p *svm.OpenOrderParams) { p.CreatedAt = solClock - 1 }, "outside [1800000000, 1800000300]"},
		"dated too far ahead":      {func(p *svm.OpenOrderParams) { p.CreatedAt = solClock + 301 }, "outside [1800000000, 1800000300]"},
	} {
		t.Run(name, func(t *testing.T) {
			err := w.rt.CheckLeg(chain, leg, rebuild(tt.edit))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// A paused order book starts no order, and one that no longer accepts a
// destination starts none to it.
func TestSolanaOrderBookRefuses(t *testing.T) {
	w := newSolOrderWorld(t)
	p := w.provider(t)
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	count := func(edges []quote.Edge, from, to orchestration.Chain) (n int) {
		for _, e := range edges {
			if e.From.Chain == from && e.To.Chain == to {
				n++
			}
		}
		return n
	}
	if count(edges, orchestration.Solana, orchestration.Ethereum) == 0 || count(edges, orchestration.Solana, orchestration.Solana) == 0 {
		t.Fatalf("no Solana → Ethereum or Solana → Solana edges among %d", len(edges))
	}
	for _, e := range edges {
		if e.From.Chain == orchestration.Solana && e.Spender != "" {
			t.Errorf("edge %s->%s has spender %s: Solana has no allowance", e.From.Symbol, e.To.Symbol, e.Spender)
		}
	}
	if n := count(edges, orchestration.Solana, orchestration.Arbitrum); n != 0 {
		t.Errorf("%d Solana → Arbitrum edges: the order book has no destination account for it", n)
	}
	w.node.SetOrderBook(solBook, solChain, true, solClock)
	if edges, err = w.provider(t).Edges(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := count(edges, orchestration.Solana, orchestration.Ethereum); n != 0 {
		t.Errorf("%d edges from a paused order book", n)
	}
}

// evmBook is an EVM chain reader answering what an order from Ethereum
// reads: the OrderBook accepts every destination, the clock reads
// evmClock, and the funder's allowances are unlimited (no approve).
type evmBook struct{}

const evmClock = 1_800_000_100

func (evmBook) Has(chain orchestration.Chain) bool { return chain == orchestration.Ethereum }
func (b evmBook) ReadAt(ctx context.Context, chain orchestration.Chain, calls []evm.Call, _ uint64) (*evm.Answers, error) {
	return b.Read(ctx, chain, calls)
}
func (evmBook) Read(_ context.Context, _ orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	destOK := contracts.MustABI("OrderBook").Methods["isDestinationSupported"].ID
	clock := evm.ClockCall(common.Address{}).Data[:4]
	allowance := crypto.Keccak256([]byte("allowance(address,address)"))[:4]
	a := evm.NewAnswers(100)
	for _, c := range calls {
		word := make([]byte, 32)
		switch sel := c.Data[:4]; {
		case bytes.Equal(sel, destOK):
			word[31] = 1
		case bytes.Equal(sel, clock):
			big.NewInt(evmClock).FillBytes(word)
		case bytes.Equal(sel, allowance):
			for i := range word {
				word[i] = 0xff
			}
		default:
			a.Put(c, evm.Result{})
			continue
		}
		a.Put(c, evm.Result{OK: true, Data: word})
	}
	return a, nil
}

// An order from Ethereum to Solana: openOrder names the Solana mint, the
// Solana recipient and the solver's Solana key as 32 bytes, and Solana's
// M0 chain id; an offer past a Solana token amount (u64) is refused.
func TestEVMToSolanaOrder(t *testing.T) {
	w := newSolOrderWorld(t)
	evmRT := devnetenv.Runtimes(w.cat, evmBook{})
	runtimes := append(evmRT, w.rt)
	solver := answering{"mm", func(_ context.Context, req limitorder.OfferRequest) (limitorder.Offer, error) {
		if req.To.Chain != orchestration.Solana {
			return limitorder.Offer{}, limitorder.ErrNoOffer
		}
		out := new(big.Int).Mul(req.AmountIn, big.NewInt(9_990))
		return limitorder.Offer{Address: solSolverKey.String(), AmountOut: out.Quo(out, big.NewInt(10_000)), Exclusive: true, FeeBps: 10}, nil
	}}
	p, err := limitorder.New(quote.Deps{Catalog: w.cat, Runtimes: runtimes, Logger: discard}, limitorder.Config{Solvers: []limitorder.Solver{solver}})
	if err != nil {
		t.Fatal(err)
	}
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: runtimes, Providers: []quote.Provider{p}, Logger: discard})
	if err != nil {
		t.Fatal(err)
	}
	req := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: toEthWM, Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: solM.String()}},
		AmountIn: "2500000", Sender: evmCarol, Recipient: solBob.String(),
	}
	qs, err := e.Quote(context.Background(), req)
	if err != nil || len(qs) == 0 {
		t.Fatal(len(qs), err)
	}
	q := qs[0]
	pl := q.Payloads[len(q.Payloads)-1]
	if pl.Data.EVM == nil || pl.Data.EVM.Chain != orchestration.Ethereum {
		t.Fatalf("payload %+v is not on Ethereum", pl.Data)
	}
	o := orderOf(t, pl)
	switch {
	case o.DestChainId != solChain:
		t.Errorf("destChainId %d, want Solana's %d", o.DestChainId, solChain)
	case o.TokenOut != [32]byte(solM) || o.Recipient != [32]byte(solBob) || o.Solver != [32]byte(solSolverKey):
		t.Errorf("tokenOut %x recipient %x solver %x; want M's mint, bob's key, the solver's key", o.TokenOut, o.Recipient, o.Solver)
	case o.TokenIn != common.HexToAddress(ethWM) || o.AmountIn.Int64() != 2_500_000 || o.AmountOut.Int64() != 2_497_500:
		t.Errorf("tokenIn %s amounts %s → %s", o.TokenIn, o.AmountIn, o.AmountOut)
	case o.FillDeadline != evmClock+3600 || o.Sender != common.HexToAddress(evmCarol):
		t.Errorf("fillDeadline %d sender %s", o.FillDeadline, o.Sender)
	}
	if !strings.Contains(pl.Annotation, "wM on Ethereum for 2.4975 M on Solana") {
		t.Errorf("annotation %q", pl.Annotation)
	}

	// 2^63 delivers 99.9 % of it, a u64; 2^65 delivers past what a fill
	// on Solana moves.
	req.AmountIn = new(big.Int).Lsh(big.NewInt(1), 63).String()
	if _, err := e.Quote(context.Background(), req); err != nil {
		t.Errorf("2^63: %v", err)
	}
	req.AmountIn = new(big.Int).Lsh(big.NewInt(1), 65).String()
	if qs, err := e.Quote(context.Background(), req); err == nil {
		t.Errorf("an order delivering past u64 on Solana was quoted: %+v", qs[0])
	}
}
