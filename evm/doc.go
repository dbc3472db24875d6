// Package evm reads EVM chains for quotes and executes quotes' EVM
// payloads.
//
// A Reader answers batches of contract reads (Call) on one chain with a
// single eth_call of Multicall3.aggregate3, which also asks
// Multicall3.getBlockNumber so that every answer carries the block it was
// read at. Dial connects to a node and checks its chain id.
package evm
