package asset_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestNewValidation(t *testing.T) {
	// Each case edits a fresh valid fixture; want lists substrings of the
	// problems New must report (none: New must succeed).
	tests := []struct {
		name string
		edit func(*asset.Config)
		want []string
	}{
		{name: "fixture is valid", edit: func(*asset.Config) {}},
		{
			name: "no chains",
			edit: func(c *asset.Config) { *c = asset.Config{} },
			want: []string{"chains: at least one chain is required"},
		},
		{
			name: "unknown chain name",
			edit: func(c *asset.Config) { c.Chains = append(c.Chains, asset.ChainConfig{Name: "Foo", ChainID: 7}) },
			want: []string{`chains[3] ("Foo"): unknown chain name; known chains are Ethereum, Solana,`},
		},
		{
			name: "chain names are case-sensitive",
			edit: func(c *asset.Config) { c.Chains[1].Name = "base" },
			want: []string{`chains[1] ("base"): unknown chain name`, `assets[1] (Base 0x8335`, `chain Base is not configured`},
		},
		{
			name: "duplicate chain",
			edit: func(c *asset.Config) {
				c.Chains = append(c.Chains, asset.ChainConfig{Name: orchestration.Ethereum, ChainID: 11})
			},
			want: []string{"chains[3] (Ethereum): duplicate chain, first defined at chains[0]"},
		},
		{
			name: "runtime inconsistent with the chain",
			edit: func(c *asset.Config) { c.Chains[2].Runtime = orchestration.RuntimeEVM },
			want: []string{`chains[2] (Solana): runtime "evm" does not match the chain's runtime "svm"`},
		},
		{
			name: "runtime not a runtime",
			edit: func(c *asset.Config) { c.Chains[1].Runtime = "cosmos" },
			want: []string{`chains[1] (Base): runtime "cosmos" does not match the chain's runtime "evm"`},
		},
		{
			name: "chain id missing",
			edit: func(c *asset.Config) { c.Chains[1].ChainID = 0 },
			want: []string{"chains[1] (Base): chainId is required"},
		},
		{
			name: "chain id reused within a runtime",
			edit: func(c *asset.Config) { c.Chains[1].ChainID = 1 },
			want: []string{"chains[1] (Base): chainId 1 is already used by chains[0] (Ethereum)"},
		},
		{
			name: "chain id may repeat across runtimes",
			edit: func(c *asset.Config) { c.Chains[2].ChainID = 1 },
		},
		{
			name: "native price feed on an EVM chain",
			edit: func(c *asset.Config) {
				c.Chains[0].NativePrice = &asset.PriceSource{Feed: "0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419", MaxAgeSeconds: 3600}
			},
		},
		{
			name: "native price feed malformed",
			edit: func(c *asset.Config) { c.Chains[0].NativePrice = &asset.PriceSource{Feed: "0x1234"} },
			want: []string{"chains[0] (Ethereum): nativePrice.feed must be an EVM address"},
		},
		{
			name: "native price feed with a negative age",
			edit: func(c *asset.Config) {
				c.Chains[0].NativePrice = &asset.PriceSource{Feed: "0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419", MaxAgeSeconds: -1}
			},
			want: []string{"chains[0] (Ethereum): nativePrice.maxAgeSeconds -1 is negative"},
		},
		{
			name: "native price feed on Solana",
			edit: func(c *asset.Config) {
				c.Chains[2].NativePrice = &asset.PriceSource{Feed: "0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419"}
			},
			want: []string{"chains[2] (Solana): nativePrice: a price feed is read on EVM chains only, and this chain is svm"},
		},
		{
			name: "contract address malformed",
			edit: func(c *asset.Config) { c.Chains[0].Contracts.Portal = "0x1234" },
			want: []string{"chains[0] (Ethereum): contracts.portal must be an EVM address"},
		},
		{
			name: "contract address with a wrong checksum",
			edit: func(c *asset.Config) { c.Chains[0].Contracts.OrderBook = "0xe39b012AB3b20E94a9beEa557eB0DE4171D4D3E4" },
			want: []string{"chains[0] (Ethereum): contracts.orderBook has an invalid EIP-55 checksum"},
		},
		{
			name: "contract address of the other runtime",
			edit: func(c *asset.Config) { c.Chains[2].Contracts.SwapFacility = swapFacility },
			want: []string{"chains[2] (Solana): contracts.swapFacility must be a Solana address"},
		},
		{
			name: "contract source for an unknown contract",
			edit: func(c *asset.Config) {
				c.Chains[0].ContractSources = map[string]string{"swapFacility": "x", "registrar": "y"}
			},
			want: []string{`chains[0] (Ethereum): contractSources: unknown contract "registrar"`},
		},
		{
			name: "other contracts named, at valid addresses, with their provenance",
			edit: func(c *asset.Config) {
				c.Chains[0].Contracts.Others = map[string]string{"acme desk": strings.ToLower(deskAddr)}
				c.Chains[2].Contracts.Others = map[string]string{"acme program": systemProg}
				c.Chains[0].ContractSources = map[string]string{"others.acme desk": "acme's deployment"}
			},
		},
		{
			name: "other contract without a name",
			edit: func(c *asset.Config) { c.Chains[0].Contracts.Others = map[string]string{" ": deskAddr} },
			want: []string{`chains[0] (Ethereum): contracts.others[" "]: a name is required`},
		},
		{
			name: "other contract address malformed",
			edit: func(c *asset.Config) { c.Chains[0].Contracts.Others = map[string]string{"desk": "0x1234"} },
			want: []string{`chains[0] (Ethereum): contracts.others["desk"]: must be an EVM address`},
		},
		{
			name: "other contract address of the other runtime",
			edit: func(c *asset.Config) { c.Chains[2].Contracts.Others = map[string]string{"desk": deskAddr} },
			want: []string{`chains[2] (Solana): contracts.others["desk"]: must be a Solana address`},
		},
		{
			name: "other contract at a contract of the address book",
			edit: func(c *asset.Config) {
				c.Chains[0].Contracts.Others = map[string]string{"desk": strings.ToLower(swapFacility)}
			},
			want: []string{`chains[0] (Ethereum): contracts.others["desk"]: ` + swapFacility + ` is already the M0 SwapFacility`},
		},
		{
			name: "two other contracts at one address",
			edit: func(c *asset.Config) { c.Chains[0].Contracts.Others = map[string]string{"a": deskAddr, "b": deskAddr} },
			want: []string{`chains[0] (Ethereum): contracts.others["b"]: ` + deskAddr + ` is already a`},
		},
		{
			name: "other contract at a catalog token",
			edit: func(c *asset.Config) { c.Chains[0].Contracts.Others = map[string]string{"desk": mToken} },
			want: []string{`chains[0] (Ethereum): contracts.others["desk"]: ` + mToken + ` is a token of the catalog (assets[4]), not a contract`},
		},
		{
			name: "contract source for an other contract not listed",
			edit: func(c *asset.Config) { c.Chains[0].ContractSources = map[string]string{"others.desk": "x"} },
			want: []string{`chains[0] (Ethereum): contractSources: unknown contract "others.desk"`},
		},
		{
			name: "asset on a known chain that is not configured",
			edit: func(c *asset.Config) {
				c.Assets = append(c.Assets, asset.AssetConfig{Chain: orchestration.Arbitrum, Address: mToken, Symbol: "M", Name: "M", Decimals: 6})
			},
			want: []string{"assets[6] (Arbitrum " + mToken + "): chain Arbitrum is not configured"},
		},
		{
			name: "asset on an unknown chain",
			edit: func(c *asset.Config) {
				c.Assets = append(c.Assets, asset.AssetConfig{Chain: "Foo", Address: mToken, Symbol: "M", Name: "M", Decimals: 6})
			},
			want: []string{`assets[6] ("Foo" ` + mToken + `): chain "Foo" is not configured`},
		},
		{
			name: "asset address malformed",
			edit: func(c *asset.Config) { c.Assets[3].Address = "0xnot-an-address" },
			want: []string{"assets[3] (Base 0xnot-an-address): address must be an EVM address, 0x followed by 40 hex digits"},
		},
		{
			name: "asset address empty",
			edit: func(c *asset.Config) { c.Assets[3].Address = "" },
			want: []string{"assets[3] (Base ): address must be an EVM address"},
		},
		{
			name: "asset address mixed case with a wrong checksum",
			edit: func(c *asset.Config) { c.Assets[3].Address = "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b" },
			want: []string{"assets[3] (Base 0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b): address has an invalid EIP-55 checksum (expected " + mToken + ")"},
		},
		{
			name: "asset base58 address on an EVM chain",
			edit: func(c *asset.Config) { c.Assets[3].Address = solanaM },
			want: []string{"assets[3] (Base " + solanaM + "): address must be an EVM address"},
		},
		{
			name: "asset EVM address on Solana",
			edit: func(c *asset.Config) { c.Assets[0].Address = mToken },
			want: []string{"assets[0] (Solana " + mToken + "): address must be a Solana address, base58 of 32 bytes"},
		},
		{
			name: "decimals below range",
			edit: func(c *asset.Config) { c.Assets[3].Decimals = -1 },
			want: []string{"assets[3] (Base " + mToken + "): decimals -1 out of range 0..36"},
		},
		{
			name: "decimals above range",
			edit: func(c *asset.Config) { c.Assets[3].Decimals = 37 },
			want: []string{"assets[3] (Base " + mToken + "): decimals 37 out of range 0..36"},
		},
		{
			name: "decimals at the bounds",
			edit: func(c *asset.Config) { c.Assets[3].Decimals = 0; c.Assets[4].Decimals = 36 },
		},
		{
			name: "symbol empty",
			edit: func(c *asset.Config) { c.Assets[3].Symbol = "" },
			want: []string{"assets[3] (Base " + mToken + "): symbol is required"},
		},
		{
			name: "symbol blank",
			edit: func(c *asset.Config) { c.Assets[3].Symbol = " \t" },
			want: []string{"assets[3] (Base " + mToken + "): symbol is required"},
		},
		{
			name: "name empty",
			edit: func(c *asset.Config) { c.Assets[3].Name = "" },
			want: []string{"assets[3] (Base " + mToken + "): name is required"},
		},
		{
			name: "duplicate asset",
			edit: func(c *asset.Config) { c.Assets = append(c.Assets, c.Assets[3]) },
			want: []string{"assets[6] (Base " + mToken + "): duplicate of assets[3]"},
		},
		{
			name: "duplicate asset spelled in another case",
			edit: func(c *asset.Config) {
				dup := c.Assets[3]
				dup.Address = strings.ToLower(dup.Address)
				c.Assets = append(c.Assets, dup)
			},
			want: []string{"assets[6] (Base " + strings.ToLower(mToken) + "): duplicate of assets[3]"},
		},
		{
			name: "same address on two chains is two assets",
			edit: func(c *asset.Config) {
				c.Assets = append(c.Assets, asset.AssetConfig{Chain: orchestration.Base, Address: wMToken, Symbol: "wM", Name: "WrappedM by M^0", Decimals: 6})
			},
		},
		{
			name: "icon not an absolute URL",
			edit: func(c *asset.Config) { c.Assets[3].Icon = "/icons/m.svg" },
			want: []string{`assets[3] (Base ` + mToken + `): icon must be an absolute URL, not "/icons/m.svg"`},
		},
		{
			name: "icon unparseable",
			edit: func(c *asset.Config) { c.Assets[3].Icon = "https://exa mple.com/%zz" },
			want: []string{"icon must be an absolute URL"},
		},
		{
			name: "permit on an SVM chain",
			edit: func(c *asset.Config) { c.Assets[5].Permit = true },
			want: []string{"assets[5] (Solana " + solanaM + "): permit (EIP-2612) is EVM-only, and Solana is svm"},
		},
		{
			name: "token program on an EVM chain",
			edit: func(c *asset.Config) { c.Assets[3].TokenProgram = token2022 },
			want: []string{"assets[3] (Base " + mToken + "): tokenProgram applies to SVM mints only"},
		},
		{
			name: "token program neither SPL Token nor Token-2022",
			edit: func(c *asset.Config) { c.Assets[5].TokenProgram = systemProg },
			want: []string{"assets[5] (Solana " + solanaM + "): tokenProgram must be SPL Token (" + splToken + ") or Token-2022 (" + token2022 + `), not "` + systemProg + `"`},
		},
		{
			name: "SPL Token and Token-2022 mints",
			edit: func(c *asset.Config) { c.Assets[5].TokenProgram = splToken; c.Assets[0].TokenProgram = token2022 },
		},
		{
			name: "extension program on a token that is no extension",
			edit: func(c *asset.Config) { c.Assets[5].ExtensionProgram = wMExtProgram },
			want: []string{"assets[5] (Solana " + solanaM + "): extensionProgram is set but m0Extension is false"},
		},
		{
			name: "extension program not base58",
			edit: func(c *asset.Config) { c.Assets[0].ExtensionProgram = mToken },
			want: []string{"assets[0] (Solana " + solanaWM + "): extensionProgram must be a Solana address"},
		},
		{
			name: "extension program on an EVM chain",
			edit: func(c *asset.Config) { c.Assets[2].ExtensionProgram = wMExtProgram },
			want: []string{"assets[2] (Ethereum " + wMToken + "): extensionProgram applies to SVM mints only"},
		},
		{
			name: "permit domain without permit",
			edit: func(c *asset.Config) { c.Assets[4].Permit = false },
			want: []string{"assets[4] (Ethereum " + mToken + "): permitDomain is set but permit is false"},
		},
		{
			name: "permit domain without version",
			edit: func(c *asset.Config) { c.Assets[4].PermitDomain.Version = "" },
			want: []string{"assets[4] (Ethereum " + mToken + "): permitDomain needs both name and version"},
		},
		{
			name: "every problem is reported at once",
			edit: func(c *asset.Config) {
				c.Chains[1].ChainID = 0
				c.Assets[0].Decimals = 99
				c.Assets[2].Name = ""
			},
			want: []string{"chains[1] (Base): chainId is required", "assets[0] (Solana " + solanaWM + "): decimals 99", "assets[2] (Ethereum " + wMToken + "): name is required"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fixtureConfig()
			tt.edit(&cfg)
			c, err := asset.New(cfg)
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				if c == nil {
					t.Fatal("New returned a nil catalog and no error")
				}
				return
			}
			if err == nil {
				t.Fatalf("New accepted the config; want problems %q", tt.want)
			}
			if !errors.Is(err, asset.ErrInvalidConfig) {
				t.Errorf("errors.Is(err, ErrInvalidConfig) = false for %v", err)
			}
			var ce *asset.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T is not a *ConfigError", err)
			}
			if len(ce.Problems) != len(tt.want) {
				t.Errorf("got %d problems, want %d:\n%s", len(ce.Problems), len(tt.want), strings.Join(ce.Problems, "\n"))
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%s", w, strings.Join(ce.Problems, "\n"))
				}
			}
		})
	}
}

func TestNewStoresCanonicalAddresses(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Assets[3].Address = strings.ToLower(mToken)             // Base M, lowercase
	cfg.Assets[2].Address = "0x" + strings.ToUpper(wMToken[2:]) // Ethereum wM, uppercase
	cfg.Chains[0].Contracts.SwapFacility = strings.ToLower(swapFacility)
	c, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range c.Assets() {
		if a.Runtime == orchestration.RuntimeEVM && a.Address != mToken && a.Address != wMToken && a.Address != usdcBase {
			t.Errorf("%s %s stored as %s, not in EIP-55 form", a.Chain, a.Symbol, a.Address)
		}
	}
	eth, _ := c.Chain(orchestration.Ethereum)
	if eth.Contracts.SwapFacility != swapFacility {
		t.Errorf("contract stored as %s, want %s", eth.Contracts.SwapFacility, swapFacility)
	}
}

func TestNewDoesNotRetainConfig(t *testing.T) {
	cfg := fixtureConfig()
	cfg.Chains[0].Contracts.Others = map[string]string{"acme desk": deskAddr}
	c, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	before := c.Assets()
	cfg.Assets[4].Symbol = "CHANGED"
	cfg.Chains[0].Contracts.SwapFacility = ""
	cfg.Chains[0].Contracts.Others["acme desk"] = ""
	if diff := cmp.Diff(before, c.Assets()); diff != "" {
		t.Errorf("catalog changed with its config (-before +after):\n%s", diff)
	}
	if eth, _ := c.Chain(orchestration.Ethereum); eth.Contracts.SwapFacility != swapFacility || eth.Contracts.Others["acme desk"] != deskAddr {
		t.Error("catalog's contracts changed with its config")
	}
}

func TestParseConfigStrict(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{
			name: "unknown field",
			doc:  "chains:\n- name: Base\n  chainId: 8453\n  explorer: https://basescan.org\n",
			want: `unknown field "explorer"`,
		},
		{
			name: "misspelled field",
			doc:  "chains:\n- name: Base\n  chainId: 8453\nassets:\n- chain: Base\n  address: \"" + mToken + "\"\n  symbol: M\n  name: M\n  decimal: 6\n",
			want: `unknown field "decimal"`,
		},
		{
			name: "decimals missing",
			doc:  "chains:\n- name: Base\n  chainId: 8453\nassets:\n- chain: Base\n  address: \"" + mToken + "\"\n  symbol: M\n  name: M\n",
			want: "assets[0] (Base " + mToken + "): decimals is required",
		},
		{
			name: "duplicate key",
			doc:  "chains:\n- name: Base\n  name: Ethereum\n  chainId: 8453\n",
			want: `key "name" already set`,
		},
		{
			name: "not a document",
			doc:  "chains: [",
			want: "YAML",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := asset.ParseConfig([]byte(tt.doc))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("ParseConfig error = %v; want one containing %q", err, tt.want)
			}
		})
	}
}

func TestParseConfigDecimalsZero(t *testing.T) {
	cfg, err := asset.ParseConfig([]byte("chains:\n- name: Base\n  chainId: 8453\nassets:\n- chain: Base\n  address: \"" + mToken + "\"\n  symbol: M\n  name: M\n  decimals: 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Assets[0].Decimals != 0 {
		t.Fatalf("decimals = %d", cfg.Assets[0].Decimals)
	}
}

// TestLoad loads the same catalog written as YAML and as JSON, and the
// commented example the README points to.
func TestLoad(t *testing.T) {
	fromYAML, err := asset.Load(filepath.Join("testdata", "catalog.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := asset.Load(filepath.Join("testdata", "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := fixture(t)
	for name, got := range map[string]*asset.Catalog{"yaml": fromYAML, "json": fromJSON} {
		if diff := cmp.Diff(want.Chains(), got.Chains()); diff != "" {
			t.Errorf("%s chains differ from the fixture (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(want.Assets(), got.Assets()); diff != "" {
			t.Errorf("%s assets differ from the fixture (-want +got):\n%s", name, diff)
		}
		_, wantTag, _ := want.SupportedAssetsJSON(context.Background())
		_, gotTag, _ := got.SupportedAssetsJSON(context.Background())
		if gotTag != wantTag {
			t.Errorf("%s ETag %s, want %s", name, gotTag, wantTag)
		}
	}

	example, err := asset.Load(filepath.Join("testdata", "catalog.example.yaml"))
	if err != nil {
		t.Fatalf("the example config does not load: %v", err)
	}
	if _, err := example.Resolve(orchestration.AssetAddress{Chain: orchestration.Base, Address: mToken}); err != nil {
		t.Errorf("example: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	invalid := filepath.Join(dir, "invalid.yaml")
	if err := os.WriteFile(invalid, []byte("chains:\n- name: Base\n  chainId: 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := asset.Load(invalid)
	if err == nil || !errors.Is(err, asset.ErrInvalidConfig) || !strings.Contains(err.Error(), invalid) ||
		!strings.Contains(err.Error(), "chains[0] (Base): chainId is required") {
		t.Errorf("Load(invalid) = %v; want ErrInvalidConfig naming the file and the entry", err)
	}

	strict := filepath.Join(dir, "strict.json")
	if err := os.WriteFile(strict, []byte(`{"chains":[{"name":"Base","chainId":8453}],"asets":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := asset.Load(strict); err == nil || !strings.Contains(err.Error(), `unknown field "asets"`) {
		t.Errorf("Load(strict) = %v; want an unknown-field error", err)
	}

	if _, err := asset.Load(filepath.Join(dir, "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) = %v; want os.ErrNotExist", err)
	}
}

// WithContracts adds an embedder's contracts to a built catalog (the
// default one here, with SVM programs and permit domains), leaving the
// catalog it was given and everything else as they were, and refuses what
// New refuses, a chain the catalog lacks and a name already there.
func TestWithContracts(t *testing.T) {
	c := asset.Default()
	eth, _ := c.Chain(orchestration.Ethereum)
	added, err := c.WithContracts(map[orchestration.Chain]map[string]string{orchestration.Ethereum: {"acme desk": strings.ToLower(deskAddr)}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := added.Chain(orchestration.Ethereum)
	if got.Contracts.Name(deskAddr) != "acme desk" || got.Contracts.Others["acme desk"] != deskAddr {
		t.Errorf("Ethereum's contracts after WithContracts: %+v", got.Contracts)
	}
	got.Contracts.Others = nil
	if diff := cmp.Diff(eth, got); diff != "" {
		t.Errorf("Ethereum changed beyond its other contracts (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(c.Assets(), added.Assets()); diff != "" {
		t.Errorf("assets changed (-before +after):\n%s", diff)
	}
	_, etag, _ := c.SupportedAssetsJSON(context.Background())
	if _, addedTag, _ := added.SupportedAssetsJSON(context.Background()); addedTag != etag {
		t.Errorf("supported assets' ETag %s, was %s", addedTag, etag)
	}
	if diff := cmp.Diff(c.Chains()[1:], added.Chains()[1:]); diff != "" {
		t.Errorf("other chains changed (-before +after):\n%s", diff)
	}
	if before, _ := c.Chain(orchestration.Ethereum); before.Contracts.Others != nil {
		t.Errorf("the original catalog changed: %+v", before.Contracts.Others)
	}

	_, err = added.WithContracts(map[orchestration.Chain]map[string]string{
		orchestration.Ethereum: {"acme desk": "0x00000000000000000000000000000000000ac3e1", "vault": "0x12"},
		"Foo":                  {"acme desk": deskAddr},
	})
	var ce *asset.ConfigError
	if !errors.As(err, &ce) {
		t.Fatalf("WithContracts: %v, want a *ConfigError", err)
	}
	want := []string{`Ethereum: contracts.others["acme desk"] is already in the catalog`, `"Foo": chain is not in the catalog`}
	if diff := cmp.Diff(want, ce.Problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	_, err = c.WithContracts(map[orchestration.Chain]map[string]string{orchestration.Ethereum: {"vault": "0x12"}})
	if !errors.As(err, &ce) || len(ce.Problems) != 1 || !strings.Contains(ce.Problems[0], `contracts.others["vault"]: must be an EVM address`) {
		t.Errorf("WithContracts of a malformed address: %v", err)
	}
}
