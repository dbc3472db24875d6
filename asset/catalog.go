package asset

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

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
}

// contractField is one Contracts field and its JSON name.
type contractField struct {
	name string
	addr *string
}

// fields lists c's fields by their JSON names, for validation and error
// messages.
func (c *Contracts) fields() []contractField {
	return []contractField{
		{"swapFacility", &c.SwapFacility},
		{"portal", &c.Portal},
		{"orderBook", &c.OrderBook},
		{"swapRouter", &c.SwapRouter},
		{"quoter", &c.Quoter},
		{"multicall3", &c.Multicall3},
	}
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
