package portal_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// Solana devnet's programs and mints (the Solana facts §1).
var (
	solWM = svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"),
		Mint: solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"), TokenProgram: svm.Token2022Program}
	// solFunder sends from Solana.
	solFunder = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	// execPayee is the Executor's payee on Solana.
	execPayee = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	// whPeer is the EVM Wormhole adapter the Solana adapter lists as peer.
	whPeer  = svm.EVMAddress32([20]byte{0xac, 0xff, 0xec, 0x28, 0xc4, 0xee, 0xe2, 0x1c, 0x88, 0x9a, 0x4e, 0x6c, 0x07, 0x04, 0xc5, 0x40, 0xed, 0x9d, 0x4f, 0xdd})
	solLUT  = solana.MustPublicKeyFromBase58("6GhuWPuAmiJeeSVsr58KjqHcAejJRndCx9BVtHkaYHUR")
	solDev  = svm.DevnetPortal
	devnetS = orchestration.SolanaDevnet
)

// execCost is the fake Executor's estimate, in lamports.
const execCost = 1_234_567

// fakeExecutor answers POST /v0/quote in the Executor's wire format
// (decision 59) with a signed quote for the chains asked, paying
// execPayee, valid for an hour, and counts its requests; down makes it
// answer 503 with Retry-After.
type fakeExecutor struct {
	srv   *httptest.Server
	calls atomic.Int64
	down  atomic.Bool
	last  atomic.Value // the last request's relay instructions (hex)
}

func newFakeExecutor(t *testing.T) *fakeExecutor {
	f := &fakeExecutor{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.calls.Add(1)
		if f.down.Load() {
			w.Header().Set("Retry-After", "7")
			http.Error(w, `{"message":"overloaded"}`, http.StatusServiceUnavailable)
			return
		}
		var req struct {
			SrcChain, DstChain uint16
			RelayInstructions  string
		}
		if r.Method != http.MethodPost || r.URL.Path != "/v0/quote" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, `{"message":"bad request"}`, http.StatusBadRequest)
			return
		}
		f.last.Store(req.RelayInstructions)
		q := make([]byte, 0, executor.SignedQuoteLen)
		q = append(q, "EQ01"...)
		q = append(q, bytes.Repeat([]byte{0x11}, 20)...)
		q = append(q, execPayee[:]...)
		q = binary.BigEndian.AppendUint16(q, req.SrcChain)
		q = binary.BigEndian.AppendUint16(q, req.DstChain)
		q = binary.BigEndian.AppendUint64(q, uint64(time.Now().Add(time.Hour).Unix()))
		q = append(q, make([]byte, 32+65)...)
		json.NewEncoder(w).Encode(map[string]string{"signedQuote": "0x" + hex.EncodeToString(q), "estimatedCost": "1234567"})
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeExecutor) cache(t *testing.T) *executor.Cache {
	c, err := executor.New(executor.Config{BaseURL: f.srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	return executor.NewCache(c, executor.CacheConfig{})
}

// solWorld is the devnet's EVM chains with SolanaDevnet added: a fake
// Solana node serving the Portal, ext_swap, the Wormhole adapter and core
// bridge state in their real layouts, with paths from wM to wM on Sepolia
// and on Base Sepolia (whose peer the adapter lists) and to Arbitrum
// Sepolia (whose peer it does not).
type solWorld struct {
	env   *devnetenv.Env
	cat   *asset.Catalog
	node  *svmtest.RPC
	exec  *fakeExecutor
	state svmtest.Portal
	rts   []quote.Runtime
}

func newSolWorld(t *testing.T) *solWorld {
	t.Helper()
	env := devnetenv.Get(t)
	cfg := env.Devnet.CatalogConfig()
	def := asset.DefaultConfig()
	for _, c := range def.Chains {
		if c.Name == devnetS {
			cfg.Chains = append(cfg.Chains, c)
		}
	}
	for _, a := range def.Assets {
		if a.Chain == devnetS {
			cfg.Assets = append(cfg.Assets, a)
		}
	}
	cat, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	w := &solWorld{env: env, cat: cat, node: svmtest.NewRPC(), exec: newFakeExecutor(t)}
	t.Cleanup(w.node.Close)
	wmOn := func(c orchestration.Chain) [32]byte {
		return svm.EVMAddress32(common.HexToAddress(env.Asset(t, c, "wM").Address))
	}
	dests := []uint32{uint32(chainID(t, sepolia)), uint32(chainID(t, base)), uint32(chainID(t, arbitrum))}
	w.state = svmtest.Portal{
		Deployment: solDev,
		Global:     svm.PortalGlobal{ChainID: solDev.M0ChainID, MMint: solDev.MMint, Admin: solFunder, MessageNonce: 41},
		Wormhole: svm.WormholeGlobal{Admin: solFunder, ChainID: 1, ReceiveLUT: solLUT, Peers: []svm.WormholePeer{
			{Address: whPeer, M0ChainID: dests[0], AdapterChainID: 10002}, {Address: whPeer, M0ChainID: dests[1], AdapterChainID: 10004}}},
		Bridge:   svm.WormholeBridgeConfig{Fee: 100},
		Sequence: 4242,
		Table:    svmtest.SendTable(solDev, []svm.Extension{solWM}, dests),
	}
	for i, c := range []orchestration.Chain{sepolia, base, arbitrum} {
		w.state.Paths = append(w.state.Paths, svm.ChainBridgePaths{DestinationChainID: dests[i],
			Paths: []svm.BridgePath{{SourceMint: solWM.Mint, DestinationToken: wmOn(c)}}})
	}
	w.node.SetPortal(w.state)
	w.node.Set(svm.Global(solDev.ExtSwap), svmtest.Account{Owner: solDev.ExtSwap, Data: svmtest.SwapGlobal(solFunder, nil,
		[]svmtest.WhitelistedExtension{{Program: solWM.Program, Mint: solWM.Mint, TokenProgram: solWM.TokenProgram}})})
	w.node.Set(svm.AssociatedTokenAddress(solFunder, solWM.Mint, svm.Token2022Program),
		svmtest.Account{Owner: svm.Token2022Program, Data: svmtest.TokenAccount(solWM.Mint, solFunder, 50_000_000)})
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: devnetS, URL: w.node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	srt, err := svmruntime.New(svmruntime.Config{Catalog: cat, Reader: client})
	if err != nil {
		t.Fatal(err)
	}
	w.rts = append(devnetenv.Runtimes(cat, env.Reader), srt)
	return w
}

func (w *solWorld) provider(t *testing.T, cfg portal.Config) *portal.Provider {
	t.Helper()
	p, err := portal.New(quote.Deps{Catalog: w.cat, Runtimes: w.rts, Logger: discard}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (w *solWorld) engine(t *testing.T, providers ...quote.Provider) *quote.Engine {
	t.Helper()
	return w.engineObserved(t, nil, providers...)
}

// outcomes records the providers' errors the engine observes.
type outcomes struct {
	mu   sync.Mutex
	errs []string
}

func (o *outcomes) ObserveQuote(_ context.Context, ob quote.Observation) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, out := range ob.Outcomes {
		if out.Err != nil {
			o.errs = append(o.errs, out.Err.Error())
		}
	}
}

func (o *outcomes) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return strings.Join(o.errs, "\n")
}

// engineObserved is engine, its observations recorded in obs (where the
// engine says why a provider had no route).
func (w *solWorld) engineObserved(t *testing.T, obs quote.Observer, providers ...quote.Provider) *quote.Engine {
	t.Helper()
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.rts, Providers: providers, Logger: discard, Observer: obs})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func (w *solWorld) request(t *testing.T, to orchestration.Chain, sym, amount string) orchestration.QuoteRequest {
	return orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: devnetS, Address: solWM.Mint.String()},
			Destination: w.env.Ref(t, to, sym),
		},
		AmountIn: amount, Sender: solFunder.String(), Recipient: devnetenv.Addr(t, "carol"),
	}
}

// The edges out of Solana are the Portal's chain paths whose extension
// ext_swap whitelists and whose destination has a Wormhole peer, read in
// one round trip.
func TestSolanaEdges(t *testing.T) {
	w := newSolWorld(t)
	edges, err := w.provider(t, portal.Config{Executors: portal.Executors{Testnet: w.exec.cache(t)}}).Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range edges {
		if e.From.Chain == devnetS {
			got = append(got, name(e.From.Chain, e.From.Symbol, e.To.Chain, e.To.Symbol))
			if e.Spender != "" {
				t.Errorf("edge out of Solana with a spender %s: nothing is approved on Solana", e.Spender)
			}
		}
	}
	slices.Sort(got)
	want := []string{name(devnetS, "wM", base, "wM"), name(devnetS, "wM", sepolia, "wM")} // Arbitrum Sepolia: no peer
	if !slices.Equal(got, want) {
		t.Errorf("edges out of Solana %v, want %v", got, want)
	}
	if n := w.node.Requests(); n != 1 {
		t.Errorf("%d Solana round trips to list the edges, want 1", n)
	}
	// The EVM edges are still there.
	if len(edges) == len(got) {
		t.Error("no EVM edges")
	}

	// Without an Executor for the testnets (only one for mainnets), no
	// edge leaves SolanaDevnet, and the node is not read.
	before := w.node.Requests()
	edges, err = w.provider(t, portal.Config{Executors: portal.Executors{Mainnet: w.exec.cache(t)}}).Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		if e.From.Chain == devnetS {
			t.Errorf("an edge out of Solana without a testnet Executor: %s -> %s %s", e.From.Symbol, e.To.Chain, e.To.Symbol)
		}
	}
	if n := w.node.Requests() - before; n != 0 {
		t.Errorf("%d Solana round trips for edges no route could use", n)
	}
}

// wM on Solana to wM on Sepolia: one v0 transaction through the adapter's
// table, read back field by field; one Solana round trip, one Executor
// call, none on a second quote while the Executor's quote is warm.
func TestSolanaToEVMQuote(t *testing.T) {
	w := newSolWorld(t)
	e := w.engine(t, w.provider(t, portal.Config{Executors: portal.Executors{Testnet: w.exec.cache(t)}}))
	req := w.request(t, sepolia, "wM", "2500000")
	ctx, trips := evm.WithTrips(context.Background())
	ctx, execTrips := executor.WithTrips(ctx)
	before := w.node.Requests()
	quotes, err := e.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	if q.AmountOut != "2500000" || q.MinAmountOut != "2500000" {
		t.Errorf("amountOut %s min %s, want the amount sent", q.AmountOut, q.MinAmountOut)
	}
	if len(q.Payloads) != 1 || q.Payloads[0].Data.SVM == nil {
		t.Fatalf("payloads %+v, want one Solana transaction", q.Payloads)
	}
	t.Logf("round trips: %d Solana node requests (edges included), counted by chain %v, %d Executor; annotation %q",
		w.node.Requests()-before, trips.Chains(), execTrips.N(), q.Payloads[0].Annotation)
	if n := trips.Of(devnetS); n != 2 {
		t.Errorf("%d Solana round trips counted for the first quote, want 2 (the edges, then the leg's reads in one batch)", n)
	}
	if n := w.node.Requests() - before; n > 2 {
		t.Errorf("%d Solana round trips for the quote (edges included), want at most 2", n)
	}
	// Two Executor quotes: for Wormhole chain 10002 (Sepolia, the direct
	// route) and 10004 (Base Sepolia, where routes that continue over the
	// EVM portal to Sepolia first land; decision 79).
	if n := w.exec.calls.Load(); n != 2 {
		t.Errorf("%d Executor calls, want 2", n)
	}
	relay, _ := executor.RelayInstructions{GasLimit: big.NewInt(portal.DefaultSolanaRelayGasLimit), MsgValue: big.NewInt(portal.DefaultSolanaRelayMsgValue)}.Bytes()
	if got := w.exec.last.Load(); got != "0x"+hex.EncodeToString(relay) {
		t.Errorf("relay instructions asked %v, want %x", got, relay)
	}

	tx, err := svm.Decode(q.Payloads[0].Data.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	table := &svm.LookupTable{Address: solLUT, Addresses: w.state.Table}
	ixs, err := svm.Instructions(tx, table)
	if err != nil || len(ixs) != 3 {
		t.Fatalf("%d instructions, %v", len(ixs), err)
	}
	if !tx.Message.AccountKeys[0].Equals(solFunder) {
		t.Errorf("fee payer %s, want the funder", tx.Message.AccountKeys[0])
	}
	if s, err := svm.ReadComputeBudget(ixs[0]); err != nil || s.Price || s.Value != portal.DefaultSolanaComputeUnitLimit {
		t.Errorf("compute budget %+v, %v", s, err)
	}
	send, err := solDev.ReadSendToken(ixs[1], solFunder)
	if err != nil {
		t.Fatal(err)
	}
	carol := common.HexToAddress(devnetenv.Addr(t, "carol"))
	wantSend := svm.SendTokenCall{Sender: solFunder, Extension: solWM, Amount: 2_500_000, DestinationChainID: uint32(chainID(t, sepolia)),
		DestinationToken: svm.EVMAddress32(common.HexToAddress(w.env.Asset(t, sepolia, "wM").Address)), Recipient: svm.EVMAddress32(carol)}
	if send != wantSend {
		t.Errorf("send_token\n %+v\nwant\n %+v", send, wantSend)
	}
	r, err := svm.ExecutionRequestOf(ixs[2])
	if err != nil {
		t.Fatal(err)
	}
	if !r.Payer.Equals(solFunder) || !r.Payee.Equals(execPayee) || r.EstimatedCost != execCost || r.DstChain != 10002 ||
		r.DstAddr != whPeer || solana.PublicKeyFromBytes(r.RefundAddr[:]) != solFunder || !r.Emitter.Equals(solDev.WormholeEmitter()) ||
		r.Sequence != 4242 || !bytes.Equal(r.RelayInstructions, relay) {
		t.Errorf("request_for_execution %+v", r)
	}
	if a := q.Payloads[0].Annotation; !strings.Contains(a, "pay 0.001234567 SOL to the Wormhole Executor") ||
		!strings.Contains(a, "send 2.5 wM to "+orchestration.ShortAddress(strings.ToLower(carol.Hex()))) || !strings.Contains(a, "message fee of 0.0000001 SOL") {
		t.Errorf("annotation %q", a)
	}

	// Warm: the Executor is not asked again, the edges are not listed
	// again, and the leg's reads are one round trip.
	ctx, trips = evm.WithTrips(context.Background())
	ctx, execTrips = executor.WithTrips(ctx)
	if _, err := e.Quote(ctx, req); err != nil {
		t.Fatal(err)
	}
	if n := w.exec.calls.Load(); n != 2 || execTrips.N() != 0 {
		t.Errorf("%d Executor calls after a warm quote (%d counted), want 2 (0)", n, execTrips.N())
	}
	if n := trips.Of(devnetS); n != 1 {
		t.Errorf("%d Solana round trips for a warm quote, want 1", n)
	}
}

// What the programs would refuse is no route; an Executor that is down
// fails the route naming it, with its Retry-After; no Executor configured
// for the network is no route.
func TestSolanaToEVMRefused(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(w *solWorld, cfg *portal.Config)
		want   string // in the error; a NoQuotesAvailable error when it says "no route"
	}{
		{"portal paused", func(w *solWorld, _ *portal.Config) {
			w.state.Global.OutgoingPaused = true
			w.node.SetPortal(w.state)
		}, "paused"},
		{"adapter paused", func(w *solWorld, _ *portal.Config) {
			w.state.Wormhole.OutgoingPaused = true
			w.node.SetPortal(w.state)
		}, "paused"},
		{"Executor down", func(w *solWorld, _ *portal.Config) { w.exec.down.Store(true) }, "503"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newSolWorld(t)
			cfg := portal.Config{Executors: portal.Executors{Testnet: w.exec.cache(t)}}
			tt.change(w, &cfg)
			var logged outcomes
			e := w.engineObserved(t, &logged, w.provider(t, cfg))
			_, err := e.Quote(context.Background(), w.request(t, sepolia, "wM", "1000000"))
			if err == nil {
				t.Fatal("quoted")
			}
			t.Logf("%v", err)
			if code, _ := orchestration.CodeOf(err); tt.want != "503" && code != orchestration.NoQuotesAvailable {
				t.Errorf("code %s, want %s", code, orchestration.NoQuotesAvailable)
			}
			if !strings.Contains(err.Error(), tt.want) && !strings.Contains(logged.String(), tt.want) {
				t.Errorf("neither the error nor the engine's log says %q:\n%s", tt.want, logged.String())
			}
			if tt.want == "503" {
				// The Executor's error, with its Retry-After, is in the
				// chain for the engine to report.
				var xe *executor.Error
				if !errors.As(err, &xe) || xe.RetryAfter != 7*time.Second {
					t.Errorf("the Executor's error is not in the chain: %v", err)
				}
			}
		})
	}
}

// A route may start with an ext_swap leg on Solana: M on Solana is
// wrapped to wM (m-swap-facility), which the Portal sends to Sepolia.
// (Swapping after the bridge: TestSolanaThenSwapFacility.)
func TestSwapFacilityThenSolana(t *testing.T) {
	w := newSolWorld(t)
	w.node.Set(solDev.MMint, svmtest.Account{Owner: svm.Token2022Program, Data: svmtest.ScaledMint(1e12, 6, 1, 1, 1)})
	w.node.Set(solWM.Mint, svmtest.Account{Owner: svm.Token2022Program, Data: svmtest.Mint(1e12, 6)})
	w.node.Set(svm.AssociatedTokenAddress(solFunder, solDev.MMint, svm.Token2022Program),
		svmtest.Account{Owner: svm.Token2022Program, Data: svmtest.TokenAccount(solDev.MMint, solFunder, 50_000_000)})
	sf, err := swapfacility.New(quote.Deps{Catalog: w.cat, Runtimes: w.rts, Logger: discard}, swapfacility.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e := w.engine(t, w.provider(t, portal.Config{Executors: portal.Executors{Testnet: w.exec.cache(t)}}), sf)
	req := w.request(t, sepolia, "wM", "1000000")
	req.Route.Source.Address = solDev.MMint.String()
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	for i, p := range q.Payloads {
		t.Logf("payload %d (%s, %s): %s", i, p.Data.Chain(), p.Provider, p.Annotation)
	}
	last := q.Payloads[len(q.Payloads)-1]
	if len(q.Payloads) < 2 || q.Payloads[0].Provider != orchestration.ProviderMSwapFacility || last.Provider != orchestration.ProviderMPortal || last.Data.SVM == nil {
		t.Fatalf("payloads: want ext_swap's wrap, then the Portal's send")
	}
	tx, err := svm.Decode(last.Data.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	ixs, err := svm.Instructions(tx, &svm.LookupTable{Address: solLUT, Addresses: w.state.Table})
	if err != nil {
		t.Fatal(err)
	}
	if send, err := solDev.ReadSendToken(ixs[1], solFunder); err != nil || send.Amount != 1_000_000 || send.Extension != solWM {
		t.Errorf("send_token %+v, %v: want the 1 wM the wrap delivers", send, err)
	}
	if q.AmountOut != "1000000" {
		t.Errorf("amountOut %s", q.AmountOut)
	}
}

// solanaEdge is the provider's edge from wM on SolanaDevnet to wM on to.
func solanaEdge(t *testing.T, p *portal.Provider, to orchestration.Chain) quote.Edge {
	t.Helper()
	edges, err := p.Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edges {
		if e.From.Chain == devnetS && e.To.Chain == to {
			return e
		}
	}
	t.Fatalf("no edge from %s to %s", devnetS, to)
	return quote.Edge{}
}

// A transfer out of Solana is estimated at DefaultSolanaEstTime unless the
// route is configured; the EVM default does not apply.
func TestSolanaEstTime(t *testing.T) {
	w := newSolWorld(t)
	for _, tt := range []struct {
		cfg  portal.Config
		want time.Duration
	}{
		{portal.Config{}, portal.DefaultSolanaEstTime},
		{portal.Config{Solana: portal.SolanaConfig{EstTime: time.Minute}, EstTime: time.Hour}, time.Minute},
		{portal.Config{EstTimeByRoute: map[[2]orchestration.Chain]time.Duration{{devnetS, sepolia}: 5 * time.Minute}}, 5 * time.Minute},
	} {
		tt.cfg.Executors.Testnet = w.exec.cache(t)
		e := w.engine(t, w.provider(t, tt.cfg))
		quotes, err := e.Quote(context.Background(), w.request(t, sepolia, "wM", "1000000"))
		if err != nil {
			t.Fatal(err)
		}
		if got := time.Duration(quotes[0].EstFillTime) * time.Second; got != tt.want {
			t.Errorf("%+v: estFillTime %v, want %v", tt.cfg, got, tt.want)
		}
	}
	if _, err := portal.New(quote.Deps{Catalog: w.cat, Runtimes: w.rts}, portal.Config{Solana: portal.SolanaConfig{EstTime: -1}}); err == nil {
		t.Error("a negative Solana EstTime was accepted")
	}
	if _, err := portal.New(quote.Deps{Catalog: w.cat, Runtimes: w.rts}, portal.Config{Solana: portal.SolanaConfig{Relay: executor.RelayInstructions{GasLimit: big.NewInt(-1)}}}); err == nil {
		t.Error("a negative relay gas limit was accepted")
	}
}

// A leg out of Solana is priced locally only when the Executor's quote is
// in memory: before the first quote the engine must let it wait for the
// Executor; after it, not. Without an Executor for the network it fails
// at once, so it is local.
func TestSolanaPricesLocally(t *testing.T) {
	w := newSolWorld(t)
	cache := w.exec.cache(t)
	edge := solanaEdge(t, w.provider(t, portal.Config{Executors: portal.Executors{Testnet: cache}}), sepolia)
	none := w.provider(t, portal.Config{})
	if !none.PricesLocally(quote.LegRequest{Edge: &edge}) {
		t.Error("not local without an Executor, which fails at once")
	}
	if _, err := none.QuoteLeg(context.Background(), quote.LegRequest{Edge: &edge, AmountIn: big.NewInt(1), Funder: orchestration.SVMAddress(solFunder),
		Recipient: orchestration.EVMAddress(common.Address{1})}); !errors.Is(err, quote.ErrNoRoute) || !strings.Contains(err.Error(), "no Wormhole Executor") {
		t.Errorf("without an Executor: %v", err)
	}
	if _, ok := any(cache).(interface {
		Cached(executor.Request) (executor.Quote, bool)
	}); !ok {
		t.Skip("executor.Cache has no Cached yet (it comes with the Executor client's branch): the leg is never local")
	}
	p := w.provider(t, portal.Config{Executors: portal.Executors{Testnet: cache}})
	leg := quote.LegRequest{Edge: &edge}
	if p.PricesLocally(leg) {
		t.Error("local before the Executor was asked")
	}
	if _, err := w.engine(t, p).Quote(context.Background(), w.request(t, sepolia, "wM", "1000000")); err != nil {
		t.Fatal(err)
	}
	if !p.PricesLocally(leg) {
		t.Error("not local with the Executor's quote in memory")
	}
}

// A route out of Solana may continue on the EVM side (decision 79): wM on
// SolanaDevnet is sent to the recipient on Sepolia, who swaps it to mUSD
// through the SwapFacility, paying and signing that leg.
func TestSolanaThenSwapFacility(t *testing.T) {
	w := newSolWorld(t)
	sf, err := swapfacility.New(quote.Deps{Catalog: w.cat, Runtimes: w.rts, Logger: discard}, swapfacility.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e := w.engine(t, w.provider(t, portal.Config{Executors: portal.Executors{Testnet: w.exec.cache(t)}}), sf)
	req := w.request(t, sepolia, "mUSD", "1000000")
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	for i, p := range q.Payloads {
		t.Logf("payload %d (%s, %s): %s", i, p.Data.Chain(), p.Provider, p.Annotation)
	}
	if len(q.Payloads) != 3 || q.Payloads[0].Data.SVM == nil || q.Payloads[1].Data.EVM == nil || q.Payloads[2].Data.EVM == nil ||
		q.Payloads[2].Provider != orchestration.ProviderMSwapFacility {
		t.Fatalf("payloads: want the Portal's send on Solana, then the recipient's approval and swap on Sepolia")
	}
	carol := common.HexToAddress(devnetenv.Addr(t, "carol"))
	tx, err := svm.Decode(q.Payloads[0].Data.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	ixs, err := svm.Instructions(tx, &svm.LookupTable{Address: solLUT, Addresses: w.state.Table})
	if err != nil {
		t.Fatal(err)
	}
	if send, err := solDev.ReadSendToken(ixs[1], solFunder); err != nil || send.Amount != 1_000_000 || send.Recipient != svm.EVMAddress32(carol) {
		t.Errorf("send_token %+v, %v: want 1 wM to the recipient", send, err)
	}
	// The approval is carol's (the funder of the Solana leg has no key on
	// Sepolia), for wM on Sepolia; the swap delivers to carol.
	wM := common.HexToAddress(w.env.Asset(t, sepolia, "wM").Address)
	if to := common.HexToAddress(q.Payloads[1].Data.EVM.To); to != wM {
		t.Errorf("approval calls %s, want wM %s", to, wM)
	}
	data := common.FromHex(q.Payloads[2].Data.EVM.Data)
	if len(data) < 4+4*32 || common.BytesToAddress(data[4+3*32:4+4*32]) != carol ||
		new(big.Int).SetBytes(data[4+2*32:4+3*32]).Cmp(big.NewInt(1_000_000)) != 0 {
		t.Errorf("swap calldata %x: want 1 wM swapped for carol %s", data, carol)
	}
	if q.AmountOut != "1000000" {
		t.Errorf("amountOut %s", q.AmountOut)
	}
}
