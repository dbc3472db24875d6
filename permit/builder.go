package permit

import (
	"context"
	"errors"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// Config configures a Builder. Engine and Catalog are required; the zero
// value of every other field means its default.
type Config struct {
	// Engine routes permit quotes (quote.Engine.PermitQuoteRequest) with
	// the providers and chain readers of /quote.
	Engine *quote.Engine
	// Catalog resolves tokens and names each chain's contracts; the
	// engine's catalog.
	Catalog quote.Catalog
	// Reader reads the chains at build time: the clock a recipe's
	// deadline is checked against, the token's DOMAIN_SEPARATOR(), the
	// owner's nonce and balance. Nil means builds fail with
	// PermitBuildError naming the chain.
	Reader quote.ChainReader
	// Horizon is how long quoted permits stay valid, from the chain's time
	// at the quote; zero means quote.DefaultPermitHorizon.
	Horizon time.Duration
	// ReadTimeout bounds the build's chain reads; zero means 10 seconds.
	ReadTimeout time.Duration
}

// Builder runs the permit flow: POST /permit/quote on the quote engine,
// POST /permit/build by re-validating every signed recipe against the
// deployment and the chain, then encoding it with Encode, the function a
// wallet uses to encode the same call itself. It implements
// orchestration.PermitBuilder and is safe for concurrent use.
type Builder struct {
	cfg Config
}

var _ orchestration.PermitBuilder = (*Builder)(nil)

// New returns a Builder for cfg.
func New(cfg Config) (*Builder, error) {
	switch {
	case cfg.Engine == nil:
		return nil, errors.New("permit: Config.Engine is nil")
	case cfg.Catalog == nil:
		return nil, errors.New("permit: Config.Catalog is nil")
	case cfg.Horizon < 0 || cfg.ReadTimeout < 0:
		return nil, errors.New("permit: negative Config.Horizon or Config.ReadTimeout")
	}
	if cfg.ReadTimeout == 0 {
		cfg.ReadTimeout = 10 * time.Second
	}
	return &Builder{cfg: cfg}, nil
}

// PermitQuote validates req as /quote validates a quote request (with the
// permit endpoint's code, BadPermitRequest), refuses routes that leave the
// EVM runtime, and returns the engine's permit quotes.
//
// Errors are *orchestration.Error: BadPermitRequest (the message names the
// field); PermitNotSupported when no route of the request can be funded by
// permit (the message says why: a token without a permit, a leg without a
// permit form, a token whose domain does not verify) or none exists;
// PermitQuoteError when something failed (a retry may succeed).
func (b *Builder) PermitQuote(ctx context.Context, pr orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	rules := b.cfg.Engine.Rules()
	rules.Code = orchestration.BadPermitRequest
	req, err := quote.ValidateRequest(b.cfg.Catalog, pr.QuoteRequest(), rules)
	if err != nil {
		return nil, err
	}
	for _, end := range []struct {
		field string
		rt    orchestration.ChainRuntime
		chain orchestration.Chain
	}{{"route.source", req.Source.Runtime, req.Source.Chain}, {"route.destination", req.Destination.Runtime, req.Destination.Chain}} {
		if end.rt != orchestration.RuntimeEVM {
			return nil, orchestration.Errorf(orchestration.BadPermitRequest,
				"%s is on %s: permits are EIP-2612, EVM only; use POST /quote", end.field, end.chain)
		}
	}
	got, err := b.cfg.Engine.PermitQuoteRequest(ctx, req, quote.PermitOptions{Horizon: b.cfg.Horizon})
	if err != nil {
		switch code, _ := orchestration.CodeOf(err); code {
		case orchestration.NoQuotesAvailable:
			return nil, orchestration.Wrap(orchestration.PermitNotSupported, err, "")
		default:
			return nil, orchestration.Wrap(orchestration.PermitQuoteError, err, "")
		}
	}
	resp := &orchestration.PermitQuoteResponse{RequestID: orchestration.RequestIDFromContext(ctx), Quotes: got.Quotes}
	if got.Balance != nil {
		resp.Issues = &orchestration.PermitIssues{Balance: got.Balance}
	}
	return resp, nil
}
