package quote_test

import (
	stdcmp "cmp"
	"context"
	"log/slog"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

// tokenCallData is the calldata of sig with one-word arguments.
func tokenCallData(sig string, words ...[32]byte) string {
	return hexutil.Encode(evm.AppendWords(crypto.Keccak256([]byte(sig))[:4], words...))
}

func addrWord(a string) [32]byte { return evm.AddressWord(common.HexToAddress(a)) }
func uintWord(x int64) [32]byte  { return evm.UintWord(big.NewInt(x)) }

// tokenPayload is a payload calling token with data.
func tokenPayload(token asset.AssetInfo, data string) orchestration.Payload {
	return orchestration.Payload{Annotation: "x", Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: token.Chain, ChainID: chainID(token.Chain), To: token.Address, Data: data, Value: "0"}}}
}

// A provider's payloads may approve only the leg's input token, for the
// leg's spender and at most the leg's amount, and call nothing else on a
// token: a leg carrying any other token call is dropped and logged, and the
// request is answered by the other provider.
func TestTokenCallsGuarded(t *testing.T) {
	const amount = 1_000_000 // request's
	approve := func(token asset.AssetInfo, spender string, amount int64) orchestration.Payload {
		return tokenPayload(token, hexutil.Encode(evm.ApproveCalldata(common.HexToAddress(spender), big.NewInt(amount))))
	}
	edited := func(edit func(*orchestration.Payload)) orchestration.Payload {
		p := approve(mEth, facility, amount)
		edit(&p)
		return p
	}
	tests := []struct {
		name    string
		spender string // the edge's; facility when empty, none when "-"
		payload orchestration.Payload
		want    string // the logged error's start
	}{
		{"approve for another contract", "", approve(mEth, portalEth, amount),
			"payload 0: approves M for " + portalEth + ", not the leg's spender " + facility},
		{"approve for a stranger", "", approve(mEth, stranger, amount),
			"payload 0: approves M for " + stranger + ", not the leg's spender " + facility},
		{"approve above the leg's amount", "", approve(mEth, facility, amount+1),
			"payload 0: approves 1000001 M, more than the leg's 1000000"},
		{"approve of another token", "", approve(usdcEth, facility, 1),
			"payload 0: approves " + usdcEthAddr + ", not the leg's input " + mAddr + " (M)"},
		{"approve on a leg that pulls nothing by allowance", "-", approve(mEth, facility, amount),
			"payload 0: approves M for " + facility + ", yet the leg pulls nothing by allowance"},
		{"approve for the quoter, the edge's spender", quoterEth, approve(mEth, quoterEth, amount),
			"payload 0: spender " + quoterEth + " is the Uniswap V3 quoter on Ethereum, which no leg's tokens may be granted to"},
		{"transfer", "", tokenPayload(mEth, tokenCallData("transfer(address,uint256)", addrWord(stranger), uintWord(amount))),
			"payload 0: calls transfer(address,uint256) on M: only approve may be called on a token"},
		{"transferFrom", "", tokenPayload(mEth, tokenCallData("transferFrom(address,address,uint256)", addrWord(sender), addrWord(stranger), uintWord(amount))),
			"payload 0: calls transferFrom(address,address,uint256) on M: only approve may be called on a token"},
		{"increaseAllowance", "", tokenPayload(mEth, tokenCallData("increaseAllowance(address,uint256)", addrWord(facility), uintWord(1))),
			"payload 0: calls increaseAllowance(address,uint256) on M: only approve may be called on a token"},
		{"permit", "", tokenPayload(mEth, tokenCallData("permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
			addrWord(sender), addrWord(stranger), uintWord(amount), uintWord(1<<40), uintWord(27), [32]byte{1}, [32]byte{2})),
			"payload 0: calls permit(address,address,uint256,uint256,uint8,bytes32,bytes32) on M: only approve may be called on a token"},
		{"an unknown function", "", tokenPayload(mEth, "0x12345678"),
			"payload 0: calls selector 0x12345678 on M: only approve may be called on a token"},
		{"a stub of calldata", "", tokenPayload(mEth, "0x095e"),
			"payload 0: calls M with 2 bytes of calldata, no function"},
		{"approve with bytes after its arguments", "", edited(func(p *orchestration.Payload) { p.Data.EVM.Data += "00" }),
			"payload 0: approves M with 69 bytes of calldata, not approve(address,uint256)'s 68"},
		{"approve of a spender word that is no address", "", edited(func(p *orchestration.Payload) {
			d := []byte(p.Data.EVM.Data)
			d[2+2*4] = 'f' // the first byte of the spender's word
			p.Data.EVM.Data = string(d)
		}), "payload 0: approves M for a spender word that is no address"},
		{"approve sending native currency", "", edited(func(p *orchestration.Payload) { p.Data.EVM.Value = "1" }),
			"payload 0: sends 1 in native currency to M, a token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spender := stdcmp.Or(tt.spender, facility)
			if spender == "-" {
				spender = ""
			}
			bad := memprovider.New(orchestration.ProviderMSwapFacility).Edge(quote.Edge{From: mEth, To: wMEth, Spender: spender},
				legFunc(legSpec{num: 2, den: 1, edit: func(l *quote.Leg) { l.Payloads = append([]orchestration.Payload{tt.payload}, l.Payloads...) }}))
			onlyTheGoodRoute(t, bad, tt.want)
		})
	}
}

// What a leg may do with its token passes: the zero-first reset and an
// approve of the leg's amount for its spender, and a call of no function
// (no calldata, no value).
func TestTokenCallsAllowed(t *testing.T) {
	const amount = 1_000_000
	approve := func(amount int64) orchestration.Payload {
		return tokenPayload(usdtEth, hexutil.Encode(evm.ApproveCalldata(common.HexToAddress(facility), big.NewInt(amount))))
	}
	own := []orchestration.Payload{approve(0), approve(amount), tokenPayload(usdtEth, "0x")}
	p := memprovider.New(sfID).Edge(quote.Edge{From: usdtEth, To: wMEth, Spender: facility},
		legFunc(legSpec{num: 1, den: 1, edit: func(l *quote.Leg) { l.Payloads = own }}))
	r := new(fakeReader).allowance(usdtEth, sender, facility, amount) // so the engine adds no approve of its own
	e, rec := newEngine(t, quote.Config{Providers: []quote.Provider{p}, Runtimes: evmRuntimes(nil, r)})
	req := request(wMEth)
	req.Route.Source = addr(usdtEth)
	quotes, err := e.Quote(context.Background(), req)
	if err != nil {
		t.Fatalf("%v (logged: %+v)", err, rec.records)
	}
	var got []string
	for _, q := range quotes[0].Payloads {
		got = append(got, q.Data.EVM.Data)
	}
	var want []string
	for _, q := range own {
		want = append(want, q.Data.EVM.Data)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("payloads' calldata (-want +got):\n%s", diff)
	}
}

// A provider outside this module may call its own contract and have the
// engine approve it once the catalog lists it among the chain's other
// contracts (asset.Contracts.Others); the same provider is refused when
// the catalog does not list it, or when its payload calls a contract
// listed nowhere.
func TestOtherContractsPassTheGuard(t *testing.T) {
	desk := common.HexToAddress("0x00000000000000000000000000000000000ac3e0").Hex()
	withDesk, err := testCatalog.WithContracts(map[orchestration.Chain]map[string]string{orchestration.Ethereum: {"acme desk": desk}})
	if err != nil {
		t.Fatal(err)
	}
	deposit := func(to string) orchestration.Payload {
		return orchestration.Payload{Annotation: "deposit M with the desk", Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
			Chain: orchestration.Ethereum, ChainID: 1, To: to, Data: tokenCallData("deposit(address,uint256)", addrWord(mAddr), uintWord(1_000_000)), Value: "0"}}}
	}
	tests := []struct {
		name    string
		catalog *asset.Catalog
		calls   string // the deposit's contract
		want    string // the logged error; none when the desk's route is quoted
	}{
		{"the desk listed", withDesk, desk, ""},
		{"the desk not listed", testCatalog, desk,
			"payload 0: calls " + desk + ", which is neither a catalog token nor a known contract on Ethereum"},
		{"an approve for the desk not listed", testCatalog, facility, "spender " + desk + " is not a known contract on Ethereum"},
		{"a contract listed nowhere", withDesk, stranger,
			"payload 0: calls " + stranger + ", which is neither a catalog token nor a known contract on Ethereum"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			otc := memprovider.New(acme).Edge(quote.Edge{From: mEth, To: wMEth, Spender: desk},
				legFunc(legSpec{num: 2, den: 1, edit: func(l *quote.Leg) { l.Payloads = []orchestration.Payload{deposit(tt.calls)} }}))
			e, rec := newEngine(t, quote.Config{Catalog: tt.catalog, Providers: []quote.Provider{otc, swap()}, Runtimes: evmRuntimes(tt.catalog, new(fakeReader))})
			quotes, err := e.Quote(context.Background(), request(wMEth))
			if err != nil {
				t.Fatal(err)
			}
			warns := rec.find(slog.LevelWarn, "quote provider failed")
			if tt.want != "" {
				if diff := cmp.Diff([]string{hopText(sfID, mEth, wMEth)}, routesOf(quotes)); diff != "" {
					t.Errorf("routes (-want +got):\n%s", diff)
				}
				if len(warns) != 1 || warns[0].Attrs["error"].String() != tt.want {
					t.Errorf("warnings %+v, want one saying %q", warns, tt.want)
				}
				return
			}
			if len(warns) != 0 {
				t.Errorf("warnings %+v, want none", warns)
			}
			var got []string
			for _, p := range quotes[0].Payloads {
				got = append(got, p.Data.EVM.To+" "+p.Data.EVM.Data)
			}
			want := []string{
				mAddr + " " + hexutil.Encode(evm.ApproveCalldata(common.HexToAddress(desk), big.NewInt(1_000_000))),
				desk + " " + deposit(desk).Data.EVM.Data,
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("the desk's payloads (-want +got):\n%s", diff)
			}
			if a := quotes[0].Payloads[0].Annotation; !strings.Contains(a, "for acme desk on Ethereum") {
				t.Errorf("approve annotated %q, want it to name the desk", a)
			}
		})
	}
}
