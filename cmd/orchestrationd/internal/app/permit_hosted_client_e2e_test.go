package app_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/hostedapi"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// A client generated from the hosted service's OpenAPI document holds a
// permit quote in its own types, with each recipe's operation decoded into
// its typed variant and encoded again (nullable fields as pointers, numbers
// as int), and sends the recipes back in its own build request: the build
// takes them, for each operation, and returns the payload the recipe as
// this service wrote it builds.
func TestPermitRecipesSurviveAHostedClient(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the devnet")
	}
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	for _, tc := range []struct {
		name     string
		from, to orchestration.AssetAddress
	}{
		{orchestration.OperationSwap, s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD")},
		{orchestration.OperationAMMSwap, s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM")},
		{orchestration.OperationLimitOrder, s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "USDC")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
				Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: "1000000", Sender: carol.Address.Hex()}})
			got := s.do(call{method: "POST", path: base + "/permit/quote", key: devSecret, body: string(body)})
			if got.status != 200 {
				t.Fatalf("permit quote: %d %s", got.status, got.body)
			}
			var theirs hostedapi.PermitQuoteResponse
			if err := json.Unmarshal(got.body, &theirs); err != nil {
				t.Fatalf("the hosted client cannot read the quote: %v", err)
			}
			var ours orchestration.PermitQuoteResponse
			if err := json.Unmarshal(got.body, &ours); err != nil {
				t.Fatal(err)
			}
			r := theirs.Quotes[0].Recipes[0]
			retype(t, &r.Operation)
			sig, err := permit.Sign(context.Background(), ours.Quotes[0].Recipes[0], permit.KeyTypedDataSigner(carol.Key))
			if err != nil {
				t.Fatal(err)
			}
			body, err = json.Marshal(hostedapi.PermitPermitBuildJSONRequestBody{SignedRecipes: []hostedapi.SignedPermitRecipe{{Recipe: r, Signature: hexutil.Encode(sig)}}})
			if err != nil {
				t.Fatal(err)
			}
			got = s.do(call{method: "POST", path: base + "/permit/build", key: devSecret, body: string(body)})
			if got.status != 200 {
				t.Fatalf("the hosted client's build request: %d %s\nit sent %s", got.status, got.body, body)
			}
			var built orchestration.PermitBuildResponse
			if err := json.Unmarshal(got.body, &built); err != nil {
				t.Fatal(err)
			}
			want, err := permit.Encode(ours.Quotes[0].Recipes[0], sig)
			if err != nil {
				t.Fatal(err)
			}
			if e := built.Payloads[0].Data.EVM; e == nil || e.Data != want.Data.EVM.Data || e.To != want.Data.EVM.To {
				t.Errorf("built %+v, want the call the recipe as written encodes, %+v", built.Payloads[0].Data.EVM, want.Data.EVM)
			}
		})
	}
}

// retype decodes a hosted client's operation into its typed variant, by
// its type, and encodes it again from that value, as a client that reads
// and rebuilds its values does.
func retype(t *testing.T, op *hostedapi.PermitOperation) {
	t.Helper()
	raw, _ := op.MarshalJSON()
	var head struct{ Type string }
	if err := json.Unmarshal(raw, &head); err != nil {
		t.Fatal(err)
	}
	var err error
	switch head.Type {
	case orchestration.OperationSwap:
		var v hostedapi.PermitOperation0
		if v, err = op.AsPermitOperation0(); err == nil {
			err = op.FromPermitOperation0(v)
		}
	case orchestration.OperationLimitOrder:
		var v hostedapi.PermitOperation1
		if v, err = op.AsPermitOperation1(); err == nil {
			err = op.FromPermitOperation1(v)
		}
	case orchestration.OperationAMMSwap:
		var v hostedapi.PermitOperation2
		if v, err = op.AsPermitOperation2(); err == nil {
			err = op.FromPermitOperation2(v)
		}
	default:
		t.Fatalf("operation of type %q", head.Type)
	}
	if err != nil {
		t.Fatalf("the hosted client's %s operation: %v", head.Type, err)
	}
}
