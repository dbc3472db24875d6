// Package webhook tells each API key's webhook, by signed HTTP POSTs, of
// the status changes of its orders, as the order index records them.
//
// # Which orders
//
// A key's orders are those whose sender the key follows (decision 46):
// every sender the service quoted a limit order for to that key (POST
// /quote or /permit/quote answered with a limit-order leg; Follower
// records it), and the senders given when the webhook was registered. A
// revoked key's webhook is told of nothing more.
//
// # Events
//
// Each change of a followed order makes events (Event, JSON): an order
// seen first is order.created, then order.filled for more fills, and
// order.completed, order.cancelled or order.reopened (a re-org undid its
// end) for a new status; one index write that saw an order opened and
// completed makes order.created and order.completed, in that order. Each
// carries the order as the index then held it. The events of one order go
// out in the order they were made: one waits while an earlier one is
// still being tried. That is the order the index saw them in, which
// follows each chain but not always both: a cross-chain order's
// completion read on its origin before its fill on the destination makes
// order.completed, then order.filled. Events of different orders may
// arrive in any order.
//
// # Signatures
//
// Each webhook has a secret (NewSecret, shown once when it is
// registered). Every delivery carries HeaderEventID, the event's id (the
// same on every attempt: receivers drop ids they have seen), and
// HeaderSignature, "t=UNIX_SECONDS,v1=HEX", HEX being the HMAC-SHA256 of
// the time's digits, ".", and the body, keyed with the secret. A receiver
// checks it with Verify, against the raw body, and refuses times older
// than a few minutes (DefaultTolerance).
//
// # At least once, never in the index's way
//
// The events are written to an outbox table in the transaction of the
// index write that made them (SQLStore.RecordChanges, the order.Indexer's
// ChangeRecorder): an index write that rolls back leaves none, one that
// commits leaves all, whatever happens to the process. A Dispatcher
// delivers from the outbox apart from the indexer, so a slow or failing
// receiver never holds the index back. It claims due events with a lease
// (FOR UPDATE SKIP LOCKED on PostgreSQL, so replicas sharing the database
// share the work), POSTs each, and deletes it on a 2xx. Anything else is
// retried after a backoff that doubles from FirstRetry up to MaxRetry,
// with jitter; after MaxAttempts failures, or MaxAge, the event is dead:
// kept, counted, no longer tried. A dispatcher that dies mid-delivery
// leaves its lease to run out, and the event is sent again: receivers
// must expect duplicates.
//
// # Metrics
//
// orchestration_webhook_delivered_total, _failed_attempts_total and
// _dead_lettered_total count outcomes; orchestration_webhook_pending and
// _dead are the outbox's events at the dispatcher's last look. Failed
// deliveries are logged with the key, the event id, the URL's host (never
// its path, query or the secret), the attempt and the status code or
// error.
//
// Package webhook is runtime-free: it reads orders as package order
// records them.
package webhook
