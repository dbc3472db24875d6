package quote

import (
	"errors"
	"slices"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// Rules parametrise ValidateRequest for one endpoint.
type Rules struct {
	// Code is the code of every validation error: BadQuoteRequest for POST
	// /quote, BadPermitRequest for POST /permit/quote. Empty means
	// BadQuoteRequest.
	Code orchestration.Code
	// MaxQuotesCap caps maxNumQuotes; zero means DefaultMaxQuotesCap.
	MaxQuotesCap int
	// Providers are the identifiers this deployment runs. include and
	// exclude may name these and any of the hosted service's identifiers
	// (orchestration.KnownProviders); any other name is a bad request.
	Providers []orchestration.ProviderID
}

// ValidateRequest checks qr field by field, in the body's order, and returns
// the request with defaults applied: the route's ends against the catalog,
// then the wire formats of the other fields (orchestration.ParseTransfer,
// the check a server without this engine makes too), then the deployment's
// rules (the quote cap, the providers it runs), slippageBps and rankBy
// (decision 105). Every error
// is an *orchestration.Error with rules.Code whose message names the field.
// It does no I/O.
func ValidateRequest(cat Catalog, qr orchestration.QuoteRequest, rules Rules) (Request, error) {
	v := validator{cat: cat, code: rules.Code}
	if v.code == "" {
		v.code = orchestration.BadQuoteRequest
	}
	var req Request
	var err error
	if req.Source, err = v.resolve("route.source", qr.Route.Source); err != nil {
		return Request{}, err
	}
	if req.Destination, err = v.resolve("route.destination", qr.Route.Destination); err != nil {
		return Request{}, err
	}
	if req.Source.Chain == req.Destination.Chain && req.Source.Address == req.Destination.Address {
		return Request{}, v.bad("route.source and route.destination must differ")
	}
	// The wire formats, in the words a server without this engine uses.
	t, err := orchestration.ParseTransfer(v.code, qr.TransferFields())
	if err != nil {
		return Request{}, err
	}
	req.AmountIn, req.AmountOut, req.MaxQuotes = t.AmountIn, t.AmountOut, t.MaxQuotes
	req.Sender, req.Recipient, req.Funder = t.Sender, t.Recipient, t.Funder

	// Then the deployment's rules.
	limit := rules.MaxQuotesCap
	if limit <= 0 {
		limit = DefaultMaxQuotesCap
	}
	req.MaxQuotes = min(req.MaxQuotes, limit)
	if pp := qr.Providers; pp != nil {
		if err := v.providers(pp, rules.Providers); err != nil {
			return Request{}, err
		}
		req.Include, req.Exclude = slices.Clone(pp.Include), slices.Clone(pp.Exclude)
	}
	req.SlippageBps = orchestration.DefaultSlippageBps
	if qr.SlippageBps != nil {
		if s := *qr.SlippageBps; s < 0 || s > orchestration.MaxSlippageBps {
			return Request{}, v.bad("slippageBps must be from 0 to %d basis points", orchestration.MaxSlippageBps)
		}
		req.SlippageBps = *qr.SlippageBps
	}
	switch qr.RankBy {
	case "", orchestration.RankByAmount, orchestration.RankByNetOfCosts:
		req.RankBy = qr.RankBy
	default:
		return Request{}, v.bad("rankBy must be %q or %q, not %q", orchestration.RankByAmount, orchestration.RankByNetOfCosts, orchestration.Clip(string(qr.RankBy)))
	}
	return req, nil
}

type validator struct {
	cat  Catalog
	code orchestration.Code
}

func (v validator) bad(format string, args ...any) error {
	return orchestration.Errorf(v.code, format, args...)
}

// resolve checks that a route end is present and known to the catalog.
func (v validator) resolve(field string, a orchestration.AssetAddress) (asset.AssetInfo, error) {
	switch {
	case a.Chain == "":
		return asset.AssetInfo{}, v.bad("%s.chain is required", field)
	case a.Address == "":
		return asset.AssetInfo{}, v.bad("%s.address is required", field)
	}
	info, err := v.cat.Resolve(a)
	if err != nil {
		// The resolver's message is caller-safe; an *orchestration.Error
		// contributes its Message only, without code or cause.
		msg := err.Error()
		if oe := (*orchestration.Error)(nil); errors.As(err, &oe) {
			msg = oe.Message
		}
		return asset.AssetInfo{}, &orchestration.Error{Code: v.code, Message: field + ": " + msg, Err: err}
	}
	return info, nil
}

// providers applies decision 1 (docs/decisions.md): include and exclude are not both set,
// and every identifier is one this deployment runs or one of the hosted
// service's. A hosted identifier this deployment does not run is valid; it
// simply selects nothing.
func (v validator) providers(pp *orchestration.ProvidersParams, running []orchestration.ProviderID) error {
	if len(pp.Include) > 0 && len(pp.Exclude) > 0 {
		return v.bad("providers.include and providers.exclude cannot both be set")
	}
	for _, l := range []struct {
		field string
		ids   []orchestration.ProviderID
	}{{"providers.include", pp.Include}, {"providers.exclude", pp.Exclude}} {
		for _, id := range l.ids {
			if !id.IsKnown() && !slices.Contains(running, id) {
				return v.bad("%s has unknown provider %q", l.field, orchestration.Clip(string(id)))
			}
		}
	}
	return nil
}
