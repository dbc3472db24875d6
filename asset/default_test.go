package asset_test

import (
	"encoding/json"
	"fmt"
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
	// EVM from the reference, plus Solana (M, wM, USDK, USDKY) and
	// SolanaDevnet (M, wM) from the Solana facts.
	if want := map[string]int{"M": 15, "wM": 9, "mUSD": 4, "ctUSD": 1, "USUALM": 1, "USDK": 1, "USDKY": 1}; !cmp.Equal(count, want) {
		t.Errorf("assets by symbol = %v, want %v", count, want)
	}
}

// TestDefaultAddressesCanonical checks the file itself: every address is
// written in its canonical form (EIP-55 on EVM, base58 of 32 bytes on SVM),
// so the file and the served JSON agree.
func TestDefaultAddressesCanonical(t *testing.T) {
	_, def := loadReference(t)
	runtime := map[orchestration.Chain]orchestration.ChainRuntime{}
	for _, ch := range def.Chains {
		runtime[ch.Name] = ch.Name.Runtime()
	}
	for i, a := range def.Assets {
		if err := canonical(runtime[a.Chain], a.Address); err != nil {
			t.Errorf("assets[%d] (%s %s): %v", i, a.Chain, a.Address, err)
		}
	}
	for _, ch := range def.Chains {
		for _, role := range roles() {
			if addr := contractByRole(ch.Contracts, role); addr != "" {
				if err := canonical(ch.Name.Runtime(), addr); err != nil {
					t.Errorf("%s contracts.%s: %v", ch.Name, role, err)
				}
			}
		}
	}
	for _, a := range asset.Default().Assets() {
		if err := canonical(a.Runtime, a.Address); err != nil {
			t.Errorf("served %s: %v", a.Chain, err)
		}
	}
}

// canonical reports an address not in its runtime's canonical form.
func canonical(rt orchestration.ChainRuntime, addr string) error {
	canon, err := orchestration.ParseAddress(rt, addr)
	if err != nil {
		return err
	}
	if canon != addr {
		return fmt.Errorf("%s is not canonical, want %s", addr, canon)
	}
	if rt == orchestration.RuntimeEVM && addr != common.HexToAddress(addr).Hex() {
		return fmt.Errorf("%s is not checksummed", addr)
	}
	return nil
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
		// Solana's left-out assets come from the Solana facts, not from
		// the reference: TestDefaultSolanaMatchesFacts checks them.
		if l.Kind == "asset" && l.Chain.Runtime() == orchestration.RuntimeEVM {
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
		if ch.Runtime == orchestration.RuntimeSVM {
			continue // from the Solana facts: TestDefaultSolanaMatchesFacts
		}
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

// TestDefaultSolanaMatchesFacts checks the Solana part of the default
// catalog, which the reference does not cover, against a copy of the shared
// Solana facts (testdata/m0-solana-facts.md): every program, lookup table,
// mint, token program and extension program appears there verbatim; every
// address is base58 of 32 bytes; every mint names SPL Token or Token-2022;
// and the mints the facts leave in doubt are left out with a reason.
func TestDefaultSolanaMatchesFacts(t *testing.T) {
	factsBytes, err := os.ReadFile(filepath.Join("testdata", "m0-solana-facts.md"))
	if err != nil {
		t.Fatal(err)
	}
	facts := string(factsBytes)
	inFacts := func(what, addr string) {
		t.Helper()
		if !strings.Contains(facts, "`"+addr+"`") {
			t.Errorf("%s %s is not in the Solana facts", what, addr)
		}
		if _, err := orchestration.ParseSVMAddress(addr); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	_, def := loadReference(t)
	c := asset.Default()
	svmOnly := []string{"extSwap", "wormholeAdapter", "executor", "lookupTable"}
	for _, ch := range def.Chains {
		if ch.Name.Runtime() != orchestration.RuntimeSVM {
			for _, role := range svmOnly {
				if a := contractByRole(ch.Contracts, role); a != "" {
					t.Errorf("EVM chain %s has the Solana field contracts.%s = %s", ch.Name, role, a)
				}
			}
			continue
		}
		for _, role := range []string{"portal", "orderBook", "extSwap", "wormholeAdapter", "executor", "lookupTable"} {
			addr := contractByRole(ch.Contracts, role)
			if addr == "" {
				t.Errorf("%s contracts.%s is empty", ch.Name, role)
				continue
			}
			inFacts(fmt.Sprintf("%s contracts.%s", ch.Name, role), addr)
			if !strings.Contains(ch.ContractSources[role], "m0-solana-facts.md") {
				t.Errorf("%s contracts.%s: source %q does not cite the Solana facts", ch.Name, role, ch.ContractSources[role])
			}
		}
	}
	// The two clusters share program ids but not the lookup table.
	sol, _ := c.Chain(orchestration.Solana)
	dev, _ := c.Chain(orchestration.SolanaDevnet)
	if sol.Contracts.ExtSwap != dev.Contracts.ExtSwap || sol.Contracts.LookupTable == dev.Contracts.LookupTable {
		t.Errorf("Solana and SolanaDevnet: ext_swap %s / %s (want equal), lookup table %s / %s (want different)",
			sol.Contracts.ExtSwap, dev.Contracts.ExtSwap, sol.Contracts.LookupTable, dev.Contracts.LookupTable)
	}

	bySymbol := map[string][]orchestration.Chain{}
	for _, a := range c.Assets() {
		if a.Runtime != orchestration.RuntimeSVM {
			continue
		}
		bySymbol[a.Symbol] = append(bySymbol[a.Symbol], a.Chain)
		what := fmt.Sprintf("%s %s", a.Chain, a.Symbol)
		inFacts(what+" mint", a.Address)
		if a.TokenProgram != splToken && a.TokenProgram != token2022 {
			t.Errorf("%s: token program %q is neither SPL Token nor Token-2022", what, a.TokenProgram)
		}
		inFacts(what+" token program", a.TokenProgram)
		if a.M0Extension != (a.ExtensionProgram != "") {
			t.Errorf("%s: m0Extension %v but extension program %q", what, a.M0Extension, a.ExtensionProgram)
		}
		if a.ExtensionProgram != "" {
			inFacts(what+" extension program", a.ExtensionProgram)
		}
		if a.Decimals != 6 {
			t.Errorf("%s: decimals %d; the facts give 6 for every M0 mint", what, a.Decimals)
		}
	}
	want := map[string][]orchestration.Chain{
		"M":     {orchestration.Solana, orchestration.SolanaDevnet},
		"wM":    {orchestration.Solana, orchestration.SolanaDevnet},
		"USDK":  {orchestration.Solana},
		"USDKY": {orchestration.Solana},
	}
	if diff := cmp.Diff(want, bySymbol); diff != "" {
		t.Errorf("Solana assets by symbol (-want +got):\n%s", diff)
	}

	var leftOut []string
	for _, l := range def.LeftOut {
		if l.Kind != "asset" || l.Chain.Runtime() != orchestration.RuntimeSVM {
			continue
		}
		leftOut = append(leftOut, l.Address)
		inFacts("left-out "+string(l.Chain)+" mint", l.Address)
		if l.Reason == "" {
			t.Errorf("left-out %s has no reason", l.Address)
		}
		if _, err := c.Resolve(orchestration.AssetAddress{Chain: l.Chain, Address: l.Address}); err == nil {
			t.Errorf("left-out %s %s is in the catalog", l.Chain, l.Address)
		}
	}
	// xoUSD's two conflicting mints are both out, as are the mints the facts
	// know only from a CLI map.
	wantOut := []string{
		"xoUSD7HdezER6vVPbYETEpPR3G7CsCgzWioiDezxDsg", "xoUSDq85Rjsb6SbUwJyreFgeWQvxdkT7R3c3g7s6p5Y",
		"usdsfJbX78ktZUnoRC7dwvvQz7xH3WdkpGne76gdUia", "dawn7ZUF7h7anFuEsDdAU1Y3HYwikwqNMAENZsQJdNL",
	}
	if !slices.Equal(leftOut, wantOut) {
		t.Errorf("left-out Solana mints %v, want %v", leftOut, wantOut)
	}
}
