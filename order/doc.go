// Package order serves the limit orders of the order books: GET
// /orders/{originChain}/{orderId} reads an order from the chains
// (orchestration.OrderService.Order), and POST
// /orders/{originChain}/{orderId}/cancel builds the transaction that
// cancels one (CancelOrder). GET /orders lists orders from the order index
// (Orders), which an Indexer builds: it follows the order-book events of
// every configured chain into a Store in the service's SQL database, whose
// tables are this package's own migrations (order/migrations, applied by
// storage.Open).
// Without an index (Config.Index nil), listing answers 501 NotImplemented.
//
// # Runtimes
//
// The rules here (statuses across chains, who may cancel and when, paging,
// the index, its feeds and streams) hold on every runtime; what a runtime's
// order book is lies beneath them, in a driver of its own. A Book
// (Config.Books, one per runtime: evmorders.Book for EVM chains,
// svmorders.Book for Solana) reads an
// order on a chain, builds the transaction that cancels one and writes the
// runtime's accounts; an EventSource (IndexChain.Events) follows a chain's
// order-book events for the index from a cursor, with whatever the runtime
// needs to find re-orgs and forks behind it. This package imports neither
// runtime (TestLayers checks it). Accounts cross runtimes as 32 bytes, as
// the order books carry them; ids are 32 bytes on every runtime (ID).
// Config.Accounts writes the accounts of runtimes that have no Book here
// (an EVM order's recipient on Solana, say).
// Every driver passes the conformance suites of order/ordertest
// (RunEventSource, RunBook), as evmorders, svmorders and a pretend runtime of this
// package's tests do.
//
// # Reading an order
//
// The origin chain's order book holds the order: Order reads it there
// through the origin runtime's Book, one round trip. A cross-chain order
// is then read on its destination chain, when that is a chain of the
// catalog with an OrderBook whose runtime has a Book serving it (only its
// status and fills are kept there), again in one round trip. So an answer
// costs one round trip per chain it touches. An origin chain whose runtime
// has no Book, or whose Book has no client for it, is a 501 NotImplemented
// naming the chain.
//
// The two views combine as decision 24 in docs/decisions.md says: a
// terminal status on the origin wins; otherwise a terminal status on the
// destination (the order completed or was cancelled there, its report not
// yet delivered) is the status; otherwise CREATED. amountOutFilled is the
// destination's (what the recipient received), amountInReleased and
// amountRefunded the origin's (what left the OrderBook there).
//
// Fields only an index of the order books' events knows (openTx, fillCount,
// fillReportCount, resolvedAt, fills, and the funder, which the OrderBook
// does not store) come from Config.Index; they are null without one, when
// the index has not seen the order yet, or when it fails (the answer is
// still the chains', as the specification's degraded detail allows).
//
// # Listing orders
//
// Orders reads the index: filters sender (an account of any runtime with a
// Book or Accounts here, in any case its runtime allows),
// status, originChainId and destChainId; newest first (createdAt, then
// orderId, descending); limit defaults to 20 and is capped at 100, the
// response saying the size used; offset defaults to 0; a limit below 1 or a
// negative offset is a 400 BadOrderRequest (decision 10). total counts every
// order the filters select. Summaries carry funder and fillDeadline
// (decision 24).
//
// # Cancelling an order
//
// The order book cancels on the order's destination chain (the origin for
// a same-chain order). CancelOrder reads the order and the clock on the
// origin, and for a cross-chain order the destination's status, the fee of
// a cancel report and the clock there, one round trip per chain; then the
// destination's Book builds the cancel with that fee and a margin as value
// (0 for a same-chain order; the bridge refunds what exceeds the fee,
// decision 37). It refuses (409 OrderNotCancellable) an order COMPLETED or
// CANCELLED on either chain and a caller the order book would refuse:
// before the fill deadline only the recipient, and for a same-chain order
// the sender, may cancel; the message says from when anyone may. The
// caller is an account of the destination's runtime, which signs the
// cancel there; omitted, it is the order's sender when the sender is an
// account of that runtime, and a 400 otherwise (an order from an EVM chain
// to Solana). Decisions 25 and 80 in docs/decisions.md.
//
// # The order index
//
// An Indexer follows each configured chain (IndexChain) in a goroutine of
// its own: it asks the chain's EventSource for the order-book events from
// the chain's checkpoint (StartBlock the first time) on (evmorders reads
// the OrderBook's logs with eth_getLogs, up to the head less its
// confirmations; svmorders the order_book's transactions, by signature,
// at a commitment), and writes each read in one transaction with the
// checkpoint that follows it, so a replica killed at any point loses
// nothing and counts nothing twice: a range written is never read again, a
// range not written is read again, and writing a range again changes
// nothing.
//
// The Store keeps one row per order opened (orders), every other event
// (order_events; its OrderFilled rows are the fills, the view order_fills),
// and each chain's checkpoint and lease (order_index_chains). The events of
// an order, on its origin and destination chains alike, fold into its
// status and amounts as decision 24 combines the chains' views; an event
// seen on the destination before the opening waits for it. How many orders
// each sender, status and chain pair has is kept beside them
// (order_counts, order_sender_counts), in the same transactions, so that
// List's total costs a few rows whatever it counts.
//
// Re-orgs. The hash of the last block of each read is kept (the last 64),
// in the runtime's text (Anchor). The EventSource checks that the newest
// kept block is still the chain's before it reads on; when it is not
// (ErrReorg), the indexer asks it for the newest kept block the chain
// still has (ForkPoint), undoes every event after it (orders opened there
// go, the orders touched are folded again) and reads on from there. An
// event the source reports as removed is undone on its own.
//
// One fork. An EventSource checks that what it read is of one fork (the
// EVM one walks the headers by parent hash); a read that is not
// (*ForkError) is not written, is read again after PollInterval, and is
// counted. An order-book event that does not decode (*UndecodableError)
// stops indexing the chain (it is logged at Error with its block and
// index): skipping it would leave an order's history with a hole no later
// read repairs. A source that cannot read (a node down) is retried with
// backoff, as is a database that fails, the other chains going on; how a
// source sizes its reads (evmorders halves a range a node refuses) is its
// own.
//
// Replicas. Each chain is leased to one replica at a time
// (order_index_chains.holder, lease_until): a replica indexes a chain only
// while it holds the lease, renews it with every range it writes (in the
// same transaction, which also checks the checkpoint is where it left it,
// so a replica that lost its lease writes nothing), and gives it back when
// it stops. A replica that dies keeps its chains until LeaseTTL (6s by
// default) passes; another then takes them over. Restarted under the name
// it had (the default Holder is stable across restarts), it takes them back
// at once. SQLite and PostgreSQL behave alike: on
// PostgreSQL the writes of the index also take an advisory lock, so two
// chains' ranges never fold one order at once (SQLite serialises writes
// anyway). A write is not cut short when Run's context ends, so a replica
// knows what it committed before it gives its leases back.
//
// # Status streams
//
// OrderEvents (GET /orders/{originChain}/{orderId}/events) yields an
// order's status as Order reads it, then each change the index records,
// until COMPLETED or CANCELLED (decision 28). The Indexer tells a
// StatusFeed (IndexerConfig.Feed) which orders each write changed, in the
// write's transaction, so the notice goes out when the write commits and
// never for one rolled back; the Service (Config.Feed) subscribes to it once, at its first
// stream, for every stream until Close (on PostgreSQL, one connection
// however many streams come and go), and each stream re-reads the index
// when its order is named, when the subscription is (re)made (notices may
// have been missed) and every Config.Recheck, so a lost notice only delays
// a status. Feeds: MemoryFeed in one process (SQLite), PostgresFeed over
// LISTEN/NOTIFY across replicas, which share an index only through
// PostgreSQL (decision 35).
//
// Progress is logged (a chain taken, caught up, a range narrowed, a re-org)
// and exported: orchestration_order_index_head_block{chain},
// orchestration_order_index_indexed_block{chain},
// orchestration_order_index_lag_blocks{chain},
// orchestration_order_index_leader{chain} (1 on the replica indexing the
// chain), orchestration_order_index_events_total{chain},
// orchestration_order_index_reorgs_total{chain},
// orchestration_order_index_failures_total{chain},
// orchestration_order_index_fork_retries_total{chain} (ranges read again
// because events and blocks were of different forks),
// orchestration_order_index_undecodable_logs_total{chain} and
// orchestration_order_index_stopped{chain} (1 once an event that does not
// decode stopped the chain on this replica). The node round trips are the
// runtime's (evm.LogReader's for EVM chains).
//
// # Solvers' records
//
// SolverRecords reads, per solver, the orders it won (opened naming it,
// or, for an order any solver may fill, filled first by it), filled
// (COMPLETED), expired unfilled (the fill deadline passed while not
// COMPLETED; a sender's cancel before the deadline is not counted) and the
// median time from opening to last fill. RegisterSolverMetrics exports
// them, read on every scrape: orchestration_solver_orders_won{solver},
// orchestration_solver_orders_filled{solver},
// orchestration_solver_orders_expired_unfilled{solver},
// orchestration_solver_median_fill_seconds{solver} and
// orchestration_solver_records_up (0 when the read failed).
package order
