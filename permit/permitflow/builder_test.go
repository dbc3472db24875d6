package permitflow_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit/permitflow"
	"github.com/m0-orchestration/m0/permit/permitflow/permitflowtest"
	"github.com/m0-orchestration/m0/quote"
)

const sepoliaID = 11155111

var (
	owner = common.HexToAddress("0x8457F3072F04a4b00E2ce48D36e57203bE0Bf554")
	// The tokens and the OrderBook of permitflowtest.Recipe's limit order.
	wM   = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	usdt = "0x7169D38820dfd117C3FA1f22a697dBA58d90BA06"
	book = "0xe39B012AB3b20E94a9beEa557eB0DE4171D4D3E4"
	// anySignature parses; the builder refuses every recipe below before
	// it looks at signatures.
	anySignature = "0x" + strings.Repeat("11", 65)
)

// catalog is a fictional Sepolia with permitflowtest.Recipe's OrderBook
// and token (wM, with a permit), USDT without one, and Solana's M.
func catalog(t *testing.T) *asset.Catalog {
	t.Helper()
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{
			{Name: orchestration.Sepolia, ChainID: sepoliaID, Testnet: true, Contracts: asset.Contracts{OrderBook: book}},
			{Name: orchestration.Solana, ChainID: 1399811149},
		},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Sepolia, Address: wM, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6, M0Extension: true, Permit: true},
			{Chain: orchestration.Sepolia, Address: usdt, Symbol: "USDT", Name: "Tether USD", Decimals: 6},
			{Chain: orchestration.Solana, Address: "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo", Symbol: "M", Name: "M by M^0", Decimals: 6},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// fakeEngine answers permit quotes with quotes or err, and counts calls.
type fakeEngine struct {
	quotes []orchestration.PermitQuote
	err    error
	calls  int
}

func (f *fakeEngine) Rules() quote.Rules { return quote.Rules{} }

func (f *fakeEngine) PermitQuoteRequest(context.Context, quote.Request, quote.PermitOptions) (quote.PermitQuotes, error) {
	f.calls++
	return quote.PermitQuotes{Quotes: f.quotes}, f.err
}

func newBuilder(t *testing.T, cfg permitflow.Config) *permitflow.Builder {
	t.Helper()
	cfg.Catalog = catalog(t)
	if cfg.Engine == nil {
		cfg.Engine = &fakeEngine{}
	}
	b, err := permitflow.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNewRefusesIncompleteConfig(t *testing.T) {
	e := &fakeEngine{}
	for _, cfg := range []permitflow.Config{{Catalog: asset.Default()}, {Engine: e}, {Engine: e, Catalog: asset.Default(), Horizon: -1}} {
		if _, err := permitflow.New(cfg); err == nil {
			t.Errorf("New(%+v) = nil error", cfg)
		}
	}
}

// wMRequest asks for wM on Sepolia to the destination.
func wMRequest(dest orchestration.AssetAddress) orchestration.PermitQuoteRequest {
	return orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: wM}, Destination: dest},
		AmountIn: "1000000", Sender: owner.Hex(),
	}}
}

// A permit quote returns the engine's recipes and keeps each in the
// ledger, so that a build takes them back; the engine's "no quotes" is
// PermitNotSupported and its failures PermitQuoteError.
func TestPermitQuoteIssuesTheEnginesRecipes(t *testing.T) {
	r := permitflowtest.Recipe(sepoliaID, owner, 1)
	usdtOut := orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: usdt}
	for _, tc := range []struct {
		name      string
		engineErr error
		wantCode  orchestration.Code
	}{
		{"quoted", nil, ""},
		{"no route", orchestration.Errorf(orchestration.NoQuotesAvailable, "no route"), orchestration.PermitNotSupported},
		{"failed", errors.New("node down"), orchestration.PermitQuoteError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ledger := permitflow.NewMemoryLedger(0)
			e := &fakeEngine{quotes: []orchestration.PermitQuote{{Recipes: []orchestration.PermitRecipe{r}}}, err: tc.engineErr}
			b := newBuilder(t, permitflow.Config{Engine: e, Ledger: ledger})
			got, err := b.PermitQuote(context.Background(), wMRequest(usdtOut))
			kept, _ := ledger.Issued(context.Background(), permitflow.RecipeDigest(r), time.Now())
			if tc.wantCode != "" {
				if code, _ := orchestration.CodeOf(err); code != tc.wantCode || kept {
					t.Fatalf("error %v (recipe kept: %v), want %s and nothing kept", err, kept, tc.wantCode)
				}
				return
			}
			if err != nil || len(got.Quotes) != 1 || !kept {
				t.Fatalf("PermitQuote = %+v, %v; recipe kept: %v", got, err, kept)
			}
		})
	}
}

// Permits are EVM only: a route with an end on Solana is a bad permit
// request naming the end, never a quote code, and the engine is not asked.
func TestPermitQuoteRefusesSolana(t *testing.T) {
	e := &fakeEngine{}
	b := newBuilder(t, permitflow.Config{Engine: e})
	req := wMRequest(orchestration.AssetAddress{Chain: orchestration.Solana, Address: "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo"})
	req.Recipient = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
	_, err := b.PermitQuote(context.Background(), req)
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest || !strings.Contains(oe.Message, "route.destination is on") || e.calls != 0 {
		t.Fatalf("error %v (engine asked %d times), want BadPermitRequest naming route.destination", err, e.calls)
	}
}

// A build with no recipe is a bad request.
func TestPermitBuildNeedsRecipes(t *testing.T) {
	b := newBuilder(t, permitflow.Config{})
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{})
	if code, _ := orchestration.CodeOf(err); code != orchestration.BadPermitRequest {
		t.Errorf("empty build: %v, want BadPermitRequest", err)
	}
}

// A build takes at most Config.MaxBuildRecipes recipes; more is a bad
// request saying the bound, before any recipe is looked at.
func TestPermitBuildBoundsRecipes(t *testing.T) {
	b := newBuilder(t, permitflow.Config{MaxBuildRecipes: 2})
	signed := orchestration.SignedRecipe{Recipe: permitflowtest.Recipe(sepoliaID, owner, 1), Signature: anySignature}
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{signed, signed, signed}})
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest || !strings.Contains(oe.Message, "at most 2") {
		t.Fatalf("three recipes where two are allowed: %v, want BadPermitRequest saying at most 2", err)
	}
}

// A recipe the builder never issued is refused before its signature or
// the chain is looked at, naming the owner it was not issued to.
func TestPermitBuildRefusesRecipesNotIssued(t *testing.T) {
	b := newBuilder(t, permitflow.Config{})
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{
		{Recipe: permitflowtest.Recipe(sepoliaID, owner, 1), Signature: anySignature}}})
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest ||
		!strings.Contains(oe.Message, "signedRecipes[0].recipe.typedData.message.owner") || !strings.Contains(oe.Message, "issued") {
		t.Fatalf("a recipe never issued: %v, want BadPermitRequest naming the owner", err)
	}
}

// A catalog token without a permit (USDT) is refused at build even when
// the ledger holds its recipe (issued by a replica whose catalog said
// otherwise): 400 naming the token, before the signature or the chain.
func TestPermitBuildRefusesATokenWithoutPermit(t *testing.T) {
	ledger := permitflow.NewMemoryLedger(0)
	b := newBuilder(t, permitflow.Config{Ledger: ledger})
	r := permitflowtest.Recipe(sepoliaID, owner, 1)
	r.TypedData.Domain.VerifyingContract, r.Operation.LimitOrder.TokenIn = usdt, usdt
	now := time.Now()
	if err := ledger.Issue(context.Background(), []permitflow.IssuedRecipe{{Digest: permitflow.RecipeDigest(r), ChainID: r.ChainID,
		Owner: owner, Recipe: r, Issued: now, Expires: now.Add(time.Hour)}}); err != nil {
		t.Fatal(err)
	}
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{
		{Recipe: r, Signature: anySignature}}})
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest || !strings.Contains(oe.Message, "is not a token with a permit on Sepolia") {
		t.Fatalf("a USDT recipe: %v, want BadPermitRequest saying USDT has no permit", err)
	}
}
