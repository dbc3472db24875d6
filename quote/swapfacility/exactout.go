package swapfacility

import (
	"context"

	"github.com/m0-orchestration/m0/quote"
)

var _ quote.ExactOutputQuoter = (*Provider)(nil)

// QuoteLegExactOut prices a swap backwards, for an exact-output request
// (decision 92). On EVM chains the SwapFacility swaps one for one, so the
// input is the output asked for and the payload QuoteLeg's. On Solana
// ext_swap's rates follow the extensions' and M's indices, rounding down:
// the input is the least whose swap delivers at least the output asked
// for (quote.InvertLeg over the same state), so rounding never delivers
// less. Its reads are QuoteLeg's, which do not depend on the amount.
func (p *Provider) QuoteLegExactOut(ctx context.Context, leg quote.LegRequest) (quote.LegIn, error) {
	if p.extSwaps[leg.From.Chain] != nil {
		return quote.InvertLeg(ctx, leg, p.QuoteLeg)
	}
	return quote.OneToOneLeg(ctx, leg, p.QuoteLeg)
}
