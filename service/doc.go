// Package service assembles the orchestration service from Go values:
// exactly what `orchestrationd serve` runs — the asset catalog, the chain
// clients, the bundled quote providers and the program's own, the SQL store
// of API keys and topology counters, the rate limiter (shared through Redis
// between replicas), the access log, the metrics, and the HTTP handler with
// its health and readiness checks.
//
// The binary builds its Service here from its configuration file, so a Go
// backend that embeds the service runs the same code as the binary:
//
//	svc, err := service.New(ctx, service.Config{
//		Catalog:   catalog,
//		RPC:       map[orchestration.Chain]string{orchestration.Ethereum: rpcURL},
//		Providers: []quote.Factory{myotc.Factory(myotc.Config{})},
//		DSN:       "postgres://orchestration@db.internal/orchestration",
//		RedisURL:  "redis://cache.internal:6379/0",
//	})
//	if err != nil { ... }
//	defer svc.Close()
//	mux.Handle("/payments/", http.StripPrefix("/payments", svc.Handler()))
//
// The API is then served under /payments/v1/orchestration, and the health,
// readiness and metrics endpoints under /payments/healthz, /payments/readyz
// and /payments/metrics. Every field of Config is optional; the zero value
// serves the built-in catalog of M0 deployments from an in-memory store.
//
// Config.Executor locates the Wormhole Executor, the HTTP API whose
// signed quotes pay the relays of m-portal's transfers through the
// Wormhole adapter: one client and quote cache per network (the catalog's
// mainnet chains, its testnets) that has a portal in the catalog, by
// default Wormhole's public API (executor.MainnetURL, executor.TestnetURL),
// refreshing hot routes in the background until Close. An Executor that
// is down fails only the routes needing it, with a QuoteError naming it
// and Retry-After (quote.ServiceUnavailable); ExecutorConfig.Disable asks
// none. Service.Executors returns the caches.
//
// Config.Network runs the service on chains it starts and stops with
// itself: package service/devnet's in-process devnet, which the binary runs
// without a config file. This package does not import it, so a program
// embedding the service against RPC endpoints links no simulated chain; a
// test of this package checks it.
package service
