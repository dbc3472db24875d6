// Package evmgas says how much gas each EVM call this service's payloads
// make costs, so that a payload can carry a gas estimate without a round
// trip (issue 30, item 2): an Operation for every such call (ERC-20
// approve; the SwapFacility's swap, swapWithPermit, swapInM and swapOutM;
// the Uniswap V3 router's multicall of exactInputSingle, with or without
// selfPermit; the Portal's sendToken through its own adapter or
// Wormhole's; the OrderBook's openOrder, openOrderWithPermit and
// cancelOrder on the order's own chain or on its destination, its report
// sent through the Portal or through the Wormhole adapter), Classify
// to name the operation of a payload from its target's role in the
// catalog and its calldata, and Estimate, the gas to expect.
//
// # Where the figures come from
//
// measured.json holds receipt.GasUsed of every operation in the cases
// whose storage work differs (an owner's first approval or permit, a
// recipient's first balance of a token, a sender's first order, the hub's
// lock or a spoke's burn, M or an extension, the first send on a route),
// measured on a fresh in-process devnet (evm/devnet) by TestMeasuredGas,
// which rewrites it with -update:
//
//	go test ./evm/evmgas -run TestMeasuredGas -update
//
// Without -update the same test measures again and fails when an estimate
// is below the most gas its operation used or more than TolerancePercent
// above it (decision 89). An estimate is that most plus MarginPercent,
// rounded up to RoundTo.
//
// # What the figures mean elsewhere
//
// They are the devnet's: the project's stand-in contracts (evm/contracts)
// on go-ethereum's AllDevChainProtocolChanges, whose EIP-8037 state-gas
// metering makes creating a storage slot cost about 98,000 gas more than
// rewriting it, where the rules of the chains the devnet stands for charge
// 17,100 more (decision 65): an owner's first approve uses 133,866 gas on
// the devnet, a later one 35,946. An estimate is therefore a gas limit
// that suffices on the devnet and most likely overstates the same calls
// on a public chain; it measures nothing of M0's deployed contracts,
// which differ (proxies, the M token's index arithmetic, the real
// Wormhole core and Executor). A wallet signing on a public chain still
// estimates its own limit (eth_estimateGas).
package evmgas
