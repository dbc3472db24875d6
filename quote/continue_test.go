package quote_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/svm"
)

// The catalog of the tests of routes that continue on the destination's
// runtime (decision 79): the test catalog's chains, a second asset on
// Solana, and a second SVM chain, so that a path could leave Solana for an
// EVM chain and reach another SVM chain without returning to a chain.
var (
	wMSolMint = "mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"
	mDevMint  = "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo"

	contCatalog = func() *asset.Catalog {
		cat, err := asset.New(asset.Config{
			Chains: []asset.ChainConfig{
				{Name: orchestration.Ethereum, ChainID: 1},
				{Name: orchestration.Arbitrum, ChainID: 42161},
				{Name: orchestration.Solana, ChainID: 1399811149},
				{Name: orchestration.SolanaDevnet, ChainID: 1399811150},
			},
			Assets: []asset.AssetConfig{
				{Chain: orchestration.Ethereum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6},
				{Chain: orchestration.Ethereum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
				{Chain: orchestration.Arbitrum, Address: mAddr, Symbol: "M", Name: "M by M^0", Decimals: 6},
				{Chain: orchestration.Arbitrum, Address: wMAddr, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
				{Chain: orchestration.Solana, Address: mSolMint, Symbol: "M", Name: "M by M^0", Decimals: 6},
				{Chain: orchestration.Solana, Address: wMSolMint, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true},
				{Chain: orchestration.SolanaDevnet, Address: mDevMint, Symbol: "M", Name: "M by M^0", Decimals: 6},
			},
		})
		if err != nil {
			panic(err)
		}
		return cat
	}()
	cEthM  = contResolve(orchestration.Ethereum, mAddr)
	cEthWM = contResolve(orchestration.Ethereum, wMAddr)
	cArbM  = contResolve(orchestration.Arbitrum, mAddr)
	cArbWM = contResolve(orchestration.Arbitrum, wMAddr)
	cSolM  = contResolve(orchestration.Solana, mSolMint)
	cSolWM = contResolve(orchestration.Solana, wMSolMint)
	cDevM  = contResolve(orchestration.SolanaDevnet, mDevMint)
)

func contResolve(chain orchestration.Chain, a string) asset.AssetInfo {
	info, err := contCatalog.Resolve(orchestration.AssetAddress{Chain: chain, Address: a})
	if err != nil {
		panic(err)
	}
	return info
}

// contRate is rate over contCatalog's chain ids.
func contRate() memprovider.LegFunc {
	return func(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
		info, _ := contCatalog.Chain(leg.From.Chain)
		l, err := memprovider.Rate(memprovider.Pricing{Num: 1, Den: 1, EstTime: time.Second, ChainID: info.ChainID})(ctx, leg)
		if err != nil {
			return l, err
		}
		l.Payloads[0].Annotation = label(leg.From) + ">" + label(leg.To)
		return l, nil
	}
}

// contRequest is a request of 1 of src for dst, sent by the source
// runtime's party to the destination runtime's.
func contRequest(src, dst asset.AssetInfo, evmParty, solParty string) orchestration.QuoteRequest {
	r := orchestration.QuoteRequest{Route: orchestration.Route{Source: addr(src), Destination: addr(dst)}, AmountIn: "1000000",
		MaxNumQuotes: ptr(5)}
	r.Sender, r.Recipient = evmParty, solParty
	if src.Runtime == orchestration.RuntimeSVM {
		r.Sender, r.Recipient = solParty, evmParty
	}
	return r
}

// A route crossing to the destination's runtime may continue there: the
// crossing leg delivers to the recipient, who funds, signs and is refunded
// the later legs; the legs before are the funder's, as always.
func TestRouteContinuesOnTheDestinationRuntime(t *testing.T) {
	evmRecipient := common.HexToAddress("0x3333333333333333333333333333333333333333").Hex()
	type seen struct {
		From, To                          string
		Funder, Sender, Recipient, Refund string
	}
	tests := []struct {
		name     string
		src, dst asset.AssetInfo
		// pre is a swap on the source's runtime before the bridge (nil:
		// none); bridge crosses; post swaps on the destination's runtime.
		pre, bridge, post  [2]asset.AssetInfo
		evmParty, solParty string
		want               []seen // by leg, in route order
	}{{
		name: "EVM to Solana", src: cEthWM, dst: cSolWM,
		pre: [2]asset.AssetInfo{cEthWM, cEthM}, bridge: [2]asset.AssetInfo{cEthM, cSolM}, post: [2]asset.AssetInfo{cSolM, cSolWM},
		evmParty: sender, solParty: solKey,
		want: []seen{
			{"wM@Ethereum", "M@Ethereum", sender, sender, sender, sender},
			{"M@Ethereum", "M@Solana", sender, sender, solKey, sender},
			{"M@Solana", "wM@Solana", solKey, solKey, solKey, solKey},
		},
	}, {
		name: "Solana to EVM", src: cSolWM, dst: cArbWM,
		pre: [2]asset.AssetInfo{cSolWM, cSolM}, bridge: [2]asset.AssetInfo{cSolM, cArbM}, post: [2]asset.AssetInfo{cArbM, cArbWM},
		evmParty: evmRecipient, solParty: solKey,
		want: []seen{
			{"wM@Solana", "M@Solana", solKey, solKey, solKey, solKey},
			{"M@Solana", "M@Arbitrum", solKey, solKey, evmRecipient, solKey},
			{"M@Arbitrum", "wM@Arbitrum", evmRecipient, evmRecipient, evmRecipient, evmRecipient},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var swapRec, bridgeRec recording
			swaps := memprovider.New(sfID).Edge(edge(tt.pre[0], tt.pre[1]), swapRec.wrap(contRate())).
				Edge(edge(tt.post[0], tt.post[1]), swapRec.wrap(contRate()))
			bridge := memprovider.New(portalID).Edge(edge(tt.bridge[0], tt.bridge[1]), bridgeRec.wrap(contRate()))
			e, _ := newEngine(t, quote.Config{Catalog: contCatalog, Providers: []quote.Provider{swaps, bridge}})
			quotes, err := e.Quote(context.Background(), contRequest(tt.src, tt.dst, tt.evmParty, tt.solParty))
			if err != nil {
				t.Fatal(err)
			}
			want := legs(hopText(sfID, tt.pre[0], tt.pre[1]), hopText(portalID, tt.bridge[0], tt.bridge[1]), hopText(sfID, tt.post[0], tt.post[1]))
			if diff := cmp.Diff([]string{want}, routesOf(quotes)); diff != "" {
				t.Fatalf("routes (-want +got):\n%s", diff)
			}
			var got []seen
			for _, r := range slices.Concat(bridgeRec.requests(), swapRec.requests()) {
				got = append(got, seen{label(r.From), label(r.To), r.Funder.String(), r.Sender.String(), r.Recipient.String(), r.Refund.String()})
			}
			slices.SortFunc(got, func(a, b seen) int { return slices.Index(tt.want, a) - slices.Index(tt.want, b) })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("leg requests (-want +got):\n%s", diff)
			}
			// The Solana legs' transactions are paid by the party that
			// holds their input there: the funder before the crossing,
			// the recipient after.
			for _, p := range quotes[0].Payloads {
				if p.Data.SVM == nil {
					continue
				}
				tx, err := svm.Decode(p.Data.SVM.Transaction)
				if err != nil {
					t.Fatal(err)
				}
				if payer := tx.Message.AccountKeys[0]; !payer.Equals(solana.MustPublicKeyFromBase58(solKey)) {
					t.Errorf("%s: fee payer %s, want %s", p.Annotation, payer, solKey)
				}
			}
		})
	}
}

// Once a route has crossed to the destination's runtime it holds nothing on
// the source's again: no party of the request could sign there (the funder
// does not hold it, the recipient has no key on that runtime). Within that
// rule, a route may pass through any chain of the destination's runtime.
func TestRouteDoesNotReturnToTheSourceRuntime(t *testing.T) {
	evmRecipient := common.HexToAddress("0x3333333333333333333333333333333333333333").Hex()
	tests := []struct {
		name     string
		src, dst asset.AssetInfo
		edges    [][2]asset.AssetInfo
		want     []string
	}{{
		// M@Ethereum > M@Solana > wM@Arbitrum > M@SolanaDevnet would hold
		// wM on Arbitrum after crossing.
		name: "EVM to Solana", src: cEthM, dst: cDevM,
		edges: [][2]asset.AssetInfo{{cEthM, cSolM}, {cSolM, cArbWM}, {cArbWM, cDevM}, {cEthM, cArbM}, {cArbM, cSolM}, {cSolM, cDevM}},
		want: []string{
			legs(hopText(portalID, cEthM, cSolM), hopText(portalID, cSolM, cDevM)),
			legs(hopText(portalID, cEthM, cArbM), hopText(portalID, cArbM, cSolM), hopText(portalID, cSolM, cDevM)),
		},
	}, {
		// M@Solana > M@Arbitrum > M@SolanaDevnet > wM@Ethereum would hold
		// M on SolanaDevnet after crossing.
		name: "Solana to EVM", src: cSolM, dst: cEthWM,
		edges: [][2]asset.AssetInfo{{cSolM, cArbM}, {cArbM, cDevM}, {cDevM, cEthWM}, {cArbM, cArbWM}, {cArbWM, cEthWM}},
		want: []string{
			legs(hopText(portalID, cSolM, cArbM), hopText(portalID, cArbM, cArbWM), hopText(portalID, cArbWM, cEthWM)),
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := memprovider.New(portalID)
			for _, ed := range tt.edges {
				p.Edge(edge(ed[0], ed[1]), contRate())
			}
			e, _ := newEngine(t, quote.Config{Catalog: contCatalog, Providers: []quote.Provider{p}})
			quotes, err := e.Quote(context.Background(), contRequest(tt.src, tt.dst, evmRecipient, solKey))
			if err != nil {
				t.Fatal(err)
			}
			got := routesOf(quotes)
			slices.Sort(got)
			slices.Sort(tt.want)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("routes (-want +got):\n%s", diff)
			}
		})
	}
}
