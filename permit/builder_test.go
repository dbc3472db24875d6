package permit_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/quote"
)

func newBuilder(t *testing.T) (*permit.Builder, *asset.Catalog) {
	t.Helper()
	cat, err := asset.New(asset.Config{
		Chains: []asset.ChainConfig{{Name: orchestration.Ethereum, ChainID: 1}, {Name: orchestration.Solana, ChainID: 1399811149}},
		Assets: []asset.AssetConfig{
			{Chain: orchestration.Ethereum, Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b", Symbol: "M", Name: "M by M^0", Decimals: 6, Permit: true},
			{Chain: orchestration.Solana, Address: "mzerokyEX9TNDoK4o2YZQBDmMzjokAeN6M2g2S3pLJo", Symbol: "M", Name: "M by M^0", Decimals: 6},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	e, err := quote.New(quote.Config{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	b, err := permit.New(permit.Config{Engine: e, Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	return b, cat
}

func TestNewRefusesIncompleteConfig(t *testing.T) {
	e, _ := quote.New(quote.Config{Catalog: asset.Default()})
	for _, cfg := range []permit.Config{{Catalog: asset.Default()}, {Engine: e}, {Engine: e, Catalog: asset.Default(), Horizon: -1}} {
		if _, err := permit.New(cfg); err == nil {
			t.Errorf("New(%+v) = nil error", cfg)
		}
	}
}

// Permits are EVM only: a route with an end on Solana is a bad permit
// request naming the end, never a quote code.
func TestPermitQuoteRefusesSolana(t *testing.T) {
	b, cat := newBuilder(t)
	var evmM, solM orchestration.AssetAddress
	for _, a := range cat.Assets() {
		switch {
		case a.Runtime == orchestration.RuntimeEVM && a.Symbol == "M" && evmM.Chain == "":
			evmM = orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
		case a.Runtime == orchestration.RuntimeSVM && solM.Chain == "":
			solM = orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
		}
	}
	_, err := b.PermitQuote(context.Background(), orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route: orchestration.Route{Source: evmM, Destination: solM}, AmountIn: "1000000",
		Sender: "0x8457F3072F04a4b00E2ce48D36e57203bE0Bf554", Recipient: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
	}})
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest || !strings.Contains(oe.Message, "route.destination is on") {
		t.Fatalf("error %v, want BadPermitRequest naming route.destination", err)
	}
}

// A build with no recipe is a bad request.
func TestPermitBuildNeedsRecipes(t *testing.T) {
	b, _ := newBuilder(t)
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{})
	if code, _ := orchestration.CodeOf(err); code != orchestration.BadPermitRequest {
		t.Errorf("empty build: %v, want BadPermitRequest", err)
	}
}

// A build takes at most Config.MaxBuildRecipes recipes; more is a bad
// request saying the bound, before any recipe is looked at.
func TestPermitBuildBoundsRecipes(t *testing.T) {
	b := fictionalBuilder(t, permit.Config{MaxBuildRecipes: 2})
	r := swapRecipe()
	signed := orchestration.SignedRecipe{Recipe: r, Signature: hexutil.Encode(sign(t, r, ownerKey))}
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{signed, signed, signed}})
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest || !strings.Contains(oe.Message, "at most 2") {
		t.Fatalf("three recipes where two are allowed: %v, want BadPermitRequest saying at most 2", err)
	}
}

// A recipe the builder never issued is refused before its signature or
// the chain is looked at, naming the owner it was not issued to.
func TestPermitBuildRefusesRecipesNotIssued(t *testing.T) {
	b := fictionalBuilder(t, permit.Config{})
	r := swapRecipe()
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{
		{Recipe: r, Signature: hexutil.Encode(sign(t, r, ownerKey))}}})
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
	ledger := permit.NewMemoryLedger(0)
	b := fictionalBuilder(t, permit.Config{Ledger: ledger})
	r := swapRecipe()
	r.TypedData = permitTypedData(usdt, "Tether USD", "1", facility, units(10))
	r.Operation.Swap.ExtensionIn = usdt.Hex()
	if err := permit.Check(r); err != nil {
		t.Fatalf("the USDT recipe is not consistent: %v", err)
	}
	now := time.Now()
	if err := ledger.Issue(context.Background(), []permit.IssuedRecipe{{Digest: permit.RecipeDigest(r), ChainID: r.ChainID,
		Owner: owner, Recipe: r, Issued: now, Expires: now.Add(time.Hour)}}); err != nil {
		t.Fatal(err)
	}
	_, err := b.PermitBuild(context.Background(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{
		{Recipe: r, Signature: hexutil.Encode(sign(t, r, ownerKey))}}})
	var oe *orchestration.Error
	if !errors.As(err, &oe) || oe.Code != orchestration.BadPermitRequest || !strings.Contains(oe.Message, "is not a token with a permit on Sepolia") {
		t.Fatalf("a USDT recipe: %v, want BadPermitRequest saying USDT has no permit", err)
	}
}

// fictionalBuilder is a Builder over the fictional catalog and an engine
// with no provider, with cfg's other settings.
func fictionalBuilder(t *testing.T, cfg permit.Config) *permit.Builder {
	t.Helper()
	cfg.Catalog = catalog(t)
	e, err := quote.New(quote.Config{Catalog: cfg.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Engine = e
	b, err := permit.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
