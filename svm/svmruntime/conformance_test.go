package svmruntime_test

import (
	"math/big"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/runtimetest"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The Solana runtime passes the runtime conformance suite over two fake
// clusters.
func TestConformance(t *testing.T) {
	runtimetest.Run(t, func(t *testing.T) runtimetest.Harness {
		cat := asset.Default()
		chains := [2]orchestration.Chain{orchestration.Solana, orchestration.SolanaDevnet}
		nodes := map[orchestration.Chain]*svmtest.RPC{}
		slots := map[orchestration.Chain]uint64{}
		var cc svm.ClientConfig
		for _, c := range chains {
			n := svmtest.NewRPC()
			t.Cleanup(n.Close)
			nodes[c], slots[c] = n, 1000
			n.SetSlot(slots[c])
			cc.Clusters = append(cc.Clusters, svm.ClusterConfig{Name: c, URL: n.URL()})
		}
		client, err := svm.NewClient(cc)
		if err != nil {
			t.Fatal(err)
		}
		rt, err := svmruntime.New(svmruntime.Config{Catalog: cat, Reader: client})
		if err != nil {
			t.Fatal(err)
		}
		m, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: mMint})
		if err != nil {
			t.Fatal(err)
		}
		wm, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: wMMint})
		if err != nil {
			t.Fatal(err)
		}
		leg := func(to solana.PublicKey) quote.LegRequest {
			return quote.LegRequest{Edge: &quote.Edge{From: m, To: wm}, AmountIn: big.NewInt(1_000_000),
				Funder: orchestration.SVMAddress(funder), Recipient: orchestration.SVMAddress(to)}
		}
		// The funder's wM account exists; the recipient's does not.
		nodes[orchestration.Solana].Set(ata(funder, wMMint), svmtest.Account{
			Data: svmtest.TokenAccount(solana.MustPublicKeyFromBase58(wMMint), funder, 0), Owner: svm.Token2022Program})
		mallory := solana.NewWallet().PublicKey()
		unknown := solana.NewWallet().PublicKey()
		tp := svm.Token2022Program
		return runtimetest.Harness{
			Runtime: rt, Catalog: cat, Chains: chains,
			Reads: func(_ orchestration.Chain, n int) []quote.Read {
				out := make([]quote.Read, n)
				for i := range out {
					out[i] = svmruntime.AccountRead{Key: solana.NewWallet().PublicKey()}
				}
				return out
			},
			Advance: func(t *testing.T, c orchestration.Chain) {
				slots[c] += 10
				nodes[c].SetSlot(slots[c])
			},
			Break:      func(t *testing.T, c orchestration.Chain) { nodes[c].Fail(-32005, "Node is behind") },
			RoundTrips: func(c orchestration.Chain) int { return nodes[c].Requests() },
			Funding: runtimetest.Funding{
				Lacking: leg(recipient),
				Granted: leg(funder),
				Shared:  [2]quote.LegRequest{leg(recipient), leg(recipient)},
				CallsElsewhere: txPayload(t, buildTx(t, funder,
					solana.NewInstruction(unknown, solana.AccountMetaSlice{solana.Meta(funder).WRITE().SIGNER()}, []byte{1}))),
				GrantsElsewhere: txPayload(t, buildTx(t, funder,
					svm.CreateIdempotentATA(funder, mallory, solana.MustPublicKeyFromBase58(wMMint), tp))),
			},
		}
	})
}
