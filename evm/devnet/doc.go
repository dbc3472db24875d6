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
package devnet
