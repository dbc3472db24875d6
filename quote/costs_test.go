package quote_test

import (
	"context"
	"math/big"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// pricedRuntime is the EVM runtime whose payloads each cost gas at price.
type pricedRuntime struct {
	*evmruntime.Runtime
	gas, price int64
}

func (r pricedRuntime) CostPayload(_ asset.ChainInfo, _ quote.State, d orchestration.TransactionPayload) (orchestration.TransactionPayload, *big.Int) {
	cp := *d.EVM
	cp.Gas, cp.GasPrice = strconv.FormatInt(r.gas, 10), strconv.FormatInt(r.price, 10)
	return orchestration.TransactionPayload{EVM: &cp}, big.NewInt(r.gas * r.price)
}

// TestQuoteFees: a quote lists its legs' fees in route order, each given
// the leg's source chain and provider when it names none, then one gas fee
// per chain: the sum of its payloads' gas × gasPrice, the approves the
// Engine adds among them; the providers' payloads are not modified.
func TestQuoteFees(t *testing.T) {
	shared := orchestration.Payload{Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Ethereum, ChainID: 1, To: usdcEthAddr, Data: "0x", Value: "0"}}}
	withFees := func(fees []orchestration.Fee) func(*quote.Leg) {
		return func(l *quote.Leg) { l.Fees, l.Payloads = fees, []orchestration.Payload{shared} }
	}
	uni := memprovider.New(uniID).Edge(quote.Edge{From: mEth, To: usdcEth, Spender: routerEth}, legFunc(legSpec{num: 1, den: 1,
		edit: withFees([]orchestration.Fee{{Kind: orchestration.FeePool, Token: mEth.Address, Amount: "500"}})}))
	sf := memprovider.New(sfID).Edge(quote.Edge{From: usdcEth, To: wMEth}, legFunc(legSpec{num: 1, den: 1,
		edit: withFees([]orchestration.Fee{{Kind: orchestration.FeeProtocol, Chain: orchestration.Base, Provider: "elsewhere", Amount: "7"}})}))
	rt, err := evmruntime.New(evmruntime.Config{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{uni, sf}, Runtimes: []quote.Runtime{pricedRuntime{rt, 21_000, 3}}})
	quotes, err := e.Quote(context.Background(), request(wMEth))
	if err != nil {
		t.Fatal(err)
	}
	q := quotes[0]
	if len(q.Payloads) != 3 { // the router's approve, the two legs'
		t.Fatalf("%d payloads, want 3", len(q.Payloads))
	}
	want := []orchestration.Fee{
		{Kind: orchestration.FeePool, Chain: orchestration.Ethereum, Token: mEth.Address, Amount: "500", Provider: uniID},
		{Kind: orchestration.FeeProtocol, Chain: orchestration.Base, Amount: "7", Provider: "elsewhere"},
		{Kind: orchestration.FeeGas, Chain: orchestration.Ethereum, Amount: strconv.Itoa(3 * 21_000 * 3)},
	}
	if diff := cmp.Diff(want, q.Fees, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Description" }, cmp.Ignore())); diff != "" {
		t.Errorf("fees (-want +got):\n%s", diff)
	}
	for i, p := range q.Payloads {
		if p.Data.EVM.Gas != "21000" || p.Data.EVM.GasPrice != "3" {
			t.Errorf("payload %d: gas %q at %q, want 21000 at 3", i, p.Data.EVM.Gas, p.Data.EVM.GasPrice)
		}
	}
	if shared.Data.EVM.Gas != "" {
		t.Error("the provider's payload was modified")
	}
}

// TestFeesBuiltForComposedLegsOnly: a provider's deferred fees
// (Leg.BuildFees) are built for the legs of the quotes returned, once per
// leg however many routes share it, and never for the legs that lose; they
// read as eager ones do (decision 106).
func TestFeesBuiltForComposedLegsOnly(t *testing.T) {
	var built sync.Map // provider -> *atomic.Int32
	deferred := func(id string, fee string) func(*quote.Leg) {
		n := new(atomic.Int32)
		built.Store(id, n)
		return func(l *quote.Leg) {
			l.BuildFees = func() []orchestration.Fee {
				n.Add(1)
				return []orchestration.Fee{{Kind: orchestration.FeeProtocol, Amount: fee}}
			}
		}
	}
	count := func(id string) int32 { n, _ := built.Load(id); return n.(*atomic.Int32).Load() }
	// "first" is the first leg of two routes to wM through USDC, equal in
	// amount, time and payloads, so both are composed: then "second" or
	// "third"; "loser" quotes less than both, directly.
	first := memprovider.New("first").Edge(edge(mEth, usdcEth), legFunc(legSpec{num: 1, den: 1, edit: deferred("first", "3")}))
	second := memprovider.New("second").Edge(edge(usdcEth, wMEth), legFunc(legSpec{num: 1, den: 1, edit: deferred("second", "4")}))
	third := memprovider.New("third").Edge(edge(usdcEth, wMEth), rate(1, 1, 0))
	loser := memprovider.New("loser").Edge(edge(mEth, wMEth), legFunc(legSpec{num: 9, den: 10, edit: deferred("loser", "5")}))
	e, _ := newEngine(t, quote.Config{Providers: []quote.Provider{first, second, third, loser}})
	qr := request(wMEth)
	quotes, err := e.Quote(context.Background(), qr)
	if err != nil {
		t.Fatal(err)
	}
	want := []orchestration.Fee{
		{Kind: orchestration.FeeProtocol, Chain: orchestration.Ethereum, Amount: "3", Provider: "first"},
		{Kind: orchestration.FeeProtocol, Chain: orchestration.Ethereum, Amount: "4", Provider: "second"},
	}
	if diff := cmp.Diff(want, quotes[0].Fees); diff != "" {
		t.Errorf("fees (-want +got):\n%s", diff)
	}
	for id, n := range map[string]int32{"first": 1, "second": 1, "loser": 0} {
		if got := count(id); got != n {
			t.Errorf("%s's fees built %d times, want %d", id, got, n)
		}
	}
	// Asked for every quote, each leg's fees are built once.
	qr.MaxNumQuotes = ptr(5)
	if _, err := e.Quote(context.Background(), qr); err != nil {
		t.Fatal(err)
	}
	for id, n := range map[string]int32{"first": 2, "second": 2, "loser": 1} {
		if got := count(id); got != n {
			t.Errorf("after a second request for every quote, %s's fees built %d times in all, want %d", id, got, n)
		}
	}
}
