package orchestration

import "math/big"

// TransferFields are the fields POST /quote and POST /permit/quote share:
// what moves, how much, between whom, and how many quotes are wanted.
type TransferFields struct {
	Route        Route
	AmountIn     string
	AmountOut    string
	Sender       string
	Recipient    string
	Funder       string
	MaxNumQuotes *int
}

// TransferFields returns the request's fields that ParseTransfer checks
// (a PermitQuoteRequest's too, the same fields).
func (r QuoteRequest) TransferFields() TransferFields {
	return TransferFields{r.Route, r.AmountIn, r.AmountOut, r.Sender, r.Recipient, r.Funder, r.MaxNumQuotes}
}

// Transfer is a transfer request's fields in canonical form.
type Transfer struct {
	// AmountIn is the amount to spend; nil when the request asks for an
	// exact output (AmountOut) instead.
	AmountIn *big.Int
	// AmountOut is the exact output asked for; nil when the request gives
	// AmountIn. Exactly one of the two is set.
	AmountOut *big.Int
	Parties
	// MaxQuotes is maxNumQuotes, 1 when absent. It is not capped: the cap
	// is the deployment's (quote.Rules.MaxQuotesCap).
	MaxQuotes int
}

// ParseTransfer is the one check of a quote or permit quote request's wire
// formats past its route: amountIn (decision 11) or, instead, amountOut
// (exactly one: decision 92), the parties for the
// runtimes of the route's chains (ParseParties) and maxNumQuotes (decision
// 9). It needs no catalog, so a server without the quote service applies it
// too, and a request is refused in the same words either way. The route's
// ends are the caller's to check first: their chains must be known, and
// whether the assets are supported is the catalog's to say. Every error is
// an *Error with code, naming the field.
func ParseTransfer(code Code, f TransferFields) (Transfer, error) {
	var t Transfer
	var err error
	switch {
	case f.AmountOut == "":
		if t.AmountIn, err = ParseAmount(f.AmountIn); err != nil {
			return Transfer{}, Errorf(code, "amountIn %v", err)
		}
	case f.AmountIn != "":
		return Transfer{}, Errorf(code, "amountIn and amountOut cannot both be set: give amountIn to spend an exact amount, or amountOut to receive one")
	default:
		if t.AmountOut, err = ParseAmount(f.AmountOut); err != nil {
			return Transfer{}, Errorf(code, "amountOut %v", err)
		}
	}
	if t.Parties, err = ParseParties(code, f.Route.Source.Chain.Runtime(), f.Route.Destination.Chain.Runtime(), f.Sender, f.Recipient, f.Funder); err != nil {
		return Transfer{}, err
	}
	t.MaxQuotes = 1
	if f.MaxNumQuotes != nil {
		if *f.MaxNumQuotes < 1 {
			return Transfer{}, Errorf(code, "maxNumQuotes must be at least 1")
		}
		t.MaxQuotes = *f.MaxNumQuotes
	}
	return t, nil
}
