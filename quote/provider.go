package quote

import (
	"context"
	"errors"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// ErrNoRoute is the sentinel a Provider returns, wrapped with a reason, when
// it cannot serve a request's route or amount:
//
//	return nil, fmt.Errorf("%w: %s has no pool for %s", quote.ErrNoRoute, chain, token)
//
// It is not a failure: a request that every provider answers with ErrNoRoute
// is reported as NoQuotesAvailable.
var ErrNoRoute = errors.New("no route")

// Provider produces candidate quotes for one provider identifier. Providers
// return raw errors; the Engine classifies them, logs them and never shows
// them to the caller.
//
// Quote may be called concurrently from many goroutines.
// Quote must return promptly once ctx is done, with an error for which
// errors.Is(err, ctx.Err()) holds.
type Provider interface {
	// ID is the provider's identifier, one of orchestration.KnownProviders.
	// It must not change over the provider's life.
	ID() orchestration.ProviderID
	// Quote returns the ways this provider can move req.AmountIn along the
	// request's route. A provider that cannot serve the route or amount
	// returns an error wrapping ErrNoRoute, or no candidates and a nil
	// error; any other error is a failure. Quote must not modify req.
	Quote(ctx context.Context, req Request) ([]Candidate, error)
}

// Request is a validated quote request, as providers see it: the assets are
// resolved from the catalog, the amount is parsed, and every address is in
// its runtime's canonical form (EIP-55 for EVM, base58 for SVM), with the
// optional recipient and funder already defaulted to the sender.
type Request struct {
	Source      asset.AssetInfo
	Destination asset.AssetInfo
	// AmountIn is greater than zero and below 2^256.
	AmountIn *big.Int
	// Sender is an address of the source chain's runtime.
	Sender string
	// Recipient is an address of the destination chain's runtime.
	Recipient string
	// Funder holds and pays the input tokens; an address of the source
	// chain's runtime.
	Funder string
}

// Route returns the request's route with canonical addresses.
func (r Request) Route() orchestration.Route {
	return orchestration.Route{
		Source:      orchestration.AssetAddress{Chain: r.Source.Chain, Address: r.Source.Address},
		Destination: orchestration.AssetAddress{Chain: r.Destination.Chain, Address: r.Destination.Address},
	}
}

// Candidate is one way a provider can fill a request.
type Candidate struct {
	// AmountOut is the expected output in the destination token's smallest
	// unit; it must be greater than zero.
	AmountOut *big.Int
	// EstFillTime estimates how long the whole route takes to complete. It
	// is reported, and ranked, in whole seconds rounded up.
	EstFillTime time.Duration
	// Payloads are the transactions to execute in order; at least one. A
	// payload whose Provider is empty is attributed to the provider that
	// returned the candidate.
	Payloads []orchestration.Payload
}

// AssetResolver looks up the tokens of a route; *asset.Catalog implements
// it. Resolve returns the asset with its canonical address, or an error whose
// Error() is a message safe to show the caller. It must be safe for
// concurrent use; it is called on every request and should not do I/O.
type AssetResolver interface {
	Resolve(orchestration.AssetAddress) (asset.AssetInfo, error)
}

var _ AssetResolver = (*asset.Catalog)(nil)
