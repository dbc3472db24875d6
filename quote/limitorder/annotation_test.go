package limitorder

import (
	"math/big"
	"testing"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// The annotation is what a wallet shows its user before signing.
func TestAnnotation(t *testing.T) {
	from := asset.AssetInfo{}
	from.Chain, from.Symbol, from.Decimals = orchestration.Chain("Ethereum"), "USDC", 6
	to := from
	to.Symbol = "M"
	toBase := to
	toBase.Chain = orchestration.Chain("Base")
	for _, tt := range []struct {
		name      string
		to        asset.AssetInfo
		exclusive bool
		want      string
	}{
		{"same chain, any solver", to, false,
			"Limit order: 1.5 USDC on Ethereum for 1.49 M, filled by any solver (offer of alpha) before 2026-11-25T12:00:00Z"},
		{"cross chain, exclusive", toBase, true,
			"Limit order: 1.5 USDC on Ethereum for 1.49 M on Base, filled by solver alpha (offer of alpha) before 2026-11-25T12:00:00Z"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			leg := quote.LegRequest{Edge: &quote.Edge{From: from, To: tt.to}, AmountIn: big.NewInt(1_500_000)}
			var pr priced
			pr.offer = Offer{Solver: "alpha", AmountOut: big.NewInt(1_490_000), Exclusive: tt.exclusive}
			pr.params.FillDeadline = 1795608000
			if got := annotation(namesOf(leg), pr); got != tt.want {
				t.Errorf("annotation = %q\nwant         %q", got, tt.want)
			}
		})
	}
}
