// Package portal is the quote provider of the M Portal V2
// (orchestration.ProviderMPortal, "m-portal"): it bridges M and M0
// extensions 1:1 between EVM chains, through each portal's default bridge
// adapter.
//
// # Edges
//
// Every EVM chain of the catalog whose address book names a Portal
// (asset.Contracts.Portal) is a source and a destination. Edges reads, all
// chains at once:
//
//  1. each portal's mToken(): M on that chain is the catalog asset at that
//     address;
//  2. then, in one batch per source chain, supportedBridgingPath(sourceToken,
//     destinationChainId, destinationToken) for every candidate: the
//     source chain's M and catalog extensions, to every other chain's M and
//     catalog extensions (the destination token as a left-padded bytes32).
//
// A candidate is an edge when its path is supported. The destination chain
// id is the catalog's chain id, which the portal takes as a uint32 (M0's
// chain ids equal block.chainid on EVM chains); a chain whose id does not fit
// is not a destination, with a warning in the log. The edge's Spender is the
// source chain's Portal, which pulls the source token; the quote engine adds
// the approve.
//
// Every read of Edges is marked Immutable (a path is set by an admin), so
// the chain reader caches it; its ImmutableTTL (evm.Config) and the
// engine's EdgesRefresh (quote.Config) bound how long a changed path takes
// to show. A chain whose reads fail loses its own edges
// as a source (and its M as a destination) but not the others': Edges
// returns those with an error naming the failed chains (also logged), and
// the quote engine serves them while it asks again later. Chains the reader
// does not serve are skipped with a warning.
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
// QuoteLeg does no I/O. It declares two reads on the source chain
// (quote.ReadDeclarer), chain state that does not depend on the amount: the
// portal's quote(destinationChainId, 0), the native fee of a token transfer
// through the default adapter, and sendPaused(); and one on the destination
// chain (quote.DestinationReadDeclarer): its portal's receivePaused(). A
// portal whose sending is paused reverts every transfer, and a transfer to
// one whose receiving is paused would wait there until it resumes, so in
// either case the leg is quote.ErrNoRoute until the portal is unpaused. A
// missing or reverted answer is a failure.
//
// The leg's one payload is on the source chain: the portal's
//
//	sendToken(uint256 amount, address sourceToken, uint32 destinationChainId,
//	    bytes32 destinationToken, bytes32 recipient, bytes32 refundAddress,
//	    bytes bridgeAdapterArgs)
//
// with the leg's amount, the destination token and recipient left-padded to
// bytes32, the leg's refund address (the funder), empty adapter arguments,
// and exactly the quoted fee as value. The output is exactly the input
// (AmountOut equals AmountIn, MinAmountOut nil): the destination portal
// releases or mints M, and wraps it into the destination extension on
// arrival. The recipient receives it once the bridge delivers the message.
//
// # Settings
//
// Config.EstTime is the time a transfer is estimated to take, delivery
// included; zero means DefaultEstTime, 20 minutes, the order of magnitude of
// a mainnet transfer, which waits for the source chain's finality.
// Config.EstTimeByRoute overrides it per source and destination chain.
package portal
