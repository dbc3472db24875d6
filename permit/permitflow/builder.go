package permitflow

import (
	"cmp"
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/quote"
)

// Engine is what a Builder asks of the quote engine, which *quote.Engine
// implements: its validation rules, and permit quotes routed as /quote
// routes (each leg in its permit form, each token's domain verified
// against its DOMAIN_SEPARATOR() in the quote's own batch).
type Engine interface {
	// Rules are the rules quote requests are validated with.
	Rules() quote.Rules
	// PermitQuoteRequest returns the best permit quotes of a validated
	// request; a request with none is a NoQuotesAvailable error.
	PermitQuoteRequest(ctx context.Context, req quote.Request, opts quote.PermitOptions) (quote.PermitQuotes, error)
}

var _ Engine = (*quote.Engine)(nil)

// Config configures a Builder. Engine and Catalog are required; the zero
// value of every other field means its default.
type Config struct {
	// Engine routes permit quotes with the providers and chain readers of
	// /quote: the service's *quote.Engine.
	Engine Engine
	// Catalog resolves tokens and names each chain's contracts; the
	// engine's catalog. A build describes each payload with it
	// (permit.Describe).
	Catalog permit.Catalog
	// Reader reads the chains at build time: the clock a recipe's
	// deadline is checked against, the token's DOMAIN_SEPARATOR(), the
	// owner's nonce and balance. Nil means builds fail with
	// PermitBuildError naming the chain.
	Reader evmruntime.ChainReader
	// Horizon is how long quoted permits stay valid, from the chain's time
	// at the quote; zero means quote.DefaultPermitHorizon.
	Horizon time.Duration
	// ReadTimeout bounds the build's chain reads; zero means 10 seconds.
	ReadTimeout time.Duration
	// Ledger keeps the recipes PermitQuote issues, so that PermitBuild
	// takes back only those, field for field. Replicas that build each
	// other's recipes share one (permitsql). Nil means a MemoryLedger of
	// DefaultMemoryLedgerSize recipes: one process's own.
	Ledger Ledger
	// MaxBuildRecipes caps the signed recipes of one PermitBuild; zero
	// means DefaultMaxBuildRecipes.
	MaxBuildRecipes int
}

// DefaultMaxBuildRecipes is how many signed recipes one build takes by
// default: a quote has one recipe per leg, and a route at most three legs.
const DefaultMaxBuildRecipes = 16

// DeadlineSlack is how far past the chain's time plus the horizon a
// permit deadline may lie at build: the chain's clock at build is at or
// after its clock at the quote, so only nodes that disagree need any.
const DeadlineSlack = time.Minute

// ledgerRetention is how long past its permit's deadline (and past the
// horizon after its issue, by this process's clock) a ledger keeps an
// issued recipe, so that a recipe built late is answered PermitExpired by
// the chain's clock rather than "not issued".
const ledgerRetention = 10 * time.Minute

// Builder runs the permit flow: POST /permit/quote on the quote engine,
// POST /permit/build by re-validating every signed recipe against the
// deployment and the chain, then encoding it with permit.Encode, the
// function a wallet uses to encode the same call itself. It implements
// orchestration.PermitBuilder and is safe for concurrent use.
type Builder struct {
	cfg Config
}

var _ orchestration.PermitBuilder = (*Builder)(nil)

// New returns a Builder for cfg.
func New(cfg Config) (*Builder, error) {
	switch {
	case cfg.Engine == nil:
		return nil, errors.New("permitflow: Config.Engine is nil")
	case cfg.Catalog == nil:
		return nil, errors.New("permitflow: Config.Catalog is nil")
	case cfg.Horizon < 0 || cfg.ReadTimeout < 0 || cfg.MaxBuildRecipes < 0:
		return nil, errors.New("permitflow: negative Config.Horizon, Config.ReadTimeout or Config.MaxBuildRecipes")
	}
	cfg.ReadTimeout = cmp.Or(cfg.ReadTimeout, 10*time.Second)
	cfg.Horizon = cmp.Or(cfg.Horizon, quote.DefaultPermitHorizon)
	cfg.MaxBuildRecipes = cmp.Or(cfg.MaxBuildRecipes, DefaultMaxBuildRecipes)
	if cfg.Ledger == nil {
		cfg.Ledger = NewMemoryLedger(0)
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
// PermitQuoteError when something failed (a retry may succeed), the
// ledger that keeps issued recipes included.
func (b *Builder) PermitQuote(ctx context.Context, pr orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	rules := b.cfg.Engine.Rules()
	rules.Code = orchestration.BadPermitRequest
	req, err := quote.ValidateRequest(b.cfg.Catalog, pr.QuoteRequest, rules)
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
	if err := b.issue(ctx, got.Quotes); err != nil {
		return nil, err
	}
	resp := &orchestration.PermitQuoteResponse{RequestID: orchestration.RequestIDFromContext(ctx), Quotes: got.Quotes}
	if got.Balance != nil {
		resp.Issues = &orchestration.PermitIssues{Balance: got.Balance}
	}
	return resp, nil
}

// issue records every recipe of quotes in the ledger, to be kept until
// its permit's deadline (or the horizon from now, whichever is later)
// plus ledgerRetention.
func (b *Builder) issue(ctx context.Context, quotes []orchestration.PermitQuote) error {
	now := time.Now()
	var recipes []IssuedRecipe
	for _, q := range quotes {
		for _, r := range q.Recipes {
			expires := now.Add(b.cfg.Horizon)
			if d, err := strconv.ParseInt(r.TypedData.Message.Deadline, 10, 64); err == nil && time.Unix(d, 0).After(expires) {
				expires = time.Unix(d, 0)
			}
			recipes = append(recipes, IssuedRecipe{
				Digest: RecipeDigest(r), ChainID: r.ChainID, Owner: common.HexToAddress(r.TypedData.Message.Owner),
				Recipe: r, Issued: now, Expires: expires.Add(ledgerRetention),
			})
		}
	}
	if err := b.cfg.Ledger.Issue(ctx, recipes); err != nil {
		return orchestration.Wrap(orchestration.PermitQuoteError, err,
			"the ledger of issued recipes could not be written, so the quote's recipes could not be built; a retry may succeed")
	}
	return nil
}
