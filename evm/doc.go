// Package evm reads EVM chains for quotes, cheaply, and executes quotes'
// EVM payloads.
//
// # Reading
//
// A Reader answers batches of contract reads (Call) on one configured
// chain. Every call it sends goes in one eth_call of
// Multicall3.aggregate3, with allowFailure set for each call and
// Multicall3.getBlockNumber as the first call, so that the answers carry
// the block they were read at (Answers.Block) and a reverted call is an
// answer with OK=false (its revert data in Data), never a failed batch.
//
// Reads are cached per chain, under two rules set by Call.Immutable:
//
//   - An immutable call (decimals, mToken(), a pool's address, a bridging
//     path an admin sets) is cached when it succeeds, until the process
//     restarts or Config.ImmutableTTL passes. The cache holds
//     Config.ImmutableCacheSize answers per chain (4096 by default) and
//     evicts the least recently used. An immutable call that reverted is
//     not cached for good: it is state of the block it was read at.
//   - Every other call is chain state, cached for the block it was read at.
//     The answers of the newest two blocks read on a chain are kept, at most
//     Config.StateCacheSize (16384 by default) of them together, least
//     recently used of the older block evicted first (counted in
//     orchestration_evm_state_cache_evictions_total{chain}); older blocks
//     are dropped as newer ones arrive. The bound holds when a chain does
//     not advance for long, where every new amount quoted is a new answer.
//
// Round trips (one per JSON-RPC request to a node) follow from the caches:
//
//   - Read of calls that are all cached immutables: none.
//   - Read whose state calls are all cached for the newest block seen on the
//     chain: none when the followed head (below) is fresh and no newer,
//     one aggregate3 when it is newer; without a fresh followed head, one
//     eth_blockNumber. If the chain has not moved, the cached answers; if
//     it has, one aggregate3 more (two in all).
//   - Any other Read: one aggregate3 with every call not served by the
//     immutable cache, so that all state answers are of one block.
//   - ReadAt(block): none when every call is cached for that block (a later
//     phase of a quote pinned to the block phase 1 saw); else one aggregate3
//     of the missing calls at that block.
//   - Identical concurrent reads (same chain, same set of calls, same block
//     tag) share one round trip through singleflight; each caller gets its
//     own Answers. A caller whose context ends stops waiting at once; when
//     the caller that started a shared read gives up, the others start it
//     again rather than fail with its cancellation.
//
// Every round trip is counted per chain in
// orchestration_evm_round_trips_total{chain} (when Config.Registerer is set)
// and in the Trips carried by the context (WithTrips), so that tests and
// benchmarks can count what a quote cost. Failed reads are counted in
// orchestration_evm_read_errors_total{chain}.
//
// # Following heads
//
// With Config.FollowHeads, the Reader follows each chain's head in the
// background until Close: by newHeads when the Backend is a HeadSubscriber
// whose node accepts the subscription (a websocket endpoint), else by
// eth_blockNumber every ChainConfig.BlockTime (2 s by default). A
// subscription that cannot be made (a websocket node down or refusing) is
// tried again after polling for Config.SubscribeRetry (30 s by default,
// DefaultSubscribeRetry), the wait doubling at each failure in a row up to
// four times that, and the follower returns to pushed heads as soon as one
// is made; a transport that cannot push at all (HTTP) is polled for good.
// Each subscription made costs one eth_blockNumber, since newHeads announces
// only the heads to come: without it a chain that mines only on
// transactions (the devnet) would leave the head unknown, and every read
// asking for it, until its next block. A poll that finds the same head
// still counts as hearing the chain. A
// read
// trusts the followed head only while the follower heard the chain within
// Config.HeadMaxAge (three polling intervals by default); past that it asks
// eth_blockNumber as without a follower and counts the fallback, so a
// stalled follower costs a round trip, never a stale price. The follower's
// work is in orchestration_evm_head{chain},
// orchestration_evm_head_seen_timestamp_seconds{chain} (the head's age is
// time() minus it), orchestration_evm_head_polls_total,
// orchestration_evm_head_errors_total and
// orchestration_evm_head_fallbacks_total; its polls are not request round
// trips and are not in round_trips_total nor in Trips.
//
// # Refreshing hot sets
//
// A following Reader also remembers the sets of state calls each Read and
// ReadAt asked (Config.HotSets of them per chain, most recent first, those
// read within Config.HotHorizon). When the follower sees a new head it reads
// them again, merged and deduplicated, in one aggregate3 of the chain's
// latest block, with the sets' immutable calls the immutable cache does not
// hold (those that reverted, state of their block): a read whose calls are
// all in that set or cached for good then costs no round trip at the new
// head. A read that learns of the new head while the
// refresh is in flight and whose state calls it covers waits for it instead
// of reading them again; any other read goes to the node as above. The
// refresh runs beside the follower, which keeps hearing heads meanwhile; one
// refresh per chain is read at a time, and a head arriving during it queues
// the next one, replacing any queued before (the reads waiting for a
// replaced refresh read for themselves). Balances and allowances of a funder are
// refreshed only when that funder's reads are among the recent ones. So a
// chain followed by subscription costs one background round trip per block
// (the refresh), by polling two (the poll, the refresh), whatever the
// quotes. The refresh is counted in orchestration_evm_hot_refreshes_total,
// orchestration_evm_hot_refreshed_calls_total,
// orchestration_evm_hot_refresh_seconds and
// orchestration_evm_hot_refresh_errors_total; the reads it spared in
// orchestration_evm_hot_hits_total. It never serves a block older than the
// newest head known: a read that finds the refresh failed or overtaken reads
// the node.
//
// Errors name the chain and what failed, wrap the cause (errors.Is works
// for context errors and ErrUnknownChain) and never contain a node's URL,
// which often carries an API key. They are plain errors: the caller decides
// which orchestration.Code a failed read is. A node that failed or was too
// slow for the caller's deadline is an *UnavailableError naming the chain,
// with a hint of when to retry, so that callers can tell an outage from a
// bug.
//
// A batch is one eth_call: it is bounded by the node's gas cap for calls
// (50M gas on geth by default), far above what a quote reads.
//
// MethodCall (or MustMethodCall, for arguments the program fixes) packs a
// read of an ABI method into a Call; Decode1 decodes the method's return
// value from the Answers, telling a call that was not read (ErrNoAnswer)
// from one that reverted (a *RevertError, matching ErrCallReverted, with
// its Error(string) reason) from an answer that does not decode.
//
// # Reading logs
//
// A LogReader reads one chain's logs (eth_getLogs) and block headers
// through a LogBackend, the narrow interface *ethclient.Client and the
// service's redialling clients satisfy, for the order indexer. Each call
// is one round trip, counted like the Reader's (Trips and
// orchestration_evm_round_trips_total{chain}); its errors name the chain
// and never the node's URL. NodeRefused tells a node that answered with a
// refusal (a JSON-RPC error, an HTTP 400 or 413: a range or result too
// large) from one that could not be reached, so a caller can narrow a
// range only when that may help.
//
// # Connecting
//
// Dial connects to a JSON-RPC endpoint (a deployment's rpc: URLs or the
// devnet's) and checks that it serves the expected chain id. Its
// DialOptions.HTTPClient is where a test slows or counts the HTTP round
// trips (the benchmarks wrap it in a transport adding a distant node's
// latency).
//
// # Executing
//
// An Executor runs a quote's EVM payloads in order as a wallet would, with
// a Signer (KeySigner, or any bind.SignerFn): it refuses the whole list
// before signing anything when a payload is not EVM, has no client, or
// names a chain id its client does not serve; then it estimates, signs,
// sends and waits for each receipt, stopping at the first revert. A
// cross-chain route's later payloads spend funds a bridge relayer delivers
// after the source chain's payload is mined: Executor.BeforePayload is where
// a caller waits for them (WaitFor polls with backoff).
package evm
