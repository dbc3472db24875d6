package asset

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"os"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/orchestration"
)

// Config describes a catalog. It is what a YAML or JSON file decodes into
// (see testdata/catalog.example.yaml), and what Go code fills in to build a
// catalog from values, for example from freshly deployed contracts.
type Config struct {
	Chains []ChainConfig `json:"chains"`
	Assets []AssetConfig `json:"assets"`
}

// ChainConfig enables one chain.
type ChainConfig struct {
	// Name is a value of the Chain enum, case-sensitive.
	Name orchestration.Chain `json:"name"`
	// Runtime may be left empty: it then defaults to the chain's runtime
	// (svm for Solana and SolanaDevnet, evm for the others). When set it must
	// match.
	Runtime orchestration.ChainRuntime `json:"runtime,omitempty"`
	// ChainID is required and unique per runtime.
	ChainID   uint64    `json:"chainId"`
	Testnet   bool      `json:"testnet,omitempty"`
	Contracts Contracts `json:"contracts,omitzero"`
	// NativePrice names a price source for the chain's native coin
	// (EVM chains only); absent when there is none (decision 105).
	NativePrice *PriceSource `json:"nativePrice,omitempty"`

	// Source and ContractSources record provenance (where each value was
	// read); the catalog keeps neither. ContractSources is keyed by the
	// contract's JSON name ("swapFacility", "portal", ...: Contract.Key).
	Source          string            `json:"source,omitempty"`
	ContractSources map[string]string `json:"contractSources,omitempty"`
}

// AssetConfig adds one token on a configured chain.
type AssetConfig struct {
	Chain orchestration.Chain `json:"chain"`
	// Address is the token contract (EVM) or mint (SVM). EVM addresses may
	// be lowercase, uppercase or EIP-55; mixed case must pass the checksum.
	// The catalog stores and serves the canonical form.
	Address string `json:"address"`
	Symbol  string `json:"symbol"`
	Name    string `json:"name"`
	// Decimals is 0..36. A file must state it; in Go, 0 means 0.
	Decimals int `json:"decimals"`
	// Icon is the URL of the icon image, or empty.
	Icon        string `json:"icon,omitempty"`
	M0Extension bool   `json:"m0Extension,omitempty"`
	// Permit reports EIP-2612 support (EVM only).
	Permit bool `json:"permit,omitempty"`
	// PermitDomain is the EIP-712 name and version, when known; it needs
	// Permit.
	PermitDomain PermitDomain `json:"permitDomain,omitzero"`
	// ApproveZeroFirst marks a token whose approve reverts when both the
	// current and the new allowance are non-zero (mainnet USDT): an approval
	// must first reset the allowance to zero. EVM only.
	ApproveZeroFirst bool `json:"approveZeroFirst,omitempty"`
	// TokenProgram is the program owning an SVM mint: SPL Token
	// (TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA) or Token-2022
	// (TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb). Empty means not
	// configured (read the mint account's owner). SVM only.
	TokenProgram string `json:"tokenProgram,omitempty"`
	// ExtensionProgram is the m_ext program deployment of an SVM M0
	// extension, when known; it needs m0Extension. SVM only.
	ExtensionProgram string `json:"extensionProgram,omitempty"`

	// Source records provenance; the catalog does not keep it.
	Source string `json:"source,omitempty"`
}

// ErrInvalidConfig is matched (errors.Is) by every *ConfigError.
var ErrInvalidConfig = errors.New("asset: invalid catalog config")

// ConfigError lists every problem New found in a Config. Each problem names
// the offending entry by index, chain and address, such as
// `assets[3] (Base 0x866A…): decimals 40 out of range 0..36`.
type ConfigError struct {
	Problems []string
}

func (e *ConfigError) Error() string {
	return ErrInvalidConfig.Error() + ": " + strings.Join(e.Problems, "; ")
}

// Is makes errors.Is(err, ErrInvalidConfig) hold.
func (e *ConfigError) Is(target error) bool { return target == ErrInvalidConfig }

const maxDecimals = 36

// New validates cfg and builds a catalog from it. It reports every problem
// at once in a *ConfigError. The rules: at least one chain; chain names from
// the Chain enum, each once; runtime consistent with the chain; a non-zero
// chain id, unique per runtime; contract and asset addresses valid for the
// chain's runtime (stored in canonical form); assets only on configured
// chains, each (chain, address) once; decimals 0..36; non-empty symbol and
// name; an icon, when set, an absolute URL; permit only on EVM chains; a
// permit domain only with permit, with both name and version; a token
// program only on SVM, and then SPL Token or Token-2022; an extension
// program only on an SVM M0 extension; contracts.others each named, at an
// address of the chain's runtime that neither another contract of the
// chain nor a catalog token has.
//
// New does not retain cfg.
func New(cfg Config) (*Catalog, error) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	if len(cfg.Chains) == 0 {
		bad("chains: at least one chain is required")
	}
	chains := make([]ChainInfo, 0, len(cfg.Chains))
	byName := make(map[orchestration.Chain]int, len(cfg.Chains))
	byID := make(map[chainIDKey]int, len(cfg.Chains))
	for i, cc := range cfg.Chains {
		where := fmt.Sprintf("chains[%d] (%s)", i, quoteChain(cc.Name))
		if !cc.Name.IsKnown() {
			bad("%s: unknown chain name; known chains are %s", where, knownChainList())
			continue
		}
		if j, dup := byName[cc.Name]; dup {
			bad("%s: duplicate chain, first defined at chains[%d]", where, j)
			continue
		}
		rt := cc.Name.Runtime()
		if cc.Runtime != "" && cc.Runtime != rt {
			bad("%s: runtime %q does not match the chain's runtime %q", where, cc.Runtime, rt)
		}
		if cc.ChainID == 0 {
			bad("%s: chainId is required", where)
		} else if j, dup := byID[chainIDKey{rt, cc.ChainID}]; dup {
			bad("%s: chainId %d is already used by chains[%d] (%s)", where, cc.ChainID, j, cfg.Chains[j].Name)
		} else {
			byID[chainIDKey{rt, cc.ChainID}] = i
		}
		ci := ChainInfo{Name: cc.Name, Runtime: rt, ChainID: cc.ChainID, Testnet: cc.Testnet, Contracts: cc.Contracts}
		for _, e := range addressBook {
			addr := e.field(&ci.Contracts)
			if *addr == "" {
				continue
			}
			canon, err := orchestration.ParseAddress(rt, *addr)
			if err != nil {
				bad("%s: contracts.%s %s", where, e.key, err)
				continue
			}
			*addr = canon
		}
		ci.Contracts.Others = otherContracts(where, rt, ci.Contracts, bad)
		ci.NativePrice = priceSource(where, rt, cc.NativePrice, bad)
		for _, k := range slices.Sorted(maps.Keys(cc.ContractSources)) {
			if name, other := strings.CutPrefix(k, othersKey); !isContractKey(k) && (!other || ci.Contracts.Others[name] == "") {
				bad("%s: contractSources: unknown contract %q", where, k)
			}
		}
		byName[cc.Name] = i
		chains = append(chains, ci)
	}

	assets := make([]AssetInfo, 0, len(cfg.Assets))
	seen := make(map[string]int, len(cfg.Assets))
	for i, ac := range cfg.Assets {
		where := fmt.Sprintf("assets[%d] (%s %s)", i, quoteChain(ac.Chain), orchestration.Clip(ac.Address))
		if _, ok := byName[ac.Chain]; !ok {
			bad("%s: chain %s is not configured", where, quoteChain(ac.Chain))
			continue
		}
		rt := ac.Chain.Runtime()
		addr, err := orchestration.ParseAddress(rt, ac.Address)
		if err != nil {
			bad("%s: address %s", where, err)
		} else {
			key := string(ac.Chain) + "\x00" + addr
			if first, dup := seen[key]; dup {
				bad("%s: duplicate of assets[%d]", where, first)
			} else {
				seen[key] = i
			}
		}
		if ac.Decimals < 0 || ac.Decimals > maxDecimals {
			bad("%s: decimals %d out of range 0..%d", where, ac.Decimals, maxDecimals)
		}
		if strings.TrimSpace(ac.Symbol) == "" {
			bad("%s: symbol is required", where)
		}
		if strings.TrimSpace(ac.Name) == "" {
			bad("%s: name is required", where)
		}
		if ac.Icon != "" {
			if u, err := url.Parse(ac.Icon); err != nil || !u.IsAbs() || u.Host == "" && u.Opaque == "" {
				bad("%s: icon must be an absolute URL, not %q", where, orchestration.Clip(ac.Icon))
			}
		}
		if ac.ApproveZeroFirst && rt != orchestration.RuntimeEVM {
			bad("%s: approveZeroFirst applies to EVM tokens only", where)
		}
		tokenProgram, extProgram := svmAssetPrograms(ac, rt, func(msg string) { bad("%s: %s", where, msg) })
		if ac.Permit && rt != orchestration.RuntimeEVM {
			bad("%s: permit (EIP-2612) is EVM-only, and %s is %s", where, ac.Chain, rt)
		}
		if ac.PermitDomain != (PermitDomain{}) {
			if !ac.Permit {
				bad("%s: permitDomain is set but permit is false", where)
			}
			if !ac.PermitDomain.Known() {
				bad("%s: permitDomain needs both name and version", where)
			}
		}
		assets = append(assets, AssetInfo{
			Asset: orchestration.Asset{
				Chain:       ac.Chain,
				Runtime:     rt,
				Address:     addr,
				Icon:        ac.Icon,
				Decimals:    ac.Decimals,
				Symbol:      ac.Symbol,
				Name:        ac.Name,
				M0Extension: ac.M0Extension,
			},
			Permit:           ac.Permit,
			PermitDomain:     ac.PermitDomain,
			ApproveZeroFirst: ac.ApproveZeroFirst,
			TokenProgram:     tokenProgram,
			ExtensionProgram: extProgram,
		})
	}
	for _, ci := range chains {
		for _, name := range slices.Sorted(maps.Keys(ci.Contracts.Others)) {
			addr := ci.Contracts.Others[name]
			if j, token := seen[string(ci.Name)+"\x00"+addr]; token {
				bad("chains[%d] (%s): contracts.others[%q]: %s is a token of the catalog (assets[%d]), not a contract", byName[ci.Name], quoteChain(ci.Name), name, addr, j)
			}
		}
	}
	if len(problems) > 0 {
		return nil, &ConfigError{Problems: problems}
	}
	return newCatalog(chains, assets)
}

// otherContracts checks c.Others, on a chain of runtime rt whose address
// book c already holds in canonical form, and returns them canonical in a
// map of their own (nil when there are none): each needs a name and an
// address of the runtime that no other contract of the book has, since a
// payload naming that address would be judged as the other contract.
func otherContracts(where string, rt orchestration.ChainRuntime, c Contracts, bad func(string, ...any)) map[string]string {
	if len(c.Others) == 0 {
		return nil
	}
	named := make(map[string]string, len(addressBook)+len(c.Others)) // canonical address -> name
	for _, e := range addressBook {
		if a := *e.field(&c); a != "" {
			named[a] = e.name
		}
	}
	out := make(map[string]string, len(c.Others))
	for _, name := range slices.Sorted(maps.Keys(c.Others)) {
		at := fmt.Sprintf("%s: contracts.others[%q]", where, name)
		addr, err := orchestration.ParseAddress(rt, c.Others[name])
		switch {
		case strings.TrimSpace(name) == "":
			bad("%s: a name is required", at)
		case err != nil:
			bad("%s: %s", at, err)
		case named[addr] != "":
			bad("%s: %s is already %s", at, addr, named[addr])
		default:
			named[addr] = name
			out[name] = addr
		}
	}
	return out
}

// priceSource checks a chain's nativePrice and returns a copy of it with
// the feed's address canonical; nil when there is none or it is invalid.
func priceSource(where string, rt orchestration.ChainRuntime, ps *PriceSource, bad func(string, ...any)) *PriceSource {
	if ps == nil {
		return nil
	}
	if rt != orchestration.RuntimeEVM {
		bad("%s: nativePrice: a price feed is read on EVM chains only, and this chain is %s", where, rt)
		return nil
	}
	feed, err := orchestration.ParseAddress(rt, ps.Feed)
	if err != nil {
		bad("%s: nativePrice.feed %s", where, err)
		return nil
	}
	if ps.MaxAgeSeconds < 0 {
		bad("%s: nativePrice.maxAgeSeconds %d is negative", where, ps.MaxAgeSeconds)
		return nil
	}
	return &PriceSource{Feed: feed, MaxAgeSeconds: ps.MaxAgeSeconds}
}

// The two token programs an SVM mint may belong to.
const (
	splToken  = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
	token2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"
)

// svmAssetPrograms checks an asset's tokenProgram and extensionProgram
// against its runtime and returns them in canonical form; bad receives
// each problem.
func svmAssetPrograms(ac AssetConfig, rt orchestration.ChainRuntime, bad func(string)) (tokenProgram, extProgram string) {
	if rt != orchestration.RuntimeSVM {
		if ac.TokenProgram != "" {
			bad("tokenProgram applies to SVM mints only")
		}
		if ac.ExtensionProgram != "" {
			bad("extensionProgram applies to SVM mints only")
		}
		return "", ""
	}
	if ac.TokenProgram != "" {
		if ac.TokenProgram != splToken && ac.TokenProgram != token2022 {
			bad(fmt.Sprintf("tokenProgram must be SPL Token (%s) or Token-2022 (%s), not %q", splToken, token2022, orchestration.Clip(ac.TokenProgram)))
		} else {
			tokenProgram = ac.TokenProgram
		}
	}
	if ac.ExtensionProgram != "" {
		k, err := orchestration.ParseSVMAddress(ac.ExtensionProgram)
		switch {
		case err != nil:
			bad("extensionProgram " + err.Error())
		case !ac.M0Extension:
			bad("extensionProgram is set but m0Extension is false")
		default:
			extProgram = k.String()
		}
	}
	return tokenProgram, extProgram
}

// ParseConfig decodes a YAML or JSON document (JSON is YAML) into a Config.
// Decoding is strict: an unknown field or a duplicate key is an error, and
// every asset must state its decimals. It does not validate the values;
// New does.
func ParseConfig(data []byte) (Config, error) {
	var cfg Config
	if err := yaml.UnmarshalStrict(data, &cfg); err != nil {
		return Config{}, err
	}
	// Decimals 0 is valid, so a missing field would pass New silently:
	// decode again into pointers to see which are absent.
	var presence struct {
		Assets []struct {
			Decimals *int `json:"decimals"`
		} `json:"assets"`
	}
	if err := yaml.Unmarshal(data, &presence); err != nil {
		return Config{}, err
	}
	var missing []string
	for i, a := range presence.Assets {
		if a.Decimals == nil && i < len(cfg.Assets) {
			ac := cfg.Assets[i]
			missing = append(missing, fmt.Sprintf("assets[%d] (%s %s): decimals is required", i, quoteChain(ac.Chain), orchestration.Clip(ac.Address)))
		}
	}
	if len(missing) > 0 {
		return Config{}, &ConfigError{Problems: missing}
	}
	return cfg, nil
}

// Load reads a YAML or JSON catalog file and builds a catalog from it.
func Load(path string) (*Catalog, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("asset: %w", err)
	}
	cfg, err := ParseConfig(data)
	if err != nil {
		return nil, fmt.Errorf("asset: %s: %w", path, err)
	}
	c, err := New(cfg)
	if err != nil {
		return nil, fmt.Errorf("asset: %s: %w", path, err)
	}
	return c, nil
}

func knownChainList() string {
	var b strings.Builder
	for i, c := range orchestration.KnownChains() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(c))
	}
	return b.String()
}

// quoteChain prints a known chain bare and anything else quoted and clipped.
func quoteChain(c orchestration.Chain) string {
	if c.IsKnown() {
		return string(c)
	}
	return fmt.Sprintf("%q", orchestration.Clip(string(c)))
}

// WithContracts returns a catalog like c with others added to the Others
// (Contracts.Others) of the chains they name, so that a catalog served by
// a network or read from a file can list an embedder's own contracts. It
// validates them as New does; a chain not in c or a name the chain
// already has is a *ConfigError too. c is unchanged (a catalog is
// immutable); with no contracts WithContracts returns c.
func (c *Catalog) WithContracts(others map[orchestration.Chain]map[string]string) (*Catalog, error) {
	if len(others) == 0 {
		return c, nil
	}
	cfg := c.config()
	var problems []string
	for _, chain := range slices.Sorted(maps.Keys(others)) {
		i, ok := c.byName[chain]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: chain is not in the catalog", quoteChain(chain)))
			continue
		}
		contracts := &cfg.Chains[i].Contracts
		merged := make(map[string]string, len(contracts.Others)+len(others[chain]))
		maps.Copy(merged, contracts.Others)
		for _, name := range slices.Sorted(maps.Keys(others[chain])) {
			if _, dup := merged[name]; dup {
				problems = append(problems, fmt.Sprintf("%s: contracts.others[%q] is already in the catalog", quoteChain(chain), name))
			}
			merged[name] = others[chain][name]
		}
		contracts.Others = merged
	}
	if len(problems) > 0 {
		return nil, &ConfigError{Problems: problems}
	}
	return New(cfg)
}

// config is a Config New builds c from, in canonical form.
func (c *Catalog) config() Config {
	cfg := Config{Chains: make([]ChainConfig, len(c.chains)), Assets: make([]AssetConfig, len(c.assets))}
	for i, ch := range c.chains {
		cfg.Chains[i] = ChainConfig{Name: ch.Name, Runtime: ch.Runtime, ChainID: ch.ChainID, Testnet: ch.Testnet, Contracts: ch.Contracts, NativePrice: ch.NativePrice}
	}
	for i, a := range c.assets {
		cfg.Assets[i] = AssetConfig{
			Chain: a.Chain, Address: a.Address, Symbol: a.Symbol, Name: a.Name, Decimals: a.Decimals, Icon: a.Icon,
			M0Extension: a.M0Extension, Permit: a.Permit, PermitDomain: a.PermitDomain, ApproveZeroFirst: a.ApproveZeroFirst,
			TokenProgram: a.TokenProgram, ExtensionProgram: a.ExtensionProgram,
		}
	}
	return cfg
}
