package asset_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// The reference (a copy of the shared chains-assets.json) and the default
// file, decoded loosely: the tests compare the two.

type refFile struct {
	Chains []struct {
		Name    orchestration.Chain        `json:"name"`
		Runtime orchestration.ChainRuntime `json:"runtime"`
		ChainID uint64                     `json:"chainId"`
		Testnet bool                       `json:"testnet"`
		Source  string                     `json:"source"`
	} `json:"chains"`
	Assets []struct {
		Chain       orchestration.Chain `json:"chain"`
		Symbol      *string             `json:"symbol"`
		Name        *string             `json:"name"`
		Address     string              `json:"address"`
		Decimals    *int                `json:"decimals"`
		M0Extension bool                `json:"m0Extension"`
		Permit      *bool               `json:"permit"`
		Source      string              `json:"source"`
	} `json:"assets"`
	Contracts []struct {
		Chain   orchestration.Chain `json:"chain"`
		Name    string              `json:"name"`
		Address string              `json:"address"`
		Source  string              `json:"source"`
	} `json:"contracts"`
}

type defaultDoc struct {
	Chains  []asset.ChainConfig `json:"chains"`
	Assets  []asset.AssetConfig `json:"assets"`
	LeftOut []struct {
		Kind    string              `json:"kind"`
		Chain   orchestration.Chain `json:"chain"`
		Address string              `json:"address"`
		Reason  string              `json:"reason"`
	} `json:"leftOut"`
	UnmappedContracts []struct {
		Name   string `json:"name"`
		Reason string `json:"reason"`
	} `json:"unmappedContracts"`
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func loadReference(t *testing.T) (refFile, defaultDoc) {
	var ref refFile
	var def defaultDoc
	readJSON(t, filepath.Join("testdata", "reference-chains-assets.json"), &ref)
	readJSON(t, "default.json", &def)
	return ref, def
}

// roleOf maps a contract name of the reference to the Contracts field
// (by JSON name) it fills, or "".
func roleOf(name string) string {
	switch {
	case name == "SwapFacility (proxy)":
		return "swapFacility"
	case strings.HasPrefix(name, "M Portal HubPortal (V1 NTT; upgraded in place to Portal V2"),
		strings.HasPrefix(name, "M Portal SpokePortal (V1 NTT; upgraded in place to Portal V2"),
		name == "Portal V2":
		return "portal"
	case name == "OrderBook (proxy)":
		return "orderBook"
	case name == "Uniswap V3 SwapRouter02", name == "Uniswap V3 router used by M0":
		return "swapRouter"
	case name == "Uniswap V3 QuoterV2":
		return "quoter"
	case name == "Multicall3":
		return "multicall3"
	}
	return ""
}

// contractByRole returns the address of the contract whose configuration
// key is role, from the address book's one list.
func contractByRole(c asset.Contracts, role string) string {
	for _, k := range c.List() {
		if k.Key == role {
			return k.Address
		}
	}
	return ""
}

// roles are the configuration keys of the address book, in its order.
func roles() []string {
	var out []string
	for _, k := range (asset.Contracts{}).List() {
		out = append(out, k.Key)
	}
	return out
}

func TestDefaultIsBuiltOnce(t *testing.T) {
	if asset.Default() != asset.Default() {
		t.Error("Default built a new catalog on each call")
	}
	cfg := asset.DefaultConfig()
	c, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(asset.Default().Assets(), c.Assets()); diff != "" {
		t.Errorf("DefaultConfig does not build Default (-Default +New):\n%s", diff)
	}
	cfg.Assets[0].Symbol = "mutated"
	if asset.DefaultConfig().Assets[0].Symbol == "mutated" {
		t.Error("DefaultConfig returned shared state")
	}
}

func TestDefaultCounts(t *testing.T) {
	c := asset.Default()
	if got := len(c.Chains()); got != 16 {
		t.Errorf("%d chains, want 16", got)
	}
	count := map[string]int{}
	for _, a := range c.Assets() {
		count[a.Symbol]++
	}
	if want := map[string]int{"M": 13, "wM": 7, "mUSD": 4, "ctUSD": 1, "USUALM": 1}; !cmp.Equal(count, want) {
		t.Errorf("assets by symbol = %v, want %v", count, want)
	}
}

// TestDefaultAddressesCanonical checks the file itself: every address is
// written in EIP-55 form, so the file and the served JSON agree.
func TestDefaultAddressesCanonical(t *testing.T) {
	_, def := loadReference(t)
	for i, a := range def.Assets {
		if want := common.HexToAddress(a.Address).Hex(); a.Address != want {
			t.Errorf("assets[%d] (%s %s): not checksummed, want %s", i, a.Chain, a.Address, want)
		}
		if _, err := orchestration.ParseEVMAddress(a.Address); err != nil {
			t.Errorf("assets[%d] (%s %s): %v", i, a.Chain, a.Address, err)
		}
	}
	for _, ch := range def.Chains {
		for _, role := range roles() {
			addr := contractByRole(ch.Contracts, role)
			if addr != "" && addr != common.HexToAddress(addr).Hex() {
				t.Errorf("%s contracts.%s %s: not checksummed", ch.Name, role, addr)
			}
		}
	}
	for _, a := range asset.Default().Assets() {
		if a.Address != common.HexToAddress(a.Address).Hex() {
			t.Errorf("served %s %s not checksummed", a.Chain, a.Address)
		}
	}
}

// TestDefaultProvenance checks that every value carries its source and that
// no icon is invented.
func TestDefaultProvenance(t *testing.T) {
	_, def := loadReference(t)
	for _, ch := range def.Chains {
		if ch.Source == "" {
			t.Errorf("chain %s has no source", ch.Name)
		}
		for _, role := range roles() {
			if contractByRole(ch.Contracts, role) != "" && ch.ContractSources[role] == "" {
				t.Errorf("%s contracts.%s has no source", ch.Name, role)
			}
		}
	}
	for _, a := range def.Assets {
		if a.Source == "" {
			t.Errorf("asset %s %s has no source", a.Chain, a.Address)
		}
		if a.PermitDomain.Known() && !strings.Contains(a.Source, "permitDomain: ") {
			t.Errorf("asset %s %s: permitDomain has no source", a.Chain, a.Symbol)
		}
		if a.Icon != "" {
			t.Errorf("asset %s %s has icon %q; the reference has none", a.Chain, a.Symbol, a.Icon)
		}
	}
}

// TestDefaultChainsMatchReference: every chain of the reference is in the
// default with the same id, runtime and testnet flag, or is listed as left
// out; nothing else is in the default.
func TestDefaultChainsMatchReference(t *testing.T) {
	ref, def := loadReference(t)
	c := asset.Default()
	leftOut := map[orchestration.Chain]bool{}
	for _, l := range def.LeftOut {
		if l.Kind == "chain" {
			leftOut[l.Chain] = true
			if l.Reason == "" {
				t.Errorf("left-out chain %s has no reason", l.Chain)
			}
		}
	}
	if want := map[orchestration.Chain]bool{orchestration.Fluent: true, orchestration.Rise: true}; !cmp.Equal(leftOut, want) {
		t.Errorf("left-out chains = %v, want %v (the reference's UNVERIFIED mappings)", leftOut, want)
	}
	var refOrder []orchestration.Chain
	for _, rc := range ref.Chains {
		got, ok := c.Chain(rc.Name)
		switch {
		case leftOut[rc.Name]:
			if ok {
				t.Errorf("%s is listed as left out but is in the default", rc.Name)
			}
			if !strings.Contains(rc.Source, "UNVERIFIED") {
				t.Errorf("%s is left out but its reference source is not marked UNVERIFIED", rc.Name)
			}
			continue
		case !ok:
			t.Errorf("reference chain %s is neither in the default nor listed as left out", rc.Name)
			continue
		}
		refOrder = append(refOrder, rc.Name)
		if got.ChainID != rc.ChainID || got.Runtime != rc.Runtime || got.Testnet != rc.Testnet {
			t.Errorf("%s = id %d %s testnet=%v; reference says id %d %s testnet=%v",
				rc.Name, got.ChainID, got.Runtime, got.Testnet, rc.ChainID, rc.Runtime, rc.Testnet)
		}
		if byID, ok := c.ChainByID(rc.Runtime, rc.ChainID); !ok || byID.Name != rc.Name {
			t.Errorf("ChainByID(%s, %d) = %s, %v", rc.Runtime, rc.ChainID, byID.Name, ok)
		}
	}
	var order []orchestration.Chain
	for _, ch := range c.Chains() {
		order = append(order, ch.Name)
	}
	if !slices.Equal(order, refOrder) {
		t.Errorf("default chains %v; want the reference's, in its order: %v", order, refOrder)
	}
}

// TestDefaultAssetsMatchReference: every asset of the reference whose
// required values are all present and whose address is valid is in the
// default with those values; every other one is listed as left out, and the
// list holds nothing else.
func TestDefaultAssetsMatchReference(t *testing.T) {
	ref, def := loadReference(t)
	c := asset.Default()
	leftOut := map[string]bool{}
	for _, l := range def.LeftOut {
		if l.Kind == "asset" {
			leftOut[string(l.Chain)+" "+l.Address] = true
			if l.Reason == "" {
				t.Errorf("left-out asset %s %s has no reason", l.Chain, l.Address)
			}
		}
	}
	evmAddr := regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)
	var included, excluded int
	for _, ra := range ref.Assets {
		key := string(ra.Chain) + " " + ra.Address
		complete := ra.Symbol != nil && ra.Name != nil && ra.Decimals != nil && evmAddr.MatchString(ra.Address)
		got, err := c.Resolve(orchestration.AssetAddress{Chain: ra.Chain, Address: ra.Address})
		if !complete {
			excluded++
			if !leftOut[key] {
				t.Errorf("incomplete reference asset %s is not listed as left out", key)
			}
			if err == nil {
				t.Errorf("incomplete reference asset %s is in the default", key)
			}
			delete(leftOut, key)
			continue
		}
		included++
		if err != nil {
			t.Errorf("complete reference asset %s: %v", key, err)
			continue
		}
		name := *ra.Name
		if *ra.Symbol == "wM" {
			name = "WrappedM by M^0" // the reference's name carries a note
		}
		want := orchestration.Asset{
			Chain: ra.Chain, Runtime: orchestration.RuntimeEVM, Address: ra.Address,
			Decimals: *ra.Decimals, Symbol: *ra.Symbol, Name: name, M0Extension: ra.M0Extension,
		}
		if diff := cmp.Diff(want, got.Asset); diff != "" {
			t.Errorf("%s differs from the reference (-want +got):\n%s", key, diff)
		}
		if got.Permit != (ra.Permit != nil && *ra.Permit) {
			t.Errorf("%s permit = %v, reference %v", key, got.Permit, ra.Permit)
		}
	}
	for key := range leftOut {
		t.Errorf("left-out asset %s is not an incomplete reference asset", key)
	}
	if included != 26 || excluded != 20 {
		t.Errorf("included %d, excluded %d; want 26 and 20", included, excluded)
	}
}

// TestDefaultContractsMatchReference: every contract of the reference fills
// its Contracts field on its chain, or its chain is left out, or its name is
// listed as unmapped; and every address in the default comes from the
// reference.
func TestDefaultContractsMatchReference(t *testing.T) {
	ref, def := loadReference(t)
	c := asset.Default()
	unmapped := map[string]bool{}
	for _, u := range def.UnmappedContracts {
		unmapped[u.Name] = true
	}
	backed := map[string]bool{} // "chain role" of reference-backed fields
	for _, rc := range ref.Contracts {
		role := roleOf(rc.Name)
		if role == "" {
			if !unmapped[rc.Name] {
				t.Errorf("reference contract %q is neither mapped nor listed as unmapped", rc.Name)
			}
			continue
		}
		if unmapped[rc.Name] {
			t.Errorf("contract %q is mapped to %s and listed as unmapped", rc.Name, role)
		}
		ch, ok := c.Chain(rc.Chain)
		if !ok {
			continue // the chain is left out
		}
		if got := contractByRole(ch.Contracts, role); got != rc.Address {
			t.Errorf("%s contracts.%s = %q; reference %q says %s", rc.Chain, role, got, rc.Name, rc.Address)
		}
		backed[string(rc.Chain)+" "+role] = true
	}
	for _, ch := range c.Chains() {
		for _, role := range roles() {
			if contractByRole(ch.Contracts, role) != "" && !backed[string(ch.Name)+" "+role] {
				t.Errorf("%s contracts.%s is not in the reference", ch.Name, role)
			}
		}
	}
}

// TestReadmeListsLeftOut keeps the README's table in step with default.json.
func TestReadmeListsLeftOut(t *testing.T) {
	_, def := loadReference(t)
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range def.LeftOut {
		want := string(l.Chain)
		if l.Kind == "asset" {
			want = l.Address
		}
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md does not mention left-out %s %s", l.Kind, want)
		}
	}
}
