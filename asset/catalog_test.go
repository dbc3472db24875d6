package asset_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestSupportedAssetsOrder(t *testing.T) {
	got, err := fixture(t).SupportedAssets(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// Chain order as configured (Ethereum, Base, Solana), then symbol, then
	// address, whatever the order of the config's assets.
	want := []orchestration.Asset{
		{Chain: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, Address: mToken, Decimals: 6, Symbol: "M", Name: "M by M^0"},
		{Chain: orchestration.Ethereum, Runtime: orchestration.RuntimeEVM, Address: wMToken, Decimals: 6, Symbol: "wM", Name: "WrappedM by M^0", M0Extension: true},
		{Chain: orchestration.Base, Runtime: orchestration.RuntimeEVM, Address: mToken, Icon: "https://example.com/m.svg", Decimals: 6, Symbol: "M", Name: "M by M^0"},
		{Chain: orchestration.Base, Runtime: orchestration.RuntimeEVM, Address: usdcBase, Decimals: 6, Symbol: "USDC", Name: "USD Coin"},
		{Chain: orchestration.Solana, Runtime: orchestration.RuntimeSVM, Address: solanaM, Decimals: 6, Symbol: "M", Name: "M by M^0"},
		{Chain: orchestration.Solana, Runtime: orchestration.RuntimeSVM, Address: solanaWM, Decimals: 6, Symbol: "wM", Name: "WrappedM by M^0", M0Extension: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SupportedAssets (-want +got):\n%s", diff)
	}

	// Same symbol on one chain: address breaks the tie.
	cfg := fixtureConfig()
	cfg.Assets[1].Symbol = "M" // Base USDC now sorts with Base M, by address
	c, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, _ = c.SupportedAssets(context.Background())
	if got[2].Address != usdcBase || got[3].Address != mToken {
		t.Errorf("tie on symbol not broken by address: %s, %s", got[2].Address, got[3].Address)
	}
}

func TestSupportedAssetsIsACopy(t *testing.T) {
	c := fixture(t)
	a, _ := c.SupportedAssets(context.Background())
	a[0].Symbol = "mutated"
	b, _ := c.SupportedAssets(context.Background())
	if b[0].Symbol != "M" {
		t.Error("SupportedAssets exposed the catalog's own slice")
	}
	infos := c.Assets()
	infos[0].Symbol = "mutated"
	if c.Assets()[0].Symbol != "M" {
		t.Error("Assets exposed the catalog's own slice")
	}
}

func TestSupportedAssetsJSON(t *testing.T) {
	c := fixture(t)
	body, etag, err := c.SupportedAssetsJSON(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	assets, _ := c.SupportedAssets(context.Background())
	want, _ := json.Marshal(assets)
	if string(body) != string(want) {
		t.Errorf("body is not the JSON of SupportedAssets:\n got %s\nwant %s", body, want)
	}
	if !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag) {
		t.Errorf("ETag %s is not a quoted 32-digit hex string", etag)
	}
	sum := sha256.Sum256(body)
	if etag != `"`+hex.EncodeToString(sum[:16])+`"` {
		t.Errorf("ETag %s is not the quoted hex of the body's SHA-256 prefix", etag)
	}
	body2, etag2, _ := c.SupportedAssetsJSON(context.Background())
	if &body2[0] != &body[0] || etag2 != etag {
		t.Error("SupportedAssetsJSON re-encoded; it must return the bytes encoded at construction")
	}
	if allocs := testing.AllocsPerRun(100, func() { c.SupportedAssetsJSON(context.Background()) }); allocs != 0 {
		t.Errorf("SupportedAssetsJSON allocates %v times", allocs)
	}
}

func TestSupportedAssetsJSONEmpty(t *testing.T) {
	c, err := asset.New(asset.Config{Chains: []asset.ChainConfig{{Name: orchestration.Base, ChainID: 8453}}})
	if err != nil {
		t.Fatal(err)
	}
	body, _, _ := c.SupportedAssetsJSON(context.Background())
	if string(body) != "[]" {
		t.Errorf("body of an empty catalog = %s; want []", body)
	}
}

func TestETag(t *testing.T) {
	etagOf := func(t *testing.T, cfg asset.Config) string {
		t.Helper()
		c, err := asset.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, etag, _ := c.SupportedAssetsJSON(context.Background())
		return etag
	}
	base := etagOf(t, fixtureConfig())
	tests := []struct {
		name    string
		edit    func(*asset.Config)
		changes bool
	}{
		{name: "rebuilt from the same config", edit: func(*asset.Config) {}},
		{name: "assets listed in another order", edit: func(c *asset.Config) { slices.Reverse(c.Assets) }},
		{name: "address spelled in lowercase", edit: func(c *asset.Config) { c.Assets[3].Address = "0x866a2bf4e572cbcf37d5071a7a58503bfb36be1b" }},
		{name: "provider-only field (permit)", edit: func(c *asset.Config) { c.Assets[2].Permit = false }},
		{name: "provenance", edit: func(c *asset.Config) { c.Assets[2].Source = "somewhere" }},
		{name: "contracts", edit: func(c *asset.Config) { c.Chains[0].Contracts.Portal = "0xD925C84b55E4e44a53749fF5F2a5A13F63D128fd" }},
		{name: "decimals", edit: func(c *asset.Config) { c.Assets[3].Decimals = 18 }, changes: true},
		{name: "icon", edit: func(c *asset.Config) { c.Assets[3].Icon = "https://example.com/other.svg" }, changes: true},
		{name: "name", edit: func(c *asset.Config) { c.Assets[3].Name = "M" }, changes: true},
		{name: "m0Extension", edit: func(c *asset.Config) { c.Assets[3].M0Extension = true }, changes: true},
		{name: "asset removed", edit: func(c *asset.Config) { c.Assets = c.Assets[1:] }, changes: true},
		{name: "chain order", edit: func(c *asset.Config) { slices.Reverse(c.Chains) }, changes: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fixtureConfig()
			tt.edit(&cfg)
			if got := etagOf(t, cfg); (got != base) != tt.changes {
				t.Errorf("ETag %s vs %s: changed = %v, want %v", got, base, got != base, tt.changes)
			}
		})
	}
}

func BenchmarkSupportedAssetsJSON(b *testing.B) {
	c := asset.Default()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if body, _, err := c.SupportedAssetsJSON(ctx); err != nil || len(body) == 0 {
			b.Fatal(err)
		}
	}
}

// The address book's one list covers every address field of Contracts
// (all but Others, which come last), under its JSON name, in field order,
// and names each contract as payload annotations do.
func TestContractsList(t *testing.T) {
	typ := reflect.TypeFor[asset.Contracts]()
	var c asset.Contracts
	v := reflect.ValueOf(&c).Elem()
	book := typ.NumField() - 1
	if typ.Field(book).Name != "Others" {
		t.Fatalf("the last field of Contracts is %s, not Others", typ.Field(book).Name)
	}
	for i := range book {
		v.Field(i).SetString(fmt.Sprintf("0x%040x", i+1))
	}
	list := c.List()
	if len(list) != book {
		t.Fatalf("List has %d contracts, Contracts %d address fields", len(list), book)
	}
	names := map[string]bool{}
	for i, k := range list {
		f := typ.Field(i)
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if k.Key != key || k.Address != v.Field(i).String() {
			t.Errorf("List()[%d] = %+v, want key %q and the address of field %s", i, k, key, f.Name)
		}
		if k.Name == "" || names[k.Name] {
			t.Errorf("List()[%d] (%s): name %q is empty or repeated", i, k.Key, k.Name)
		}
		names[k.Name] = true
		if got := c.Name("0x" + strings.ToUpper(k.Address[2:])); got != k.Name {
			t.Errorf("Name(%s in upper case) = %q, want %q", k.Address, got, k.Name)
		}
	}
	want := map[string]string{
		"swapFacility": "the M0 SwapFacility", "portal": "the M Portal", "orderBook": "the OrderBook",
		"swapRouter": "the Uniswap V3 router", "quoter": "the Uniswap V3 quoter", "multicall3": "Multicall3",
		"extSwap": "the M0 ext_swap program", "wormholeAdapter": "the Portal's Wormhole adapter",
		"executor": "the Wormhole Executor", "lookupTable": "the M0 address lookup table",
	}
	for _, k := range list {
		if want[k.Key] != k.Name {
			t.Errorf("%s is named %q, want %q", k.Key, k.Name, want[k.Key])
		}
	}
	// An empty address names nothing, though absent contracts are "" too.
	if got := (asset.Contracts{}).Name(""); got != "" {
		t.Errorf(`Name("") on an empty book = %q, want ""`, got)
	}
	if got := c.Name("0x000000000000000000000000000000000000dEaD"); got != "" {
		t.Errorf("Name of an unknown address = %q", got)
	}
}

// An operator's other contracts are named as given, found in any case of
// their address, listed after the address book in name order, and naming
// them costs no allocation, with or without Others.
func TestContractsOthers(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Chains[0].Contracts.Others = map[string]string{"acme desk": strings.ToLower(deskAddr), "acme vault": "0x00000000000000000000000000000000000ac3e1"}
	c, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	eth, _ := c.Chain(orchestration.Ethereum)
	if got := eth.Contracts.Name("0x" + strings.ToUpper(deskAddr[2:])); got != "acme desk" {
		t.Errorf("Name(the desk) = %q, want %q", got, "acme desk")
	}
	if got := eth.Contracts.Name(swapFacility); got != "the M0 SwapFacility" {
		t.Errorf("Name(the SwapFacility) = %q", got)
	}
	if got := eth.Contracts.Name("0x00000000000000000000000000000000000Ac3E2"); got != "" {
		t.Errorf("Name of an address listed nowhere = %q", got)
	}
	list := eth.Contracts.List()
	want := []asset.Contract{
		{Key: "others.acme desk", Name: "acme desk", Address: deskAddr},
		{Key: "others.acme vault", Name: "acme vault", Address: "0x00000000000000000000000000000000000AC3e1"},
	}
	if diff := cmp.Diff(want, list[len(list)-2:]); diff != "" {
		t.Errorf("List's last entries (-want +got):\n%s", diff)
	}
	base, _ := c.Chain(orchestration.Base)
	for _, contracts := range []asset.Contracts{eth.Contracts, base.Contracts} {
		if n := testing.AllocsPerRun(100, func() { contracts.Name(deskAddr) }); n != 0 {
			t.Errorf("Name allocates %v times (Others: %d)", n, len(contracts.Others))
		}
	}
}
