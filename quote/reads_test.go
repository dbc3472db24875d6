package quote_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// approvePayload is the approve the engine puts before a leg.
func approvePayload(id orchestration.ProviderID, token asset.AssetInfo, spender string, amount int64, annotation string) orchestration.Payload {
	return orchestration.Payload{Provider: id, Annotation: annotation,
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: token.Chain, ChainID: chainID(token.Chain), To: token.Address, Value: "0",
			Data: hexutil.Encode(evm.ApproveCalldata(common.HexToAddress(spender), big.NewInt(amount))),
			Gas:  approveGas(), // the engine's estimate (evmgas); no gasPrice: the test chains have no Multicall3
		}}}
}

// approveGas is evmgas's estimate of an approve, as a payload carries it.
func approveGas() string {
	g, _ := evmgas.Estimate(evmgas.Approve)
	return strconv.FormatUint(g, 10)
}

// legPayload is what legFunc returns for a leg of from to to.
func legPayload(id orchestration.ProviderID, from, to asset.AssetInfo) orchestration.Payload {
	return orchestration.Payload{Provider: id, Annotation: label(from) + ">" + label(to),
		Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: from.Chain, ChainID: chainID(from.Chain), To: from.Address, Data: "0x", Value: "0"}}}
}

func TestApprovalsAndBalance(t *testing.T) {
	const (
		approveM    = "Approve 1 M for the M0 SwapFacility on Ethereum"
		approveUSDT = "Approve 1 USDT for the M0 SwapFacility on Ethereum"
		resetUSDT   = "Reset the USDT allowance of the M0 SwapFacility on Ethereum to zero (USDT requires it before a new approval)"
	)
	var (
		legM    = legPayload(sfID, mEth, wMEth)
		legUSDT = legPayload(sfID, usdtEth, wMEth)
	)
	noReader := func(*fakeReader) evmruntime.ChainReader { return nil }
	tests := []struct {
		name       string
		source     asset.AssetInfo
		reader     func(r *fakeReader) evmruntime.ChainReader
		want       []orchestration.Payload
		wantIssues *orchestration.QuoteIssues
	}{
		{"no allowance", mEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(mEth, sender, facility, 0).balance(mEth, sender, 1_000_000)
		}, []orchestration.Payload{approvePayload(sfID, mEth, facility, 1_000_000, approveM), legM}, nil},
		{"allowance unreadable", mEth, func(r *fakeReader) evmruntime.ChainReader { return r.balance(mEth, sender, 1_000_000) },
			[]orchestration.Payload{approvePayload(sfID, mEth, facility, 1_000_000, approveM), legM}, nil},
		{"allowance short", mEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(mEth, sender, facility, 999_999).balance(mEth, sender, 1_000_000)
		}, []orchestration.Payload{approvePayload(sfID, mEth, facility, 1_000_000, approveM), legM}, nil},
		{"allowance exactly enough", mEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(mEth, sender, facility, 1_000_000).balance(mEth, sender, 1_000_000)
		}, []orchestration.Payload{legM}, nil},
		{"allowance for another spender", mEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(mEth, sender, portalEth, 1<<40).balance(mEth, sender, 1_000_000)
		}, []orchestration.Payload{approvePayload(sfID, mEth, facility, 1_000_000, approveM), legM}, nil},
		{"zero-first token with a short allowance", usdtEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(usdtEth, sender, facility, 5).balance(usdtEth, sender, 1_000_000)
		}, []orchestration.Payload{
			approvePayload(sfID, usdtEth, facility, 0, resetUSDT),
			approvePayload(sfID, usdtEth, facility, 1_000_000, approveUSDT),
			legUSDT,
		}, nil},
		{"zero-first token with no allowance", usdtEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(usdtEth, sender, facility, 0).balance(usdtEth, sender, 1_000_000)
		}, []orchestration.Payload{approvePayload(sfID, usdtEth, facility, 1_000_000, approveUSDT), legUSDT}, nil},
		{"zero-first token with enough allowance", usdtEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(usdtEth, sender, facility, 2_000_000).balance(usdtEth, sender, 1_000_000)
		}, []orchestration.Payload{legUSDT}, nil},
		{"balance short", mEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(mEth, sender, facility, 1_000_000).balance(mEth, sender, 999_999)
		}, []orchestration.Payload{legM}, &orchestration.QuoteIssues{Balance: &orchestration.BalanceIssue{
			Token: mAddr, Actual: "999999", Expected: "1000000"}}},
		{"balance of another owner", mEth, func(r *fakeReader) evmruntime.ChainReader {
			return r.allowance(mEth, sender, facility, 1_000_000).balance(mEth, other, 0)
		}, []orchestration.Payload{legM}, nil},
		{"no reader", mEth, noReader, []orchestration.Payload{approvePayload(sfID, mEth, facility, 1_000_000, approveM), legM}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sf := memprovider.New(sfID).
				Edge(quote.Edge{From: mEth, To: wMEth, Spender: facility}, rate(1, 1, 0)).
				Edge(quote.Edge{From: usdtEth, To: wMEth, Spender: facility}, rate(1, 1, 0))
			fr := new(fakeReader)
			e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{sf}, Runtimes: evmRuntimes(nil, tt.reader(fr))})
			req := request(wMEth)
			req.Route.Source = addr(tt.source)
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, quotes[0].Payloads); diff != "" {
				t.Errorf("payloads (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantIssues, quotes[0].Issues); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
			if reads := fr.reads(); len(reads) > 1 || (len(reads) == 1 && len(reads[0].Calls) != 2) {
				t.Errorf("reads %+v, want one Read of the allowance and the balance", reads)
			}
		})
	}
}

// A later leg's approve is of its own input (the previous leg's floor), from
// the funder, and comes right before that leg's payloads.
func TestApprovalOnALaterLeg(t *testing.T) {
	uni := memprovider.New(uniID).Edge(quote.Edge{From: mEth, To: usdcEth, Spender: routerEth}, legFunc(legSpec{num: 1, den: 1, slippage: true}))
	sf := memprovider.New(sfID).Edge(quote.Edge{From: usdcEth, To: wMEth, Spender: facility}, rate(1, 1, 0))
	fr := new(fakeReader).balance(mEth, other, 1_000_000).
		allowance(mEth, other, routerEth, 0).
		allowance(usdcEth, other, facility, 994_999). // one short of the first leg's floor
		allowance(usdcEth, sender, facility, 1<<40)   // the sender's does not count
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{uni, sf}, Runtimes: evmRuntimes(nil, fr)})
	req := request(wMEth)
	req.Funder = other
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.Payload{
		approvePayload(uniID, mEth, routerEth, 1_000_000, "Approve 1 M for the Uniswap V3 router on Ethereum"),
		legPayload(uniID, mEth, usdcEth),
		approvePayload(sfID, usdcEth, facility, 995_000, "Approve 0.995 USDC for the M0 SwapFacility on Ethereum"),
		legPayload(sfID, usdcEth, wMEth),
	}
	if diff := cmp.Diff(want, quotes[0].Payloads); diff != "" {
		t.Errorf("payloads (-want +got):\n%s", diff)
	}
	if n := len(fr.reads()); n != 1 {
		t.Errorf("%d reads, want one Read for both allowances and the balance", n)
	}
}

// A spender the address book does not know, or one that pulls nothing
// (the quoter), gets no approve: the route is dropped and logged.
func TestUnknownSpenderDropsTheRoute(t *testing.T) {
	for _, tc := range []struct{ name, spender, want string }{
		{"unknown", stranger, "spender " + stranger + " is not a known contract on Ethereum"},
		{"the quoter", quoterEth, "spender " + quoterEth + " is the Uniswap V3 quoter on Ethereum, which no leg's tokens may be granted to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := memprovider.New(acme).Edge(quote.Edge{From: mEth, To: wMEth, Spender: tc.spender}, rate(2, 1, 0))
			e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bad, swap()}, Runtimes: evmRuntimes(nil, new(fakeReader))})
			quotes, err := e.Quote(context.Background(), request(wMEth))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{hopText(sfID, mEth, wMEth)}, routesOf(quotes)); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
			if warns := rec.find(slog.LevelWarn, "quote provider failed"); len(warns) != 1 || warns[0].Attrs["error"].String() != tc.want {
				t.Errorf("warnings %+v, want one saying %q", warns, tc.want)
			}
		})
	}
}

// callNames names the calls of the reads tests.
type callNames map[evm.CallKey]string

func (n callNames) add(name string, c evm.Call) { n[c.Key()] = name }

// pool and quote name an AMM leg's reads.
func (n callNames) amm(from, to asset.AssetInfo, amounts ...int64) {
	leg := quote.LegRequest{Edge: new(edge(from, to))}
	n.add("pool "+label(from)+">"+label(to), poolCall(leg))
	for _, a := range amounts {
		n.add("quote "+label(from)+">"+label(to)+" "+big.NewInt(a).String(), quoteCall(leg, big.NewInt(a)))
	}
}

type namedRead struct {
	Chain orchestration.Chain
	At    bool
	Block uint64
	Calls []string
}

func (n callNames) reads(log []readLog) []namedRead {
	var out []namedRead
	for _, r := range log {
		nr := namedRead{Chain: r.Chain, At: r.At, Block: r.Block}
		for _, c := range r.Calls {
			name, ok := n[c.Key()]
			if !ok {
				name = "unnamed " + hexutil.Encode(c.Data)
			}
			nr.Calls = append(nr.Calls, name)
		}
		slices.Sort(nr.Calls)
		out = append(out, nr)
	}
	slices.SortStableFunc(out, func(a, b namedRead) int { return strings.Compare(string(a.Chain), string(b.Chain)) })
	return out
}

func TestReadsBatching(t *testing.T) {
	names := callNames{}
	names.add("balance M@Ethereum", evm.ERC20BalanceOf(common.HexToAddress(mAddr), common.HexToAddress(sender)))
	names.amm(mEth, wMEth, 1_000_000)
	names.amm(mEth, usdcEth, 1_000_000)
	names.amm(usdcEth, wMEth, 998_000)
	names.amm(usdcEth, usdtEth, 998_000)
	names.amm(usdtEth, wMEth, 996_004)
	names.amm(mArb, wMArb, 1_000_000)
	names.amm(wMEth, wMArb)

	tests := []struct {
		name      string
		providers func() []quote.Provider
		dst       asset.AssetInfo
		atBlock   func(uint64) uint64
		want      []namedRead
		amounts   []string // the quotes' amountOut, best first
	}{
		{
			name: "amount-dependent later leg",
			providers: func() []quote.Provider {
				return []quote.Provider{newAMM(uniID, true).edge(mEth, wMEth).edge(mEth, usdcEth).edge(usdcEth, wMEth)}
			},
			dst: wMEth,
			want: []namedRead{
				{Chain: orchestration.Ethereum, Calls: []string{"balance M@Ethereum",
					"pool M@Ethereum>USDC@Ethereum", "pool M@Ethereum>wM@Ethereum", "pool USDC@Ethereum>wM@Ethereum",
					"quote M@Ethereum>USDC@Ethereum 1000000", "quote M@Ethereum>wM@Ethereum 1000000"}},
				{Chain: orchestration.Ethereum, At: true, Block: 100, Calls: []string{"quote USDC@Ethereum>wM@Ethereum 998000"}},
			},
			amounts: []string{"998000", "996004"},
		},
		{
			name: "exact later leg that reads",
			providers: func() []quote.Provider {
				return []quote.Provider{newAMM(uniID, true).edge(mEth, usdcEth), newAMM(acme, false).edge(usdcEth, wMEth)}
			},
			dst: wMEth,
			want: []namedRead{{Chain: orchestration.Ethereum, Calls: []string{"balance M@Ethereum",
				"pool M@Ethereum>USDC@Ethereum", "pool USDC@Ethereum>wM@Ethereum", "quote M@Ethereum>USDC@Ethereum 1000000"}}},
			amounts: []string{"998000"},
		},
		{
			name: "exact later leg that does not read",
			providers: func() []quote.Provider {
				return []quote.Provider{newAMM(uniID, true).edge(mEth, usdcEth), memprovider.New(sfID).Edge(edge(usdcEth, wMEth), rate(1, 1, 0))}
			},
			dst: wMEth,
			want: []namedRead{{Chain: orchestration.Ethereum, Calls: []string{"balance M@Ethereum",
				"pool M@Ethereum>USDC@Ethereum", "quote M@Ethereum>USDC@Ethereum 1000000"}}},
			amounts: []string{"998000"},
		},
		{
			name: "two chains",
			providers: func() []quote.Provider {
				return []quote.Provider{
					newAMM(uniID, true).edge(mEth, wMEth),
					memprovider.New(portalID).Edge(edge(wMEth, wMArb), rate(1, 1, 0)).Edge(edge(mEth, mArb), rate(1, 1, 0)),
					newAMM(orchestration.ProviderKyberSwap, true).edge(mArb, wMArb),
				}
			},
			dst: wMArb,
			want: []namedRead{
				{Chain: orchestration.Arbitrum, Calls: []string{"pool M@Arbitrum>wM@Arbitrum"}},
				{Chain: orchestration.Arbitrum, At: true, Block: 100, Calls: []string{"quote M@Arbitrum>wM@Arbitrum 1000000"}},
				{Chain: orchestration.Ethereum, Calls: []string{"balance M@Ethereum", "pool M@Ethereum>wM@Ethereum", "quote M@Ethereum>wM@Ethereum 1000000"}},
			},
			amounts: []string{"998000", "998000"},
		},
		{
			// Later phases stay pinned to the first phase's block, even when
			// a ReadAt reports an older block (immutable answers cached from
			// an earlier read).
			name: "three phases",
			providers: func() []quote.Provider {
				return []quote.Provider{newAMM(uniID, true).edge(mEth, usdcEth).edge(usdcEth, usdtEth).edge(usdtEth, wMEth)}
			},
			dst:     wMEth,
			atBlock: func(asked uint64) uint64 { return asked - 1 },
			want: []namedRead{
				{Chain: orchestration.Ethereum, Calls: []string{"balance M@Ethereum",
					"pool M@Ethereum>USDC@Ethereum", "pool USDC@Ethereum>USDT@Ethereum", "pool USDT@Ethereum>wM@Ethereum",
					"quote M@Ethereum>USDC@Ethereum 1000000"}},
				{Chain: orchestration.Ethereum, At: true, Block: 100, Calls: []string{"quote USDC@Ethereum>USDT@Ethereum 998000"}},
				{Chain: orchestration.Ethereum, At: true, Block: 100, Calls: []string{"quote USDT@Ethereum>wM@Ethereum 996004"}},
			},
			amounts: []string{"994011"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fr := &fakeReader{compute: ammCompute, atBlock: tt.atBlock}
			e, _ := newEngine(t, quote.Config{Providers: tt.providers(), Runtimes: evmRuntimes(nil, fr)})
			req := request(tt.dst)
			req.MaxNumQuotes = ptr(5)
			quotes, err := e.Quote(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			var amounts []string
			for _, q := range quotes {
				amounts = append(amounts, q.AmountOut)
			}
			if diff := cmp.Diff(tt.amounts, amounts); diff != "" {
				t.Errorf("amounts (-want +got):\n%s", diff)
			}
			// The log is in call order; phases of one chain are in order.
			if diff := cmp.Diff(tt.want, names.reads(fr.reads())); diff != "" {
				t.Errorf("reads (-want +got):\n%s", diff)
			}
		})
	}
}

// A chain whose read fails fails only the routes that need it; when nothing
// else quotes, the caller gets a QuoteError that names nothing internal.
func TestChainReadIsolation(t *testing.T) {
	secret := errors.New("dial https://arb.rpc.example/v2/SECRETKEY: connection refused")
	providers := func() []quote.Provider {
		return []quote.Provider{
			newAMM(uniID, true).edge(mEth, wMEth),
			memprovider.New(portalID).Edge(edge(wMEth, wMArb), rate(1, 1, 0)).Edge(edge(mEth, mArb), rate(1, 1, 0)),
			newAMM(orchestration.ProviderKyberSwap, true).edge(mArb, wMArb),
		}
	}
	fr := &fakeReader{compute: ammCompute, fail: map[orchestration.Chain]error{orchestration.Arbitrum: secret}}
	e, rec := newEngine(t, quote.Config{Providers: providers(), Runtimes: evmRuntimes(nil, fr)})
	ctx := orchestration.ContextWithRequestID(context.Background(), "req-7")
	req := request(wMArb)
	req.MaxNumQuotes = ptr(5)
	quotes, err := e.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{legs(hopText(uniID, mEth, wMEth), hopText(portalID, wMEth, wMArb))}
	if diff := cmp.Diff(want, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
	var got []map[string]string
	for _, r := range rec.find(slog.LevelWarn, "quote chain read failed") {
		got = append(got, r.attrs())
	}
	for _, r := range rec.find(slog.LevelWarn, "quote provider failed") {
		got = append(got, r.attrs())
	}
	wantLogs := []map[string]string{
		{"chain": "Arbitrum", "error": secret.Error(), "requestId": "req-7"},
		{"provider": "kyber-swap", "chain": "Arbitrum", "leg": "Arbitrum M -> Arbitrum wM",
			"error": "reading Arbitrum: " + secret.Error(), "requestId": "req-7"},
	}
	if diff := cmp.Diff(wantLogs, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}

	// Without the Ethereum AMM only Arbitrum could serve.
	req.Providers = &orchestration.ProvidersParams{Exclude: []orchestration.ProviderID{uniID}}
	_, err = e.Quote(ctx, req)
	oe := wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
	if strings.Contains(oe.Message, "SECRET") || strings.Contains(oe.Message, "rpc.example") || strings.Contains(oe.Message, "kyber") {
		t.Errorf("message names internals: %q", oe.Message)
	}
	if !errors.Is(err, secret) {
		t.Errorf("the cause %v does not keep the read error for the logs", oe.Err)
	}
}

// Without a Reader, providers that declare reads fail; the others quote.
func TestNoReaderFailsReadingProviders(t *testing.T) {
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{newAMM(uniID, true).edge(mEth, wMEth), swap()}})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(sfID, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || warns[0].Attrs["error"].String() != "reading Ethereum: no chain reader is configured for Ethereum" {
		t.Errorf("warnings %+v, want one for uniswap-v3's missing reader", warns)
	}
}

// ProviderTimeout bounds a chain read too.
func TestChainReadTimeout(t *testing.T) {
	stuck := stuckReader{fakeReader: &fakeReader{compute: ammCompute}}
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{newAMM(uniID, true).edge(mEth, wMEth), swap()},
		Runtimes: evmRuntimes(nil, stuck), ProviderTimeout: 30 * time.Millisecond})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{hopText(sfID, mEth, wMEth)}, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
	if reads := rec.find(slog.LevelWarn, "quote chain read failed"); len(reads) != 1 ||
		!strings.Contains(reads[0].Attrs["error"].String(), "deadline exceeded") {
		t.Errorf("read warnings %+v, want one deadline", reads)
	}
}

// stuckReader's Read waits for its context to end.
type stuckReader struct{ *fakeReader }

func (s stuckReader) Read(ctx context.Context, _ orchestration.Chain, _ []evm.Call) (*evm.Answers, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// stubbornAMM is an AMM whose QuoteLeg ignores its deadline and keeps
// reading its answers until stop is closed.
type stubbornAMM struct {
	*amm
	stop chan struct{}
}

func (s stubbornAMM) QuoteLeg(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
	for {
		evmruntime.Answers(leg.State).Get(poolCall(leg))
		select {
		case <-s.stop:
			return quote.Leg{}, errors.New("stopped")
		case <-time.After(time.Millisecond):
		}
	}
}

// An abandoned provider may still be reading the answers it was given; a
// later read phase must not change them under it (go test -race).
func TestAbandonedProviderKeepsItsAnswers(t *testing.T) {
	stop := make(chan struct{})
	defer close(stop) // before the leak check, which runs at cleanup
	stubborn := stubbornAMM{amm: newAMM(acme, true).edge(mEth, wMEth), stop: stop}
	uni := newAMM(uniID, true).edge(mEth, usdcEth).edge(usdcEth, wMEth)
	fr := &fakeReader{compute: ammCompute}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{stubborn, uni}, Runtimes: evmRuntimes(nil, fr), ProviderTimeout: 20 * time.Millisecond})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{legs(hopText(uniID, mEth, usdcEth), hopText(uniID, usdcEth, wMEth))}, routesOf(quotes)); diff != "" {
		t.Errorf("routes (-want +got):\n%s", diff)
	}
	time.Sleep(5 * time.Millisecond) // let the abandoned provider read once more
}

// destGated is a bridge whose legs need a flag of the destination chain:
// set, the destination refuses deliveries and the leg has no route.
type destGated struct {
	*memprovider.Provider
	flag evm.Call
}

func (d destGated) DestinationReads(quote.LegRequest) []quote.Read { return []quote.Read{d.flag} }

func (d destGated) QuoteLeg(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	r, ok := evmruntime.Answers(leg.DestinationState).Get(d.flag)
	switch {
	case !ok:
		return quote.Leg{}, errors.New("destination flag not read")
	case new(big.Int).SetBytes(r.Data).Sign() != 0:
		return quote.Leg{}, fmt.Errorf("%w: destination paused", quote.ErrNoRoute)
	}
	return d.Provider.QuoteLeg(ctx, leg)
}

// Reads a provider declares on the destination chain go into that chain's
// batch of the first phase, reach QuoteLeg in DestinationState, and a
// destination that cannot be read fails the leg as a source would.
func TestDestinationReads(t *testing.T) {
	flag := evm.Call{To: common.HexToAddress("0x00000000000000000000000000000000000f1a90"), Data: []byte{0xfa, 0x90, 0, 1}}
	bridge := destGated{Provider: memprovider.New(portalID).Edge(edge(mEth, mArb), rate(1, 1, 0)), flag: flag}

	fr := (&fakeReader{}).set(orchestration.Arbitrum, flag, 0)
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{bridge}, Runtimes: evmRuntimes(nil, fr)})
	if _, err := e.Quote(context.Background(), request(mArb)); err != nil {
		t.Fatalf("destination open: %v", err)
	}
	var arbitrum []readLog
	for _, l := range fr.log {
		if l.Chain == orchestration.Arbitrum {
			arbitrum = append(arbitrum, l)
		}
	}
	if len(arbitrum) != 1 || arbitrum[0].At || len(arbitrum[0].Calls) != 1 || arbitrum[0].Calls[0].Key() != flag.Key() {
		t.Errorf("Arbitrum reads %+v, want the flag alone, in one first-phase read", arbitrum)
	}

	fr.set(orchestration.Arbitrum, flag, 1)
	if _, err := e.Quote(context.Background(), request(mArb)); !isNoQuotes(err) {
		t.Errorf("destination paused: %v, want NoQuotesAvailable", err)
	}

	down := &fakeReader{fail: map[orchestration.Chain]error{orchestration.Arbitrum: errors.New("node down")}}
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{bridge}, Runtimes: evmRuntimes(nil, down)})
	_, err := e.Quote(context.Background(), request(mArb))
	wantError(t, err, orchestration.QuoteError, "quote providers failed unexpectedly; a retry may succeed")
	warns := rec.find(slog.LevelWarn, "quote provider failed")
	if len(warns) != 1 || warns[0].attrs()["error"] != "reading Arbitrum: node down" {
		t.Errorf("provider warnings %+v, want one saying the destination could not be read", warns)
	}
}

// A chain whose node does not answer fails the quote as an outage: the
// message names the chain (nothing else internal) and the error carries
// when to retry.
func TestUnreachableChainNamesItAndSaysWhenToRetry(t *testing.T) {
	secret := errors.New("dial https://arb.rpc.example/v2/SECRETKEY: connection refused")
	down := &evm.UnavailableError{Chain: orchestration.Arbitrum, RetryAfter: 4 * time.Second, Err: secret}
	fr := &fakeReader{compute: ammCompute, fail: map[orchestration.Chain]error{orchestration.Arbitrum: down}}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{
		memprovider.New(portalID).Edge(edge(mEth, mArb), rate(1, 1, 0)),
		newAMM(orchestration.ProviderKyberSwap, true).edge(mArb, wMArb),
	}, Runtimes: evmRuntimes(nil, fr)})
	_, err := e.Quote(context.Background(), request(wMArb))
	oe := wantError(t, err, orchestration.QuoteError, "Arbitrum did not answer; retry later")
	if oe.RetryAfter != 4*time.Second {
		t.Errorf("RetryAfter = %s, want the chain's hint, 4s", oe.RetryAfter)
	}
	if !errors.Is(err, secret) {
		t.Errorf("error %v does not wrap the node's failure", err)
	}
	if strings.Contains(oe.Message, "SECRET") || strings.Contains(oe.Message, "kyber") {
		t.Errorf("message names internals: %q", oe.Message)
	}
}
