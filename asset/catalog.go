package asset

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/orchestration"
)

// ChainInfo is one chain a deployment enables.
type ChainInfo struct {
	Name    orchestration.Chain
	Runtime orchestration.ChainRuntime
	// ChainID is the EVM chain id; for SVM chains it is M0's internal chain
	// id (for example 1399811149 for Solana), which is not an EVM id.
	ChainID   uint64
	Testnet   bool
	Contracts Contracts
	// NativePrice names where the chain's native coin is priced in US
	// dollars, for ranking quotes net of their costs (decision 105); nil
	// when the catalog names no source. The catalog's, shared: callers
	// must not modify it.
	NativePrice *PriceSource
}

// PriceSource is where a chain's native coin (ETH, BNB, ...) is priced in
// US dollars: a price feed on the chain with Chainlink's
// AggregatorV3Interface (latestRoundData, decimals), such as its ETH / USD
// feed, read in the batch a quote already makes (decision 105). EVM chains
// only.
type PriceSource struct {
	// Feed is the feed's address (the proxy, as Chainlink's are read).
	Feed string `json:"feed"`
	// MaxAgeSeconds is how old an answer may be (now less its updatedAt)
	// and still price the coin: older is stale, no price. Zero means
	// DefaultPriceMaxAge. A feed's heartbeat is the time between two
	// updates when the price does not move; the bound should exceed it.
	MaxAgeSeconds int64 `json:"maxAgeSeconds,omitempty"`
}

// DefaultPriceMaxAge is PriceSource.MaxAgeSeconds' default: two hours,
// twice the one-hour heartbeat of Chainlink's ETH / USD feed on Ethereum.
const DefaultPriceMaxAge = 2 * time.Hour

// MaxAge is s's MaxAgeSeconds as a duration, DefaultPriceMaxAge when zero.
func (s PriceSource) MaxAge() time.Duration {
	if s.MaxAgeSeconds == 0 {
		return DefaultPriceMaxAge
	}
	return time.Duration(s.MaxAgeSeconds) * time.Second
}

// Contracts is the address book of the well-known contracts providers need on
// one chain. An empty field means the contract is not deployed there (or not
// known). Addresses are canonical: EIP-55 for EVM, base58 for SVM.
type Contracts struct {
	// SwapFacility is M0's SwapFacility proxy (M <-> extensions).
	SwapFacility string `json:"swapFacility,omitempty"`
	// Portal is the M Portal (Portal V2 where it was upgraded in place).
	Portal string `json:"portal,omitempty"`
	// OrderBook is the limit-order OrderBook proxy.
	OrderBook string `json:"orderBook,omitempty"`
	// SwapRouter is the Uniswap V3 router M0 uses (SwapRouter02 on mainnets).
	SwapRouter string `json:"swapRouter,omitempty"`
	// Quoter is the Uniswap V3 QuoterV2.
	Quoter string `json:"quoter,omitempty"`
	// Multicall3 is the Multicall3 contract used to batch reads.
	Multicall3 string `json:"multicall3,omitempty"`

	// The fields below are Solana programs and accounts (SVM chains only;
	// Portal and OrderBook above also name the Solana Portal v2 and order
	// book programs there). The program ids are the same on mainnet and
	// devnet; each cluster has its own state.

	// ExtSwap is M0's ext_swap program, the Solana counterpart of the
	// SwapFacility (M <-> extensions, extension <-> extension).
	ExtSwap string `json:"extSwap,omitempty"`
	// WormholeAdapter is the Portal v2 bridge adapter over Wormhole, the
	// one Solana mainnet and devnet use.
	WormholeAdapter string `json:"wormholeAdapter,omitempty"`
	// Executor is the Wormhole Executor program a bridge transaction
	// calls to request automatic delivery on the destination.
	Executor string `json:"executor,omitempty"`
	// LookupTable is M0's address lookup table, so that v0 transactions
	// can name its accounts by index. It is an account, not a program: a
	// transaction never calls it.
	LookupTable string `json:"lookupTable,omitempty"`

	// Others are contracts of providers outside this module (an embedder's
	// own desk or router), by a name of the operator's choosing: the
	// quote engine's payload guard lets a leg call only catalog tokens
	// and the contracts of the address book, so a provider's own contract
	// must be listed here to be called or granted an allowance. nil
	// means none. The map of a catalog's ChainInfo is the catalog's,
	// shared: callers must not modify it.
	Others map[string]string `json:"others,omitempty"`
}

// Contract is one entry of a chain's address book (Contracts.List).
type Contract struct {
	// Key is the contract's configuration key: its JSON name in Contracts
	// ("swapFacility"), or "others." and its name for one of Others
	// ("others.acme-desk"); it also keys ChainConfig.ContractSources.
	Key string
	// Name is how payload annotations and errors name it: "the M0
	// SwapFacility", "the M Portal", "the OrderBook", "the Uniswap V3
	// router", "the Uniswap V3 quoter", "Multicall3"; one of Others is
	// named by its name as given.
	Name string
	// Address is its canonical address on the chain; "" when it is not
	// deployed there (or not known).
	Address string
}

// addressBook is the one list of the contracts of Contracts, in field
// order: each one's configuration key, human name and field. Every use of
// the address book as a list (configuration checks, naming a contract in
// a payload, reference tests) reads it, so a contract added to Contracts
// is added here once (a test checks the list covers every field).
var addressBook = []bookEntry{
	{"swapFacility", "the M0 SwapFacility", func(c *Contracts) *string { return &c.SwapFacility }},
	{"portal", "the M Portal", func(c *Contracts) *string { return &c.Portal }},
	{"orderBook", "the OrderBook", func(c *Contracts) *string { return &c.OrderBook }},
	{"swapRouter", "the Uniswap V3 router", func(c *Contracts) *string { return &c.SwapRouter }},
	{"quoter", "the Uniswap V3 quoter", func(c *Contracts) *string { return &c.Quoter }},
	{"multicall3", "Multicall3", func(c *Contracts) *string { return &c.Multicall3 }},
	{"extSwap", "the M0 ext_swap program", func(c *Contracts) *string { return &c.ExtSwap }},
	{"wormholeAdapter", "the Portal's Wormhole adapter", func(c *Contracts) *string { return &c.WormholeAdapter }},
	{"executor", "the Wormhole Executor", func(c *Contracts) *string { return &c.Executor }},
	{"lookupTable", "the M0 address lookup table", func(c *Contracts) *string { return &c.LookupTable }},
}

type bookEntry struct {
	key, name string
	field     func(*Contracts) *string
}

// othersKey is the prefix of the configuration key of one of Others.
const othersKey = "others."

// List returns every contract of the address book, in field order, each
// with its configuration key, human name and address ("" when not
// deployed on the chain), then Others in name order.
func (c Contracts) List() []Contract {
	out := make([]Contract, len(addressBook), len(addressBook)+len(c.Others))
	for i, e := range addressBook {
		out[i] = Contract{Key: e.key, Name: e.name, Address: *e.field(&c)}
	}
	for _, name := range slices.Sorted(maps.Keys(c.Others)) {
		out = append(out, Contract{Key: othersKey + name, Name: name, Address: c.Others[name]})
	}
	return out
}

// Name returns the human name of the contract at addr ("the M0
// SwapFacility", ...; see Contract.Name), or "" when addr is empty or not
// in c. Addresses compare case-insensitively, as EVM addresses do.
func (c Contracts) Name(addr string) string {
	if addr == "" {
		return ""
	}
	// The fields are read through a pooled copy: &c handed to the book's
	// accessors would move c to the heap on every call, and payload checks
	// name a contract for every leg of every candidate route.
	p := scratchContracts.Get().(*Contracts)
	defer scratchContracts.Put(p)
	*p = c
	for _, e := range addressBook {
		if a := *e.field(p); strings.EqualFold(a, addr) {
			return e.name
		}
	}
	// Ranging over an empty map costs nothing; New refuses two Others at
	// one address, so the map's order cannot change the answer.
	for name, a := range c.Others {
		if strings.EqualFold(a, addr) {
			return name
		}
	}
	return ""
}

var scratchContracts = sync.Pool{New: func() any { return new(Contracts) }}

// isContractKey reports whether key is the configuration key of a contract
// of the address book ("swapFacility", ...).
func isContractKey(key string) bool {
	return slices.ContainsFunc(addressBook, func(e bookEntry) bool { return e.key == key })
}

// AssetInfo is a supported token: the wire Asset plus what providers need
// and the wire does not show.
type AssetInfo struct {
	orchestration.Asset
	// Permit reports EIP-2612 permit support.
	Permit bool
	// PermitDomain is the token's EIP-712 domain name and version, when
	// known. It is a hint: the permit flow must still check the on-chain
	// DOMAIN_SEPARATOR before handing out typed data.
	PermitDomain PermitDomain
	// ApproveZeroFirst says an approval must reset a non-zero allowance to
	// zero before setting a new one (mainnet USDT's rule).
	ApproveZeroFirst bool
	// TokenProgram is the program that owns an SVM mint: SPL Token or
	// Token-2022 (base58). Instructions and associated token accounts
	// depend on it. "" means not configured: read the mint account's
	// owner. Always "" on EVM.
	TokenProgram string
	// ExtensionProgram is the m_ext program deployment behind an SVM M0
	// extension (the program ext_swap wraps and unwraps through), when
	// known; "" otherwise and always on EVM. The program id may differ
	// between clusters for the same token.
	ExtensionProgram string
}

// PermitDomain is the name and version of a token's EIP-712 signing domain.
// Both are empty when unknown.
type PermitDomain struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Known reports whether the domain's name and version are set.
func (d PermitDomain) Known() bool { return d.Name != "" && d.Version != "" }

// Catalog is the set of chains and assets a deployment enables. It is
// immutable once built, so every method is safe for concurrent use, and
// lookups neither lock nor, on success, allocate.
type Catalog struct {
	chains []ChainInfo // as configured
	byName map[orchestration.Chain]int
	byID   map[chainIDKey]int

	assets []AssetInfo    // in SupportedAssets order
	evm    map[evmKey]int // index into assets
	svm    map[svmKey]int // index into assets
	body   []byte         // JSON of SupportedAssets, encoded once
	etag   string         // strong ETag of body
}

type chainIDKey struct {
	runtime orchestration.ChainRuntime
	id      uint64
}

// evmKey indexes EVM assets by chain and the address's 20 bytes, which is
// the lowercased address without the cost of lowercasing a string.
type evmKey struct {
	chain orchestration.Chain
	addr  common.Address
}

// svmKey indexes SVM assets by chain and exact base58 text; base58 of a
// 32-byte key has one spelling.
type svmKey struct {
	chain orchestration.Chain
	addr  string
}

var _ orchestration.Assets = (*Catalog)(nil)

// newCatalog builds the indexes and the pre-encoded body from validated,
// canonical values.
func newCatalog(chains []ChainInfo, assets []AssetInfo) (*Catalog, error) {
	c := &Catalog{
		chains: chains,
		byName: make(map[orchestration.Chain]int, len(chains)),
		byID:   make(map[chainIDKey]int, len(chains)),
		assets: assets,
		evm:    make(map[evmKey]int),
		svm:    make(map[svmKey]int),
	}
	for i, ch := range chains {
		c.byName[ch.Name] = i
		c.byID[chainIDKey{ch.Runtime, ch.ChainID}] = i
	}
	slices.SortStableFunc(c.assets, func(a, b AssetInfo) int {
		return cmp.Or(
			cmp.Compare(c.byName[a.Chain], c.byName[b.Chain]),
			cmp.Compare(a.Symbol, b.Symbol),
			cmp.Compare(a.Address, b.Address),
		)
	})
	for i, a := range c.assets {
		switch a.Runtime {
		case orchestration.RuntimeEVM:
			c.evm[evmKey{a.Chain, common.HexToAddress(a.Address)}] = i
		case orchestration.RuntimeSVM:
			c.svm[svmKey{a.Chain, a.Address}] = i
		}
	}
	body, err := json.Marshal(c.wire())
	if err != nil {
		return nil, fmt.Errorf("asset: encoding supported assets: %w", err)
	}
	sum := sha256.Sum256(body)
	c.body = body
	c.etag = `"` + hex.EncodeToString(sum[:16]) + `"`
	return c, nil
}

// SupportedAssets returns every asset, ordered by chain (in configured
// order), then symbol, then address (byte order). The slice is the caller's
// to keep. ctx is unused: the catalog is in memory and the call cannot fail.
func (c *Catalog) SupportedAssets(ctx context.Context) ([]orchestration.Asset, error) {
	return c.wire(), nil
}

// wire returns the wire form of the assets, never nil (so it encodes as []).
func (c *Catalog) wire() []orchestration.Asset {
	w := make([]orchestration.Asset, len(c.assets))
	for i, a := range c.assets {
		w[i] = a.Asset
	}
	return w
}

// SupportedAssetsJSON returns the JSON body of GET /supported-assets (the
// SupportedAssets array), encoded once when the catalog was built, and its
// strong ETag: the quoted hex of the first 16 bytes of the body's SHA-256.
// The ETag changes exactly when the body does.
//
// The body is shared, not copied: callers must not modify it. An HTTP
// server finds this method by type assertion and can answer If-None-Match
// with 304 without encoding anything.
func (c *Catalog) SupportedAssetsJSON(ctx context.Context) (body []byte, etag string, err error) {
	return c.body, c.etag, nil
}

// Assets returns every asset with its provider-side details, in
// SupportedAssets order. The slice is the caller's to keep.
func (c *Catalog) Assets() []AssetInfo { return slices.Clone(c.assets) }

// Chains returns the enabled chains in configured order. The slice is the
// caller's to keep.
func (c *Catalog) Chains() []ChainInfo { return slices.Clone(c.chains) }

// Chain returns the enabled chain of that name.
func (c *Catalog) Chain(name orchestration.Chain) (ChainInfo, bool) {
	i, ok := c.byName[name]
	if !ok {
		return ChainInfo{}, false
	}
	return c.chains[i], true
}

// ChainByID returns the enabled chain with that runtime and chain id.
func (c *Catalog) ChainByID(runtime orchestration.ChainRuntime, id uint64) (ChainInfo, bool) {
	i, ok := c.byID[chainIDKey{runtime, id}]
	if !ok {
		return ChainInfo{}, false
	}
	return c.chains[i], true
}
