package svmruntime_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The guard reads a send out of Solana through the lookup table the
// leg's reads answered: the send and its relay as svm.SendAndRelay builds
// them pass for the leg they serve; a send to another recipient, chain or
// token, or through a table the leg did not read, does not.
func TestCheckLegReadsASendOutOfSolana(t *testing.T) {
	w := newWorld(t, "")
	chain, _ := w.cat.Chain(orchestration.Solana)
	eth, _ := w.cat.Chain(orchestration.Ethereum)
	d := svm.MainnetPortal
	wmKey := solana.MustPublicKeyFromBase58(wMMint)
	ext := svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"), Mint: wmKey, TokenProgram: svm.Token2022Program}
	from := w.asset(t, wMMint)
	to, err := w.cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x437cc33344a0B27A429f795ff6B469C72698B291"})
	if err != nil {
		t.Fatal(err)
	}
	lut := solana.MustPublicKeyFromBase58(chain.Contracts.LookupTable)
	addrs := svmtest.SendTable(d, []svm.Extension{ext}, []uint32{uint32(eth.ChainID), 8453})
	w.node.Set(lut, svmtest.Account{Owner: solana.AddressLookupTableProgramID, Data: svmtest.LookupTable(addrs)})
	st, err := w.rt.ReadState(context.Background(), orchestration.Solana, []quote.Read{svmruntime.AccountRead{Key: lut}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	carol := common.HexToAddress("0x2222222222222222222222222222222222222222")
	payee := solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	signed := append(append(make([]byte, 24), payee[:]...), make([]byte, 165-56)...)
	token := svm.EVMAddress32(common.HexToAddress(to.Address))
	build := func(recipient common.Address, dest uint32, destToken [32]byte) orchestration.TransactionPayload {
		paths := []svm.BridgePath{{SourceMint: wmKey, DestinationToken: destToken}}
		tx, err := d.SendAndRelay(svm.SendAndRelayParams{
			Funder: funder, Extension: ext, Amount: 1_000_000, DestinationChainID: dest,
			DestinationToken: destToken, Recipient: svm.EVMAddress32(recipient),
			State: svm.SendState{
				Portal: &svm.PortalGlobal{MMint: d.MMint}, Swap: &svm.SwapGlobal{Extensions: []svm.Extension{ext}},
				Paths:    &svm.ChainBridgePaths{DestinationChainID: dest, Paths: paths},
				Wormhole: &svm.WormholeGlobal{ReceiveLUT: lut, Peers: []svm.WormholePeer{{Address: token, M0ChainID: dest, AdapterChainID: 2}}},
				Table:    &svm.LookupTable{Address: lut, Addresses: addrs},
			},
			Relay:  svm.Relay{SignedQuote: signed, EstimatedCost: 1, DstChain: 2, Instructions: []byte{1}},
			Budget: svm.TxConfig{RecentBlockhash: solana.Hash{7}, ComputeUnitLimit: 400_000},
		})
		if err != nil {
			t.Fatal(err)
		}
		return txPayload(t, tx)
	}
	leg := quote.LegRequest{Edge: &quote.Edge{From: from, To: to}, AmountIn: big.NewInt(1_000_000),
		Funder: orchestration.SVMAddress(funder), Recipient: orchestration.EVMAddress(carol), State: st}
	if err := w.rt.CheckLeg(chain, leg, build(carol, 1, token)); err != nil {
		t.Fatalf("the send the leg asks for: %v", err)
	}
	for _, tt := range []struct {
		name string
		p    orchestration.TransactionPayload
		leg  quote.LegRequest
		want string
	}{
		{"to someone else", build(common.HexToAddress("0x3333333333333333333333333333333333333333"), 1, token), leg, "send_token's recipient is"},
		{"to another chain", build(carol, 8453, token), leg, "goes to chain 8453"},
		{"as another token", build(carol, 1, svm.EVMAddress32(common.Address{9})), leg, "delivers token"},
		{"without the table read", build(carol, 1, token), func() quote.LegRequest { l := leg; l.State = nil; return l }(), "comes from a lookup table"},
	} {
		if err := w.rt.CheckLeg(chain, tt.leg, tt.p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}
