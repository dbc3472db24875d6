// Package topology is the service behind GET /topology/routes and GET
// /topology/stats: which routes the quote providers serve, how often each was
// quoted and by whom, and how each provider has been answering lately.
//
// A [Service] implements orchestration.Topology and quote.Observer. Set it as
// the quote engine's Config.Observer and seed it with the engine's edges:
//
//	svc, _ := topology.New(topology.Config{Catalog: catalog, DB: db})
//	engine, _ := quote.New(quote.Config{Catalog: catalog, Providers: ps, Observer: svc})
//	svc.StartSeed(engine) // in the background, bounded by Config.SeedTimeout
//	defer svc.Close()
//
// # Routes
//
// A route is a source asset and a destination asset. Seeding adds every
// provider's edges as direct routes with a quote count of zero; a provider
// whose edges cannot be listed at start-up is left out of the seed. Quote
// traffic adds the rest: every request that returned at least one quote
// counts once for its (source, destination) pair, whatever the number of
// legs, which becomes a route if it was not one (so multi-leg routes appear
// once they are quoted), and once for each provider named by a payload of a
// returned quote. A route's totalQuoteCount is therefore the number of
// requests it answered, not the sum of its providers' counts. lastUsed is
// the time of the latest such request. Routes are bounded by the catalog:
// both ends of every route are catalog assets.
//
// Routes with a source filter validates the asset against the catalog; only
// one of sourceChain and sourceAddress, or an asset the catalog does not
// know, is BadTopologyRequest.
//
// # Statistics
//
//   - totalRoutes counts the routes; activeRoutes those used within
//     Config.ActiveWindow (default 24 hours).
//   - collectingSince is when counting started: this replica's start, or
//     with a database the earliest start of any replica that flushed.
//   - lastUpdated is the latest of the last seed and the last counted
//     request.
//   - hottestPaths are the Config.TopN (default 10) routes with the highest
//     totalQuoteCount; routes never quoted are not listed.
//   - topSenders and topRecipients are the TopN most frequent senders and
//     recipients of validated quote requests (quoted or not), counted by a
//     space-saving sketch of Config.SketchCapacity (default 1000) addresses
//     per list, so memory is bounded whatever the traffic. Its counts are
//     estimates: an address's count is never below its true count and
//     exceeds it by at most the number of requests seen divided by the
//     capacity; any address whose true share exceeds 1/capacity is present.
//   - providers lists each provider's requests, outcomes, success rate and
//     p50/p95 latency over a sliding window (Config.Window, default 5
//     minutes, kept in Config.WindowBucket slots, default 10 seconds: a
//     reading covers the current partial slot and the previous full ones).
//     Latencies are kept in HDR histograms with two significant digits, so
//     percentiles are within 1%. The window is this replica's own: it is
//     not stored.
//
// # Concurrency and storage
//
// ObserveQuote copies what it needs from the observation and hands it to a
// bounded queue (Config.QueueSize, default 4096) drained by one goroutine;
// when the queue is full the observation is dropped and counted (Dropped and
// the metric m0_topology_observations_dropped_total). Readings are therefore
// a little behind the traffic; Sync waits until everything handed over
// before it is counted.
//
// Without a database the counters live in memory. With Config.DB they are
// written every Config.FlushInterval (default 5 seconds), on Flush and on
// Close, in one transaction of batched increments (INSERT ... ON CONFLICT DO
// UPDATE SET quote_count = quote_count + excluded.quote_count), so replicas
// sharing one PostgreSQL database add up, and a request never causes a write
// of its own. Readings merge the database's totals with this replica's
// counts not yet written (a reading waits for a write in progress, so it
// never counts a batch twice or misses one). A failed write is logged and retried with the next
// flush. Each flush writes the addresses of that interval's sketch and then
// keeps only the Config.StoredAddresses (default 10000) most frequent rows
// per list, so the table is bounded too: an address that falls out of them
// starts again from zero.
//
// Close stops the goroutines, counts the queued observations and writes the
// last counters.
package topology
