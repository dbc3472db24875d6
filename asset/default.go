package asset

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// defaultJSON is the default catalog: the real mainnet and testnet chains
// and M0 assets, derived from the shared reference with every value's
// source, plus the reference's entries left out and why (see README.md).
//
//go:embed default.json
var defaultJSON []byte

// defaultFile is the shape of default.json: a Config with documentation
// around it.
type defaultFile struct {
	About             string          `json:"about"`
	Chains            []ChainConfig   `json:"chains"`
	Assets            []AssetConfig   `json:"assets"`
	LeftOut           json.RawMessage `json:"leftOut"`
	UnmappedContracts json.RawMessage `json:"unmappedContracts"`
}

func decodeDefault() (Config, error) {
	var f defaultFile
	d := json.NewDecoder(bytes.NewReader(defaultJSON))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return Config{}, fmt.Errorf("asset: default.json: %w", err)
	}
	return Config{Chains: f.Chains, Assets: f.Assets}, nil
}

var defaultCatalog = sync.OnceValue(func() *Catalog {
	cfg, err := decodeDefault()
	if err == nil {
		var c *Catalog
		if c, err = New(cfg); err == nil {
			return c
		}
	}
	panic(fmt.Sprintf("asset: the embedded default catalog is invalid: %v", err))
})

// Default returns the embedded default catalog of the real M0 deployments:
// 16 mainnet and testnet chains (Solana and SolanaDevnet among them) and
// the M, wM, mUSD, ctUSD and UsualM tokens on them, plus USDK and USDKY on
// Solana, 32 assets in all, with the SwapFacility, Portal, OrderBook,
// Uniswap router and quoter, and Multicall3 addresses where known, and on
// Solana the Portal v2, order book, ext_swap, Wormhole adapter and Executor
// programs and M0's address lookup table. Icons are empty. The catalog is built
// once and shared; it is immutable.
func Default() *Catalog { return defaultCatalog() }

// DefaultConfig returns the Config Default is built from, to extend or
// amend (set icons, drop chains) before calling New. Each call returns a
// fresh copy.
func DefaultConfig() Config {
	cfg, err := decodeDefault()
	if err != nil {
		panic(err) // Default's tests decode the same bytes
	}
	return cfg
}
