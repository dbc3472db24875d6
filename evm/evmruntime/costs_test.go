package evmruntime_test

import (
	"math/big"
	"slices"
	"strconv"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// TestCostPayload: a call the gas table knows carries its estimate, and,
// with the base fee read among the quote's reads, the base fee plus the
// tip as its gas price and gas × gasPrice as its cost; without the base
// fee, the estimate alone; a call the table does not know, nothing.
func TestCostPayload(t *testing.T) {
	cat := asset.Default()
	chain, _ := cat.Chain(orchestration.Ethereum)
	i := slices.IndexFunc(cat.Assets(), func(a asset.AssetInfo) bool { return a.Chain == orchestration.Ethereum && a.Symbol == "wM" })
	if i < 0 {
		t.Fatal("no wM on Ethereum")
	}
	wm := cat.Assets()[i]
	approve := hexutil.Encode(evm.ApproveCalldata(common.HexToAddress(chain.Contracts.SwapFacility), big.NewInt(5)))
	approveGas, _ := evmgas.Estimate(evmgas.Approve)
	baseFee, err := contracts.MustABI("Multicall3").Methods["getBasefee"].Outputs.Pack(big.NewInt(7_000_000_000))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		data      string
		tip       uint64
		base      bool // the base fee is among the answers
		wantGas   string
		wantPrice string
		wantCost  string // "" for none
	}{
		{"approve at the default tip", approve, 0, true, strconv.FormatUint(approveGas, 10), "8000000000", new(big.Int).Mul(big.NewInt(8e9), new(big.Int).SetUint64(approveGas)).String()},
		{"approve at a configured tip", approve, 2, true, strconv.FormatUint(approveGas, 10), "7000000002", new(big.Int).Mul(big.NewInt(7e9+2), new(big.Int).SetUint64(approveGas)).String()},
		{"no base fee read", approve, 0, false, strconv.FormatUint(approveGas, 10), "", ""},
		{"a call the table does not know", "0xdeadbeef", 0, true, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt, err := evmruntime.New(evmruntime.Config{Catalog: cat, PriorityTip: tc.tip, Reader: hasAll{}})
			if err != nil {
				t.Fatal(err)
			}
			a := evm.NewAnswers(1)
			if tc.base {
				reads := rt.Reads(quote.LegRequest{Edge: &quote.Edge{From: wm, To: wm}})
				if len(reads) != 1 {
					t.Fatalf("reads %v, want the base fee alone", reads)
				}
				a.Put(reads[0].(evm.Call), evm.Result{OK: true, Data: baseFee})
			}
			in := &orchestration.EVMPayload{Chain: orchestration.Ethereum, ChainID: 1, To: wm.Address, Data: tc.data, Value: "0"}
			d, cost := rt.CostPayload(chain, a, orchestration.TransactionPayload{EVM: in})
			if in.Gas != "" || in.GasPrice != "" {
				t.Error("the payload given was modified")
			}
			gotCost := ""
			if cost != nil {
				gotCost = cost.String()
			}
			if d.EVM.Gas != tc.wantGas || d.EVM.GasPrice != tc.wantPrice || gotCost != tc.wantCost {
				t.Errorf("gas %q at %q costing %q, want %q at %q costing %q", d.EVM.Gas, d.EVM.GasPrice, gotCost, tc.wantGas, tc.wantPrice, tc.wantCost)
			}
		})
	}
}

// hasAll is a ChainReader that has every chain and is never read.
type hasAll struct{ evmruntime.ChainReader }

func (hasAll) Has(orchestration.Chain) bool { return true }
