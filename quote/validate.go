package quote

import (
	"errors"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// validate checks qr field by field, in the body's order, and returns the
// request providers see and the number of quotes to return. Every error is a
// BadQuoteRequest whose message names the field.
func (e *Engine) validate(qr orchestration.QuoteRequest) (Request, int, error) {
	var req Request
	var err error
	if req.Source, err = e.resolve("route.source", qr.Route.Source); err != nil {
		return Request{}, 0, err
	}
	if req.Destination, err = e.resolve("route.destination", qr.Route.Destination); err != nil {
		return Request{}, 0, err
	}
	if req.Source.Chain == req.Destination.Chain && req.Source.Address == req.Destination.Address {
		return Request{}, 0, bad("route.source and route.destination must differ")
	}
	if req.AmountIn, err = orchestration.ParseAmount(qr.AmountIn); err != nil {
		return Request{}, 0, bad("amountIn %v", err)
	}

	src, dst := req.Source.Runtime, req.Destination.Runtime
	if qr.Sender == "" {
		return Request{}, 0, bad("sender is required")
	}
	if req.Sender, err = orchestration.ParseAddress(src, qr.Sender); err != nil {
		return Request{}, 0, bad("sender %v", err)
	}
	switch {
	case qr.Recipient != "":
		if req.Recipient, err = orchestration.ParseAddress(dst, qr.Recipient); err != nil {
			return Request{}, 0, bad("recipient %v", err)
		}
	case src != dst:
		return Request{}, 0, bad("recipient is required when the route crosses runtimes (%s to %s)", src, dst)
	default:
		req.Recipient = req.Sender
	}
	req.Funder = req.Sender
	if qr.Funder != "" {
		if req.Funder, err = orchestration.ParseAddress(src, qr.Funder); err != nil {
			return Request{}, 0, bad("funder %v", err)
		}
	}

	maxQuotes := 1
	if qr.MaxNumQuotes != nil {
		maxQuotes = *qr.MaxNumQuotes
		if maxQuotes < 1 {
			return Request{}, 0, bad("maxNumQuotes must be at least 1")
		}
		maxQuotes = min(maxQuotes, e.maxCap)
	}
	if err := validProviders(qr.Providers); err != nil {
		return Request{}, 0, err
	}
	return req, maxQuotes, nil
}

// resolve checks that a route end is present and known to the catalog.
func (e *Engine) resolve(field string, a orchestration.AssetAddress) (asset.AssetInfo, error) {
	switch {
	case a.Chain == "":
		return asset.AssetInfo{}, bad("%s.chain is required", field)
	case a.Address == "":
		return asset.AssetInfo{}, bad("%s.address is required", field)
	}
	info, err := e.assets.Resolve(a)
	if err != nil {
		// The resolver's message is caller-safe; an *orchestration.Error
		// contributes its Message only, without code or cause.
		msg := err.Error()
		if oe := (*orchestration.Error)(nil); errors.As(err, &oe) {
			msg = oe.Message
		}
		return asset.AssetInfo{}, &orchestration.Error{
			Code:    orchestration.BadQuoteRequest,
			Message: field + ": " + msg,
			Err:     err,
		}
	}
	return info, nil
}

// validProviders applies DECISIONS item 1: include and exclude are not both
// set, and every identifier is a known one. An identifier this engine does
// not run is valid; it simply selects nothing.
func validProviders(pp *orchestration.ProvidersParams) error {
	if pp == nil {
		return nil
	}
	if len(pp.Include) > 0 && len(pp.Exclude) > 0 {
		return bad("providers.include and providers.exclude cannot both be set")
	}
	for _, l := range []struct {
		field string
		ids   []orchestration.ProviderID
	}{{"providers.include", pp.Include}, {"providers.exclude", pp.Exclude}} {
		for _, id := range l.ids {
			if !id.IsKnown() {
				return bad("%s has unknown provider %q", l.field, orchestration.Clip(string(id)))
			}
		}
	}
	return nil
}

func bad(format string, args ...any) error {
	return orchestration.Errorf(orchestration.BadQuoteRequest, format, args...)
}
