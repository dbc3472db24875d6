package svm_test

import (
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// TestPDAsMatchFacts checks each derivation against the constants of the
// Solana facts (§8), several of which M0's own code and dashboards also
// print (swap_global, wM global, wM vault).
func TestPDAsMatchFacts(t *testing.T) {
	k := solana.MustPublicKeyFromBase58
	portal := k("MzBrgc8yXBj4P16GTkcSyDZkEQZB9qDqf3fh9bByJce")
	orderBook := k("MzLoYnJ6sF6eeejs4vV95TNmXqS3W4cAtLGKkjT4ZrK")
	earn := k("mz2vDzjbQDUDXBH6FPF5s4odCJ4y8YLE5QWaZ8XdZ9Z")
	s := newExtSwap(t)
	tests := []struct {
		name string
		got  solana.PublicKey
		want string
	}{
		{"swap_global", svm.Global(extSwapID), "6U4ZZZkftbuHxjRDHUfh83M9zG66aAAXDV3xTRX7yePr"},
		{"ExtSwap.SwapGlobal", s.SwapGlobal(), "6U4ZZZkftbuHxjRDHUfh83M9zG66aAAXDV3xTRX7yePr"},
		{"portal_global", svm.Global(portal), "54dGjbVChJseSS7zo1AWWazMtz4NXi89pQPF2HH2hM6W"},
		{"portal_authority", svm.PortalAuthority(portal), "5qRSth9bauYSDcSF6rduiLciDAfCNWWd8EiHhgX1w5Tb"},
		{"earn_global", svm.Global(earn), "CQNpruTHcw9QLfCG3gPaLQsFSqNz5XdtJzRDNWoSv3bZ"},
		{"orderbook_global", svm.Global(orderBook), "7xyuxnyY1TpRGoF5tnHnRLJ77Fpbp6jbVCsmfcLD4tZY"},
		{"orderbook event_authority", svm.EventAuthority(orderBook), "FS6BDE8cxeZLGsbSXrcRQ6pnPDdF34LeyBdFFsQBaA5c"},
		{"orderbook destination(1)", svm.OrderBookDestination(orderBook, 1), "DjZVZqBa4gxSEkZ2YyLt5ScpfLCRdoYYktJvrvTzPq8T"},
		{"portal chain_paths(1)", svm.ChainPaths(portal, 1), "9WMKFuXNSuXaJkZjCr7Zj1aCPELNm4SSq1tPxc6khRRA"},
		{"wM global", svm.Global(wM.Program), "GQBavw2gpCdbZkkSWk9PkzNTDdBwCHUGNpeuuQ7mV9GA"},
		{"wM m_vault", svm.MVault(wM.Program), "8vtsGdu4ErjK2skhV7FfPQwXdae6myWjgWJ8gRMnXi2K"},
		{"wM mint_authority", svm.MintAuthority(wM.Program), "Anfx7wng5TEe5UrkFKTirtADBawmtRs9KoD15BUbEmvT"},
		{"wM vault M-ATA", svm.AssociatedTokenAddress(svm.MVault(wM.Program), svm.MMint, svm.Token2022Program), "7upNeuSPSpinN7zzEsrxMe6p3N6tMub67dkkm5LFBTvp"},
		{"portal_authority M-ATA", svm.AssociatedTokenAddress(svm.PortalAuthority(portal), svm.MMint, svm.Token2022Program), "8X7oLqqYaXrTAEBBWje61acYdbBGbRYm4wYkcVxg5inx"},
		{"swap_global M-ATA", svm.AssociatedTokenAddress(svm.Global(extSwapID), svm.MMint, svm.Token2022Program), "7dM9YCAbN9XGixnaP7wnyQDVZH6BVy6HPFeZr1SWVNka"},
		{"ExtSwap.SwapMAccount", s.SwapMAccount(), "7dM9YCAbN9XGixnaP7wnyQDVZH6BVy6HPFeZr1SWVNka"},
	}
	for _, tt := range tests {
		if tt.got.String() != tt.want {
			t.Errorf("%s = %s, facts say %s", tt.name, tt.got, tt.want)
		}
	}
}

// TestATADependsOnTokenProgram: the same owner and mint give different
// accounts under SPL Token and Token-2022, and the SPL Token one is what
// solana-go's own (SPL-only) helper gives, so the helper is right for both.
func TestATADependsOnTokenProgram(t *testing.T) {
	spl := svm.AssociatedTokenAddress(owner, wM.Mint, svm.TokenProgram)
	t22 := svm.AssociatedTokenAddress(owner, wM.Mint, svm.Token2022Program)
	if spl.Equals(t22) {
		t.Fatal("SPL Token and Token-2022 ATAs are equal")
	}
	ref, _, err := solana.FindAssociatedTokenAddress(owner, wM.Mint)
	if err != nil {
		t.Fatal(err)
	}
	if !spl.Equals(ref) {
		t.Errorf("SPL Token ATA %s, solana-go says %s", spl, ref)
	}
}
