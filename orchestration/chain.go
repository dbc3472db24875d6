package orchestration

// Chain names a blockchain network. The values are the hosted service's Chain
// enum, compared case-sensitively. A deployment enables a subset of them; an
// unknown or disabled chain in a request is a bad request.
type Chain string

// The chains the hosted service names. A deployment's catalog decides which
// are enabled.
const (
	Ethereum          Chain = "Ethereum"
	Solana            Chain = "Solana"
	Arbitrum          Chain = "Arbitrum"
	Base              Chain = "Base"
	Linea             Chain = "Linea"
	Sepolia           Chain = "Sepolia"
	BaseSepolia       Chain = "BaseSepolia"
	ArbitrumSepolia   Chain = "ArbitrumSepolia"
	HyperEVM          Chain = "HyperEVM"
	BinanceSmartChain Chain = "BinanceSmartChain"
	Mantra            Chain = "Mantra"
	Plasma            Chain = "Plasma"
	SolanaDevnet      Chain = "SolanaDevnet"
	Soneium           Chain = "Soneium"
	Citrea            Chain = "Citrea"
	Fluent            Chain = "Fluent"
	Moca              Chain = "Moca"
	Rise              Chain = "Rise"
)

// KnownChains lists every Chain value of the hosted service's enum, in the
// enum's order.
func KnownChains() []Chain {
	return []Chain{
		Ethereum, Solana, Arbitrum, Base, Linea, Sepolia, BaseSepolia,
		ArbitrumSepolia, HyperEVM, BinanceSmartChain, Mantra, Plasma,
		SolanaDevnet, Soneium, Citrea, Fluent, Moca, Rise,
	}
}

// IsKnown reports whether c is a value of the Chain enum. It says nothing
// about whether a deployment enables the chain; ask the asset catalog.
func (c Chain) IsKnown() bool {
	for _, k := range KnownChains() {
		if c == k {
			return true
		}
	}
	return false
}

// Runtime is the chain's runtime: svm for the Solana chains, evm for every
// other known chain, and "" for a value outside the enum.
func (c Chain) Runtime() ChainRuntime {
	switch {
	case c == Solana || c == SolanaDevnet:
		return RuntimeSVM
	case c.IsKnown():
		return RuntimeEVM
	}
	return ""
}

// ChainRuntime tells which kind of wallet a chain needs.
type ChainRuntime string

// The two runtimes.
const (
	RuntimeEVM ChainRuntime = "evm"
	RuntimeSVM ChainRuntime = "svm"
)

// ProviderID identifies a quote provider. The values are the hosted
// service's Providers enum.
type ProviderID string

// The provider identifiers of the hosted service. Not every deployment runs
// every provider.
const (
	ProviderMSwapFacility    ProviderID = "m-swap-facility"
	ProviderMWormholePortal  ProviderID = "m-wormhole-portal"
	ProviderMHyperlanePortal ProviderID = "m-hyperlane-portal"
	ProviderMPortal          ProviderID = "m-portal"
	ProviderWormholeCCTP     ProviderID = "wormhole-cctp"
	ProviderJupiter          ProviderID = "jupiter"
	ProviderRaydium          ProviderID = "raydium"
	ProviderMayanSwift       ProviderID = "mayan-swift"
	ProviderKyberSwap        ProviderID = "kyber-swap"
	ProviderLimitOrder       ProviderID = "limit-order"
	ProviderUniswapV3        ProviderID = "uniswap-v3"
)

// KnownProviders lists every ProviderID of the hosted service's enum.
func KnownProviders() []ProviderID {
	return []ProviderID{
		ProviderMSwapFacility, ProviderMWormholePortal, ProviderMHyperlanePortal,
		ProviderMPortal, ProviderWormholeCCTP, ProviderJupiter, ProviderRaydium,
		ProviderMayanSwift, ProviderKyberSwap, ProviderLimitOrder, ProviderUniswapV3,
	}
}

// IsKnown reports whether p is a value of the Providers enum.
func (p ProviderID) IsKnown() bool {
	for _, k := range KnownProviders() {
		if p == k {
			return true
		}
	}
	return false
}
