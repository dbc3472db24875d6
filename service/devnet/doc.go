// Package devnet runs the orchestration service on an in-process devnet:
// simulated Sepolia, BaseSepolia and ArbitrumSepolia with the project's
// contracts (package evm/devnet), served over HTTP JSON-RPC on loopback,
// with a relayer delivering portal messages. It is what `orchestrationd
// serve` runs on without a config file, and what examples and tests run on.
//
// A Network is a service.Network: service.New starts it and serves its
// catalog and chains, and Service.Close stops it.
//
//	n := devnet.New(devnet.Config{})
//	svc, err := service.New(ctx, service.Config{Network: n})
//	if err != nil { ... }
//	defer svc.Close()
//	alice, _ := evmdevnet.AccountByName("alice") // funded on every chain
//	_ = n.Devnet().Contracts(orchestration.Sepolia).USDC
//
// It lives apart from package service because a devnet links a whole
// simulated Ethereum node (go-ethereum's eth, miner, node and catalyst
// packages): a program embedding the service against JSON-RPC endpoints
// does not import this package and links none of it.
package devnet
