// Package portal is the quote provider of the M Portal V2
// (orchestration.ProviderMPortal, "m-portal"): it bridges M and M0
// extensions 1:1 from EVM chains to EVM chains and to Solana, through each
// portal's default bridge adapter: one that quotes its fee on chain, or
// the Wormhole adapter, paid with a signed quote of the Wormhole
// Executor.
//
// # Edges
//
// Every EVM chain of the catalog whose address book names a Portal
// (asset.Contracts.Portal) is a source and a destination; every SVM chain
// with a Portal (the Solana Portal program) is a destination of its
// catalog extensions only: the Solana Portal wraps what arrives into an
// extension, so a transfer to its M would arrive as another token
// (decision 68). Edges reads, all EVM chains at once:
//
//  1. each portal's mToken(): M on that chain is the catalog asset at that
//     address;
//  2. then, in one batch per source chain, supportedBridgingPath(sourceToken,
//     destinationChainId, destinationToken) for every candidate (the
//     source chain's M and catalog extensions, to every other chain's M and
//     catalog extensions; the destination token as a left-padded bytes32
//     on EVM, a Solana mint's 32 bytes on SVM), and for each destination
//     defaultBridgeAdapter(destinationChainId) and payloadGasLimit(
//     destinationChainId, 0);
//  3. then, in a second batch per source chain when some destination has a
//     path, on each of those adapters currentWormholeChainId() and
//     coreBridge(), and per destination getBridgeChainId, getMsgValue and
//     getPeer (M0's WormholeBridgeAdapter). An adapter whose
//     currentWormholeChainId() reverts is another adapter, which quotes
//     on chain; for the Wormhole adapter the edge keeps, in its Detail, the
//     Executor quote request its transfers need: from that Wormhole chain
//     id to getBridgeChainId(destination), relay instructions of
//     payloadGasLimit(destination, 0) and getMsgValue(destination), as the
//     adapter's sendMessage builds them.
//
// A candidate is an edge when its path is supported and the portal can
// send there: a destination with no default adapter, or whose Wormhole
// adapter has no Wormhole chain id, peer or payload gas limit for it (the
// transfer would revert), has no edges, with a warning. The destination
// chain id is the catalog's chain id, which the portal takes as a uint32
// (M0's chain ids equal block.chainid on EVM chains; Solana is 1399811149,
// its devnet 1399811150); a chain whose id does not fit is not a
// destination, with a warning in the log. The edge's Spender is the
// source chain's Portal, which pulls the source token; the quote engine
// adds the approve.
//
// Every read of Edges is marked Immutable (paths, adapters, gas limits and
// the adapter's settings are set by an admin), so the chain reader caches
// it (a reverted read is not cached: a source whose adapters quote on
// chain asks again, in one round trip, on each Edges pass); its
// ImmutableTTL (evm.Config) and the engine's EdgesRefresh (quote.Config)
// bound how long a changed setting takes to show. A chain whose reads fail
// loses its own edges as a source (and its M as a destination) but not
// the others': Edges returns those with an error naming the failed chains
// (also logged), and the quote engine serves them while it asks again
// later. Chains the reader does not serve are skipped with a warning.
//
// A route does not continue on Solana after the bridge (an ext_swap leg
// there): the engine keeps a route's intermediate assets on its source's
// runtime, where the funder signs. The portal itself delivers the
// destination extension when it supports the path (wM on Ethereum to wM
// on Solana), and a route may start with a swap on the EVM side (USDC to
// wM, then the portal).
//
// # Out of Solana
//
// A Solana chain whose Portal is a known Portal v2 deployment
// (svm.PortalDeploymentOf) is a source too (solana.go), to the EVM chains
// with a Portal on its network (testnet or not). Its edges come from one
// round trip: the Portal's chain paths to each destination, ext_swap's
// whitelist and the Wormhole adapter's global (peers, receive lookup
// table); a path is an edge when its extension is whitelisted and in the
// catalog, its destination token is in the catalog and the adapter has a
// peer there; a chain whose network has no Executor configured is not read
// and has none. A leg declares the state a send needs (svm.SendStateKeys:
// the Portal's global, the whitelist, the chain paths, the adapter's
// global, the emitter's Sequence, the core bridge's config and the lookup
// table), read in the Solana batch, and the destination Portal's
// receivePaused(); what the programs would refuse is quote.ErrNoRoute. The
// relay is priced by the Wormhole Executor (Config.Executors, by the
// chain's network), and the payload is one v0 transaction through the
// adapter's table, the funder paying (svm.SendAndRelay): send_token, then
// request_for_execution for the message it emits. Config.Solana sets the
// relay instructions, the compute budget and the estimated time
// (decisions 74 to 78).
//
// # Quoting a leg
//
// Through an adapter that quotes on chain, QuoteLeg does no I/O. It
// declares two reads on the source chain (quote.ReadDeclarer), chain state
// that does not depend on the amount: the portal's quote(destinationChainId,
// 0), the native fee of a token transfer through the default adapter, and
// sendPaused(); and one on an EVM destination chain
// (quote.DestinationReadDeclarer): its portal's receivePaused(). A portal
// whose sending is paused reverts every transfer, and a transfer to one
// whose receiving is paused would wait there until it resumes, so in
// either case the leg is quote.ErrNoRoute until the portal is unpaused. A
// missing or reverted answer is a failure. A Solana destination has no
// destination read: its pause flags are in the Solana Portal's global
// account, which this provider does not decode yet.
//
// Through the Wormhole adapter, which refuses on-chain quotes, the leg
// declares the core bridge's messageFee() instead of quote(), and takes
// the Executor's signed quote of the edge's request from the source
// network's executor.Cache (Config.Executors: Mainnet for the catalog's
// chains with Testnet false, Testnet for the others). PricesLocally is
// true only when the cache holds a usable quote (Cache.Cached), so the
// engine prices the leg inline without I/O; otherwise the engine calls
// QuoteLeg with its deadline, and QuoteLeg asks the Executor (Cache.Get),
// which the cache then keeps fresh in the background. The quote must be
// for the route's Wormhole chains and not expired. An Executor that fails
// fails only these legs, with its *executor.Error (status and
// Retry-After) returned as it came; a network without an Executor makes
// them quote.ErrNoRoute, with one warning per Edges pass.
//
// The leg's one payload is on the source chain: the portal's
//
//	sendToken(uint256 amount, address sourceToken, uint32 destinationChainId,
//	    bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress,
//	    bytes bridgeAdapterArgs)
//
// with the leg's amount, the destination token and recipient as bytes32
// (a left-padded EVM address, or the 32 bytes of a Solana mint and of the
// recipient's base58 key), the leg's refund address (the funder, on the
// source chain), and as adapter arguments and value either nothing and
// exactly the quoted fee, or the Executor's signed quote and the message
// fee plus the Executor's estimated cost (the adapter pays the core
// bridge its fee and the Executor the rest). The annotation names the
// fees. The output is exactly the input (AmountOut equals AmountIn,
// MinAmountOut nil): the destination portal releases or mints M, and
// wraps it into the destination extension on arrival. The recipient
// receives it once the bridge delivers the message: on Solana into its
// associated token account of the extension, which the relay is expected
// to create, paid out of the adapter's msgValue (unverified, decision 68).
//
// # Settings
//
// Config.EstTime is the time a transfer is estimated to take, delivery
// included; zero means DefaultEstTime, 20 minutes, the order of magnitude
// of a mainnet transfer, which waits for the source chain's finality
// (Wormhole's finality reference gives Ethereum ~19 min, Arbitrum and Base
// ~18 min), to an EVM chain or to Solana alike (decision 70).
// Config.EstTimeByRoute overrides it per source and destination chain.
// Config.Executors are the Executor quote caches by network; their Run
// keeps hot routes fresh and belongs to whoever builds them.
package portal
