package quote

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
)

// Defaults for the zero values of Config.
const (
	DefaultProviderTimeout = 10 * time.Second
	DefaultMaxQuotesCap    = 20
)

// Config configures an Engine. The zero value of every field but Assets
// means its default.
type Config struct {
	// Assets resolves the route's tokens. Required.
	Assets AssetResolver
	// Providers are queried for every request, in this order (which breaks
	// ranking ties). Their IDs must be distinct and should be values of
	// orchestration.KnownProviders (quotetest checks it): a request's include
	// and exclude lists may only name those. An engine without providers
	// answers every valid request with NoQuotesAvailable.
	Providers []Provider
	// ProviderTimeout bounds each provider's call; zero means
	// DefaultProviderTimeout. A provider that has not answered by then
	// counts as failed and the others' quotes are returned. One that ignores
	// its cancelled context is abandoned half a timeout (at most a second)
	// later, so it cannot hold the request longer.
	ProviderTimeout time.Duration
	// MaxQuotesCap caps a request's maxNumQuotes; zero means
	// DefaultMaxQuotesCap.
	MaxQuotesCap int
	// Logger receives a Warn record for every provider failure (provider,
	// error, duration) and Debug records for providers without a route. Nil
	// means slog.Default(), read at each use, as net/http falls back to the
	// standard logger; pass slog.New(slog.DiscardHandler) for silence.
	Logger *slog.Logger
	// Observer, if set, is told about every validated request; see Observer.
	Observer Observer
}

// Engine answers quote requests: it validates the request, fans it out to
// its providers concurrently, each under its own deadline, and ranks the
// candidates they return. It implements orchestration.Quoter and is safe for
// concurrent use.
type Engine struct {
	assets    AssetResolver
	providers []Provider
	ids       []orchestration.ProviderID
	timeout   time.Duration
	maxCap    int
	logger    *slog.Logger
	observer  Observer
}

var _ orchestration.Quoter = (*Engine)(nil)

// New returns an Engine for cfg. It fails if Assets is nil, a provider is
// nil or has an empty or duplicate ID, or a duration or cap is negative.
func New(cfg Config) (*Engine, error) {
	if cfg.Assets == nil {
		return nil, errors.New("quote: Config.Assets is nil")
	}
	if cfg.ProviderTimeout < 0 {
		return nil, fmt.Errorf("quote: negative Config.ProviderTimeout %v", cfg.ProviderTimeout)
	}
	if cfg.MaxQuotesCap < 0 {
		return nil, fmt.Errorf("quote: negative Config.MaxQuotesCap %d", cfg.MaxQuotesCap)
	}
	e := &Engine{
		assets:    cfg.Assets,
		providers: slices.Clone(cfg.Providers),
		timeout:   cmp.Or(cfg.ProviderTimeout, DefaultProviderTimeout),
		maxCap:    cmp.Or(cfg.MaxQuotesCap, DefaultMaxQuotesCap),
		logger:    cfg.Logger,
		observer:  cfg.Observer,
	}
	for i, p := range e.providers {
		if p == nil {
			return nil, fmt.Errorf("quote: Config.Providers[%d] is nil", i)
		}
		id := p.ID()
		switch {
		case id == "":
			return nil, fmt.Errorf("quote: Config.Providers[%d] has an empty ID", i)
		case slices.Contains(e.ids, id):
			return nil, fmt.Errorf("quote: Config.Providers[%d] duplicates provider ID %q", i, id)
		}
		e.ids = append(e.ids, id)
	}
	return e, nil
}

// Providers returns the IDs of the engine's providers, in configuration
// order.
func (e *Engine) Providers() []orchestration.ProviderID { return slices.Clone(e.ids) }

// Quote validates qr, asks every selected provider for candidates and
// returns the best at most maxNumQuotes of them, best first.
//
// Errors are *orchestration.Error:
//   - BadQuoteRequest: the request is invalid; the message names the field.
//   - NoQuotesAvailable: no selected provider could serve the route and
//     amount, or the include/exclude lists leave no provider to ask.
//   - QuoteError: no quote, and at least one provider failed unexpectedly
//     (even if others said they have no route: a retry may succeed); or ctx
//     ended first, in which case errors.Is(err, ctx.Err()) holds.
//
// When some providers fail and others quote, the quotes are returned and
// each failure is logged at Warn.
func (e *Engine) Quote(ctx context.Context, qr orchestration.QuoteRequest) ([]orchestration.Quote, error) {
	req, maxQuotes, err := e.validate(qr)
	if err != nil {
		return nil, err
	}
	providers, err := e.selectProviders(qr.Providers)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, abandoned(err)
	}
	answers, err := e.fanOut(ctx, req, providers)
	if err != nil {
		return nil, err
	}
	quotes := rank(req, answers, maxQuotes)
	e.report(ctx, req, answers)
	if e.observer != nil {
		outcomes := make([]Outcome, len(answers))
		for i, a := range answers {
			outcomes[i] = a.Outcome
		}
		e.observer.ObserveQuote(ctx, Observation{Request: req, Quotes: quotes, Outcomes: outcomes})
	}
	if len(quotes) == 0 {
		return nil, noQuotes(answers)
	}
	return quotes, nil
}

// noQuotes is the error for a request that got no candidate. If every
// provider said it has no route, the answer is NoQuotesAvailable. If any
// failed, it is QuoteError, even when the others had no route: the failed
// provider might have quoted, so the request is not known to be unquotable
// and a retry may succeed.
func noQuotes(answers []answer) error {
	var failures []error
	for _, a := range answers {
		if a.Status == StatusFailed {
			failures = append(failures, fmt.Errorf("provider %s: %w", a.Provider, a.Err))
		}
	}
	if len(failures) == 0 {
		return orchestration.Errorf(orchestration.NoQuotesAvailable, "no provider can quote this route and amount")
	}
	return &orchestration.Error{
		Code:    orchestration.QuoteError,
		Message: "quote providers failed unexpectedly; a retry may succeed",
		Err:     errors.Join(failures...),
	}
}

// abandoned is the error for a request whose caller's ctx ended.
func abandoned(err error) error {
	return &orchestration.Error{
		Code:    orchestration.QuoteError,
		Message: "the quote request was cancelled or timed out before providers answered",
		Err:     err,
	}
}

// selectProviders applies the validated include or exclude list.
func (e *Engine) selectProviders(pp *orchestration.ProvidersParams) ([]Provider, error) {
	if pp == nil || (len(pp.Include) == 0 && len(pp.Exclude) == 0) {
		if len(e.providers) == 0 {
			return nil, orchestration.Errorf(orchestration.NoQuotesAvailable, "no quote providers are available")
		}
		return e.providers, nil
	}
	var sel []Provider
	for i, p := range e.providers {
		id := e.ids[i]
		if len(pp.Include) > 0 && slices.Contains(pp.Include, id) ||
			len(pp.Exclude) > 0 && !slices.Contains(pp.Exclude, id) {
			sel = append(sel, p)
		}
	}
	if len(sel) > 0 {
		return sel, nil
	}
	what := "none of the providers in providers.include is available"
	if len(pp.Exclude) > 0 {
		what = "providers.exclude excludes every available provider"
	}
	return nil, orchestration.Errorf(orchestration.NoQuotesAvailable, "%s; available providers: %s", what, e.available())
}

func (e *Engine) available() string {
	if len(e.ids) == 0 {
		return "none"
	}
	s := make([]string, len(e.ids))
	for i, id := range e.ids {
		s[i] = string(id)
	}
	return strings.Join(s, ", ")
}

// report logs what the providers did: failures at Warn, missing routes at
// Debug.
func (e *Engine) report(ctx context.Context, req Request, answers []answer) {
	log := e.log()
	for _, a := range answers {
		level, msg := slog.LevelWarn, "quote provider failed"
		switch a.Status {
		case StatusOK:
			continue
		case StatusNoRoute:
			level, msg = slog.LevelDebug, "quote provider has no route"
		}
		if !log.Enabled(ctx, level) {
			continue
		}
		attrs := []slog.Attr{
			slog.String("provider", string(a.Provider)),
			slog.Duration("duration", a.Duration),
			slog.String("source", string(req.Source.Chain)+":"+req.Source.Address),
			slog.String("destination", string(req.Destination.Chain)+":"+req.Destination.Address),
		}
		if a.Err != nil {
			attrs = append(attrs, slog.Any("error", a.Err))
		}
		if id := orchestration.RequestIDFromContext(ctx); id != "" {
			attrs = append(attrs, slog.String("requestId", id))
		}
		log.LogAttrs(ctx, level, msg, attrs...)
	}
}

func (e *Engine) log() *slog.Logger {
	if e.logger != nil {
		return e.logger
	}
	return slog.Default()
}
