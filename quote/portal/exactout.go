package portal

import (
	"context"

	"github.com/m0-orchestration/m0/quote"
)

var _ quote.ExactOutputQuoter = (*Provider)(nil)

// QuoteLegExactOut prices a transfer backwards, for an exact-output
// request (decision 92): the Portal delivers exactly what it sends, so the
// input is the output asked for and the payloads QuoteLeg's, the bridge's
// fee in native value as forward. Its reads are QuoteLeg's, which do not
// depend on the amount.
func (p *Provider) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	return quote.OneToOneLeg(ctx, leg, p.QuoteLeg)
}
