// Package swapfacility is the quote provider of M0's SwapFacility
// (orchestration.ProviderMSwapFacility, "m-swap-facility"): 1:1 swaps
// between M and its extensions, and between extensions, on one EVM chain,
// and the same swaps on Solana through M0's ext_swap program (see Solana
// below). One provider serves both, as the engine runs one provider per
// identifier.
//
// # Edges
//
// On every EVM chain of the catalog whose address book names a SwapFacility
// (asset.Contracts.SwapFacility), Edges reads, in one batch per chain and all
// chains at once:
//
//   - mToken(): the M token the facility wraps. M is the catalog asset of
//     the chain at that address;
//   - isApprovedExtension(ext) and isPermissionedExtension(ext) for every
//     catalog asset of the chain marked as an M0 extension.
//
// The edges are then: extension to extension when both are approved and
// neither is permissioned, and M to extension and extension to M for every
// approved extension. Each edge's Spender is the SwapFacility, which pulls
// the input token; the quote engine adds the approve.
//
// All three reads are marked Immutable: they are settings an admin changes
// rarely, so they are cached by the chain reader. A change is therefore
// seen once the reader's ImmutableTTL (evm.Config) and the engine's
// EdgesRefresh (quote.Config) have passed, which bounds how stale the edges
// can be; a leg the facility no longer allows is still
// refused at quote time by canSwapViaPath (below), never quoted.
//
// A chain whose read fails does not remove the other chains' edges: Edges
// returns those with an error naming the failed chains (also logged), and
// the quote engine serves them while it asks again later. Chains the reader
// does not serve are skipped with a warning.
//
// # Quoting a leg
//
// QuoteLeg does no I/O: it declares two reads (quote.ReadDeclarer), chain
// state that does not depend on the amount: paused(), and
// canSwapViaPath(funder, tokenIn, tokenOut). A paused facility reverts every
// swap, so the leg is quote.ErrNoRoute until it is unpaused. When
// canSwapViaPath is false the leg is quote.ErrNoRoute too: the funder may
// not swap that path. This is the usual answer for legs
// into or out of M, which need the M_SWAPPER_ROLE (or, for a permissioned
// extension, to be one of its permissioned swappers); end users swap
// between extensions.
//
// The leg's one payload calls swap(tokenIn, tokenOut, amount, recipient) on
// the SwapFacility with no value. The output is exactly the input: AmountOut
// equals AmountIn and the leg is exact (MinAmountOut nil).
//
// # Solana
//
// On every SVM chain of the catalog whose address book names ext_swap
// (asset.Contracts.ExtSwap), read through the SVM runtime of
// quote.Deps.Runtimes, Edges reads ext_swap's SwapGlobal (one round trip
// per chain) and serves its whitelisted extensions that the catalog knows
// (by mint; one whose catalog token program differs from the whitelist's
// is left out with a warning): M to each (wrap), each to M (unwrap), and
// each to each other (swap). The edges carry the whitelist entries (program
// id, mint, token program) and no Spender: Solana has no allowance.
//
// A leg declares, independent of its amount so that they join the quote's
// one round trip: SwapGlobal, and the mints of M and of the extensions.
// QuoteLeg then refuses (quote.ErrNoRoute) an extension no longer
// whitelisted, an unwrap by a funder who is no whitelisted unwrapper, and an
// amount that rounds to nothing; it prices the leg from the mints'
// ScaledUiAmount indices as m_ext converts them (svm.WrapAmounts,
// UnwrapAmounts, SwapAmounts; decision 29), exact, and, for a route
// returned (quote.Leg.Build), builds one unsigned legacy transaction: the
// ext_swap instruction (from the IDL), signed and paid by the funder,
// delivering to the recipient's associated token account, at the
// blockhash read with the state, after the optional compute budget
// instructions (Config.SolanaComputeUnitLimit, ...Price). Its annotation
// is the transaction read back (svm.DescribeFor), not the request.
// The SVM runtime creates a missing recipient token account before it, and
// its payload guard checks the fee payer and the programs called.
//
// # Settings
//
// Config.EstTime is the time a leg is estimated to take; zero means
// DefaultEstTime, 15 seconds: about one block and its confirmation on the
// slowest chain M0 serves (Ethereum's 12-second slots). Config.SolanaEstTime
// is a Solana leg's; zero means DefaultSolanaEstTime, 5 seconds.
package swapfacility
