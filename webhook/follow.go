package webhook

import (
	"context"
	"log/slog"
	"slices"
	"strings"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
)

// Follower records, for the key a request was authenticated with
// (apikey.IDFromContext), the sender of every limit order quoted to it,
// so that the key's webhook is told of that sender's orders (decision
// 46). It wraps the quote endpoints' services: FollowQuotes and
// FollowPermitQuotes. A key without a webhook costs a query per quote with
// a limit order and records nothing; a failure to record is logged and
// never fails the quote.
type Follower struct {
	store  Store
	logger *slog.Logger
}

// NewFollower returns the Follower recording into store; a nil logger is
// slog.Default().
func NewFollower(store Store, logger *slog.Logger) *Follower {
	if logger == nil {
		logger = slog.Default()
	}
	return &Follower{store: store, logger: logger}
}

// Quotes wraps q: the sender of a request answered with a limit order is
// followed by the key's webhook.
func (f *Follower) Quotes(q orchestration.Quoter) orchestration.Quoter { return followQuotes{q, f} }

// PermitQuotes wraps b likewise for POST /permit/quote.
func (f *Follower) PermitQuotes(b orchestration.PermitBuilder) orchestration.PermitBuilder {
	return followPermits{b, f}
}

type followQuotes struct {
	orchestration.Quoter
	f *Follower
}

func (w followQuotes) Quote(ctx context.Context, req orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	quotes, err := w.Quoter.Quote(ctx, req)
	if err == nil && slices.ContainsFunc(quotes, func(q orchestration.Quote) bool {
		return slices.ContainsFunc(q.Payloads, func(p orchestration.Payload) bool { return p.Solver != nil })
	}) {
		w.f.follow(ctx, req.Sender)
	}
	return quotes, err
}

type followPermits struct {
	orchestration.PermitBuilder
	f *Follower
}

func (w followPermits) PermitQuote(ctx context.Context, req orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	resp, err := w.PermitBuilder.PermitQuote(ctx, req)
	if err == nil && resp != nil && slices.ContainsFunc(resp.Quotes, func(q orchestration.PermitQuote) bool {
		return slices.ContainsFunc(q.Recipes, func(r orchestration.PermitRecipe) bool { return r.Solver != nil })
	}) {
		w.f.follow(ctx, req.Sender)
	}
	return resp, err
}

// follow records sender for the request's key.
func (f *Follower) follow(ctx context.Context, sender string) {
	keyID := apikey.IDFromContext(ctx)
	if keyID == "" {
		return
	}
	canonical, err := CanonicalSender(sender)
	if err != nil {
		return // a quote was answered, so the engine read it; nothing to follow otherwise
	}
	if _, err := f.store.Follow(context.WithoutCancel(ctx), keyID, canonical, FromQuote); err != nil {
		f.logger.Warn("webhook: recording a quoted sender failed; the key's webhook will not hear of its orders", "key", keyID, "err", err)
	}
}

// CanonicalSender is a sender as the order index stores it: the EIP-55
// form of an EVM address (0x and 40 hex digits, any case), else the
// base58 of a Solana key.
func CanonicalSender(s string) (string, error) {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		return orchestration.ParseAddress(orchestration.RuntimeEVM, "0x"+strings.ToLower(s[2:]))
	}
	return orchestration.ParseAddress(orchestration.RuntimeSVM, s)
}
