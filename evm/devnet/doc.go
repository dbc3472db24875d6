// Package devnet runs simulated EVM chains in process: each an in-memory
// go-ethereum node with the real chain id of the testnet it stands for
// (Sepolia, BaseSepolia, ArbitrumSepolia), sealing a block as soon as a
// transaction arrives, with JSON-RPC on loopback so any wallet or script can
// use it, and a clock tests can move forward.
//
// It is the bundled server's default and the ground every capability of the
// service is proven on: tests execute the payloads the service returns on
// these chains and check balances and order states.
//
// A relayer delivers Portal messages between the chains, and, with
// Config.Solver, a solver (Solver) fills the OrderBook orders its price
// covers, as the "solver" account.
//
// # Wormhole
//
// Every chain also runs stand-ins of the Wormhole core bridge (one
// guardian, Guardian), the Wormhole Executor (accepting quotes signed by
// standin.DevnetQuoter) and M0's Wormhole bridge adapter, wired to each
// other chain's adapter with the Wormhole chain ids of WormholeChainID. By
// default the Portal is every route's adapter and relays its own messages.
// With Config.Wormhole (or Config.WormholeRoutes) the Wormhole adapter is
// the default adapter of those routes: a send then carries a signed quote
// from the Executor quote API stand-in (Devnet.ExecutorURL) as its adapter
// arguments and the core's message fee (WormholeMessageFee) plus the quote's
// estimated cost as its value, the Executor pays the cost to ExecutorPayee,
// and the relayer, standing in for the guardians and the Executor's
// relayer, signs a VAA of the published message and calls the destination
// adapter's executeVAAv1 with the relay instructions' gas and value. The
// devnet solver pays its fill reports on those routes the same way. Those
// routes' payload gas limits are 1,000,000, enough for a delivery that wraps
// an extension. Requests for chains the devnet does not run (Solana, set up
// with Devnet.ConfigureSolana) are published and paid but not executed.
package devnet
