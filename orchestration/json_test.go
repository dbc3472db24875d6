package orchestration_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/m0-orchestration/m0/orchestration"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const (
	wM   = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
	user = "0x1111111111111111111111111111111111111111"
)

func ptr[T any](v T) *T { return &v }

// golden values: one of each wire type, in the shapes the spec shows.
func goldenValues() map[string]any {
	route := orchestration.Route{
		Source:      orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM},
		Destination: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: usdc},
	}
	evm := orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Ethereum, ChainID: 1, To: "0xB6807116b3B1B321a390594e31ECD6e0076f6278", Data: "0x6e81221c", Value: "0",
	}}
	svm := orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: "AQAAAA=="}}
	filled := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	return map[string]any{
		"quote_request": orchestration.QuoteRequest{Route: route, AmountIn: "1000000", Sender: user, MaxNumQuotes: ptr(3), SlippageBps: ptr(30),
			Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{orchestration.ProviderMSwapFacility}}},
		"quote_request_minimal": orchestration.QuoteRequest{Route: route, AmountIn: "1", Sender: user},
		"quotes": []orchestration.Quote{{Route: route, Recipient: user, AmountIn: "1000000", AmountOut: "999000", MinAmountOut: "994005", EstFillTime: 12,
			Issues: &orchestration.QuoteIssues{Balance: &orchestration.BalanceIssue{Token: route.Source.Address, Actual: "5", Expected: "1000000"}},
			Payloads: []orchestration.Payload{
				{Provider: orchestration.ProviderMSwapFacility, Annotation: "approve wM", Data: evm},
				{Provider: orchestration.ProviderLimitOrder, Data: svm, Solver: &orchestration.PayloadSolver{Address: user, Exclusive: true, FeeBps: ptr(5)}},
			}}},
		"permit_quote_response": orchestration.PermitQuoteResponse{RequestID: "req-1", Quotes: []orchestration.PermitQuote{{
			Route: route, Recipient: user, AmountIn: "1000000", AmountOut: "1000000", MinAmountOut: "1000000", EstFillTime: 12, ExpiresAt: 1790000000,
			Recipes: []orchestration.PermitRecipe{{
				Provider: orchestration.ProviderMSwapFacility, Annotation: "M0 Swap Facility wM → USDC", Chain: orchestration.Ethereum, ChainID: 1,
				Spender: "0xB6807116b3B1B321a390594e31ECD6e0076f6278", Value: "0",
				TypedData: orchestration.PermitTypedData{
					Domain:  orchestration.EIP712Domain{Name: "WrappedM by M^0", Version: "1", ChainID: 1, VerifyingContract: wM},
					Message: orchestration.PermitMessage{Owner: user, Spender: "0xB6807116b3B1B321a390594e31ECD6e0076f6278", Value: "1000000", Nonce: "0", Deadline: "1790000000"},
				},
				Operation:         orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{Method: "swap", ExtensionIn: wM, ExtensionOut: usdc, Amount: "1000000", Recipient: user, Deadline: "1790000000"}},
				FunctionSignature: "swapWithPermit(address,address,uint256,address,uint256,bytes)",
			}},
		}}, Issues: &orchestration.PermitIssues{Balance: &orchestration.BalanceIssue{Token: wM, Actual: "5", Expected: "1000000"}}},
		"permit_op_amm": orchestration.PermitOperation{AMMSwap: &orchestration.AMMSwapPermitOp{TokenIn: wM, TokenOut: usdc, Fee: 500, Recipient: user, AmountIn: "1", AmountOutMinimum: "1", Deadline: "9"}},
		"permit_op_limit": orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{DestChainID: 8453, FillDeadline: 1790000000, TokenIn: wM,
			TokenOut: "0x000000000000000000000000437cc33344a0b27a429f795ff6b469c72698b291", AmountIn: "10", AmountOut: "9",
			Recipient: "0x0000000000000000000000001111111111111111111111111111111111111111", Solver: "0x" + strings.Repeat("0", 64), Sender: user, Deadline: "9"}},
		"order_indexer_down": orchestration.Order{OrderID: "0x" + strings.Repeat("ab", 32), Version: 1, Nonce: "7", Sender: user, Recipient: user,
			OriginChainID: 1, DestChainID: 8453, TokenIn: wM, TokenOut: wM, AmountIn: "10", AmountOut: "9", DesignatedSolver: user,
			CreatedAt: 1790000000, FillDeadline: 1790003600, Status: orchestration.OrderCreated, AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0"},
		"order_indexed": orchestration.Order{OrderID: "0x" + strings.Repeat("ab", 32), Version: 1, Nonce: "7", Sender: user, Recipient: user,
			OriginChainID: 1, DestChainID: 1, TokenIn: wM, TokenOut: usdc, AmountIn: "10", AmountOut: "9", DesignatedSolver: user,
			CreatedAt: 1790000000, FillDeadline: 1790003600, Status: orchestration.OrderCompleted, AmountOutFilled: "9", AmountInReleased: "10", AmountRefunded: "0",
			OpenTx: ptr("0x" + strings.Repeat("cd", 32)), FillCount: ptr(1), FillReportCount: ptr(1), ResolvedAt: ptr(int64(1790000100)),
			Fills: []orchestration.Fill{{FilledAt: 1790000050, ChainID: 1, TransactionHash: "0x" + strings.Repeat("ef", 32), Solver: user, AmountInToRelease: "10", AmountOutFilled: "9"}}},
		"orders_response": orchestration.OrdersResponse{Orders: []orchestration.OrderSummary{{OrderID: "0x" + strings.Repeat("ab", 32), CreatedAt: 1790000000,
			OriginChainID: 1, Sender: user, TokenIn: wM, AmountIn: "10", DestChainID: 1, TokenOut: usdc, AmountOut: "9", DesignatedSolver: user,
			OpenTx: "0x" + strings.Repeat("cd", 32), AmountOutFilled: "0", AmountInReleased: "0", AmountRefunded: "0", Status: orchestration.OrderCreated,
			FillDeadline: 1790003600, Funder: "0x" + strings.Repeat("11", 20)}},
			Total: 1, Limit: 20, Offset: 0},
		"topology_stats": orchestration.TopologyRouteStats{TotalRoutes: 1, ActiveRoutes: 1, LastUpdated: &filled,
			HottestPaths: []orchestration.TopologyRoute{{Source: route.Source, Destination: route.Destination, TotalQuoteCount: 3, LastUsed: &filled,
				Providers: []orchestration.TopologyRouteProvider{{Provider: orchestration.ProviderMSwapFacility, QuoteCount: 3, LastUsed: &filled}}}},
			TopSenders: []orchestration.AddressFrequency{{Address: user, Count: 3}}, TopRecipients: []orchestration.AddressFrequency{},
			Providers: []orchestration.TopologyProviderStats{{Provider: orchestration.ProviderMSwapFacility, WindowSeconds: 300,
				Requests: 4, OK: 3, NoRoute: 1, SuccessRate: ptr(1.0), LatencyP50Ms: ptr(12.5), LatencyP95Ms: ptr(40.0)}}},
		"solver_stats": orchestration.SolverStats{Since: 1764000000, Solvers: []orchestration.SolverStat{
			{Name: "devnet", Address: user, Won: 4, Filled: 3, ExpiredUnfilled: 1, MedianFillSeconds: ptr(12.5)},
			{Name: "never-fills", Address: "0x" + strings.Repeat("22", 20), Won: 10, ExpiredUnfilled: 10, Suspended: true, SuspendedUntil: &filled},
			{Name: "quiet"}}},
		"error_body": orchestration.ErrorBody{Code: orchestration.BadQuoteRequest, Message: "amountIn must be greater than zero", RequestID: "req-1"},
	}
}

// TestGoldenJSON pins the wire format: each value marshals to its golden
// file byte for byte, and the file decodes back to an equal value. Run
// `go test ./orchestration -run Golden -update` after a deliberate change.
func TestGoldenJSON(t *testing.T) {
	for name, v := range goldenValues() {
		t.Run(name, func(t *testing.T) {
			got, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", name+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("wire format changed (-want +got):\n%s", cmp.Diff(string(want), string(got)))
			}
			back := reflect.New(reflect.TypeOf(v))
			if err := json.Unmarshal(want, back.Interface()); err != nil {
				t.Fatalf("golden file does not decode: %v", err)
			}
			if diff := cmp.Diff(v, back.Elem().Interface()); diff != "" {
				t.Fatalf("round trip lost information (-want +got):\n%s", diff)
			}
		})
	}
}

// A permit quote request's body is a quote request's, key for key: a
// client writes one as it writes the other, and each decodes the other.
func TestPermitQuoteRequestIsAQuoteRequestBody(t *testing.T) {
	qr := goldenValues()["quote_request"].(orchestration.QuoteRequest)
	qr.Recipient, qr.Funder = "0x1111111111111111111111111111111111111111", "0x2222222222222222222222222222222222222222"
	quoteJSON, err := json.Marshal(qr)
	if err != nil {
		t.Fatal(err)
	}
	permitJSON, err := json.Marshal(orchestration.PermitQuoteRequest{QuoteRequest: qr})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(permitJSON, quoteJSON) {
		t.Fatalf("permit quote request %s\nquote request        %s", permitJSON, quoteJSON)
	}
	var back orchestration.PermitQuoteRequest
	if err := json.Unmarshal(quoteJSON, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(qr, back.QuoteRequest); diff != "" {
		t.Fatalf("a quote request's JSON decoded as a permit quote request (-want +got):\n%s", diff)
	}
}

func TestWireShapeDetails(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want []string // substrings the JSON must contain
		not  []string // substrings it must not contain
	}{
		{"evm payload is tagged first", orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{Chain: orchestration.Base, ChainID: 8453, To: wM, Data: "0x", Value: "0"}},
			[]string{`{"type":"evm","chain":"Base","chainId":8453,`}, nil},
		{"svm payload", orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: "AA=="}},
			[]string{`{"type":"svm","chain":"Solana","transaction":"AA=="}`}, []string{"chainId"}},
		{"indexer fields are null, not absent, when unknown", orchestration.Order{},
			[]string{`"openTx":null`, `"fillCount":null`, `"fillReportCount":null`, `"resolvedAt":null`, `"fills":null`}, nil},
		{"optional request fields are omitted", orchestration.QuoteRequest{},
			nil, []string{"recipient", "funder", "maxNumQuotes", "providers"}},
		{"payload without solver or annotation", orchestration.Payload{Provider: "m-portal", Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{}}},
			nil, []string{"solver", "annotation"}},
		{"summary resolvedAt is null while open", orchestration.OrderSummary{}, []string{`"resolvedAt":null`}, []string{"nonce", "version"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("%s\nlacks %s", b, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(string(b), `"`+n+`"`) {
					t.Errorf("%s\nhas field %s", b, n)
				}
			}
		})
	}
}

func TestUnionMarshalErrors(t *testing.T) {
	if _, err := json.Marshal(orchestration.TransactionPayload{}); err == nil {
		t.Error("empty TransactionPayload marshalled")
	}
	both := orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{}, SVM: &orchestration.SVMPayload{}}
	if _, err := json.Marshal(both); err == nil {
		t.Error("TransactionPayload with both variants marshalled")
	}
	if _, err := json.Marshal(orchestration.PermitOperation{}); err == nil {
		t.Error("empty PermitOperation marshalled")
	}
	var p orchestration.TransactionPayload
	if err := json.Unmarshal([]byte(`{"type":"cosmos"}`), &p); err == nil {
		t.Error("unknown payload type decoded")
	}
	var op orchestration.PermitOperation
	if err := json.Unmarshal([]byte(`{"type":"bridge"}`), &op); err == nil {
		t.Error("unknown operation type decoded")
	}
	if err := json.Unmarshal([]byte(`{"type":"swap","amount":"1"}`), &op); err != nil || op.Type() != orchestration.OperationSwap || op.Swap.Amount != "1" {
		t.Errorf("swap operation decoded as %+v, %v", op, err)
	}
}

func TestOrdersQueryRoundTrip(t *testing.T) {
	q := orchestration.OrdersQuery{Sender: user, Status: orchestration.OrderCancelled, OriginChainID: ptr(uint64(1)), DestChainID: ptr(uint64(8453)), Limit: ptr(50), Offset: ptr(-1)}
	got, err := orchestration.ParseOrdersQuery(q.Values())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(q, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
	bad := []string{"status=OPEN", "status=created", "limit=1.5", "limit=ten", "offset=1e3", "originChainId=-1", "destChainId=0x1",
		"limit=1&limit=2", "status=CREATED&status=CREATED", "limit=", "sender=", "offset=", "destChainId="}
	for _, raw := range bad {
		v, _ := url.ParseQuery(raw)
		_, err := orchestration.ParseOrdersQuery(v)
		if code, _ := orchestration.CodeOf(err); code != orchestration.BadOrderRequest {
			t.Errorf("%s: error %v, want BadOrderRequest", raw, err)
		}
	}
	// An integer beyond int is read as the nearest int, for the order
	// service's range rules to judge (decision 40).
	v, _ := url.ParseQuery("limit=99999999999999999999&offset=-99999999999999999999")
	if got, err := orchestration.ParseOrdersQuery(v); err != nil || *got.Limit != math.MaxInt || *got.Offset != math.MinInt {
		t.Errorf("huge limit and offset: %+v, %v; want MaxInt and MinInt", got, err)
	}
}

func TestParseTopologyQuery(t *testing.T) {
	const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
	v, _ := url.ParseQuery("sourceChain=Ethereum&sourceAddress=" + usdc + "&utm=a&utm=b")
	if got, err := orchestration.ParseTopologyQuery(v); err != nil || got != (orchestration.TopologyQuery{SourceChain: orchestration.Ethereum, SourceAddress: usdc}) {
		t.Errorf("ParseTopologyQuery = %+v, %v", got, err)
	}
	for _, raw := range []string{"sourceChain=Ethereum&sourceChain=Base", "sourceAddress=" + usdc + "&sourceAddress=" + usdc, "sourceChain=", "sourceAddress="} {
		v, _ := url.ParseQuery(raw)
		_, err := orchestration.ParseTopologyQuery(v)
		if code, _ := orchestration.CodeOf(err); code != orchestration.BadTopologyRequest {
			t.Errorf("%s: error %v, want BadTopologyRequest", raw, err)
		}
	}
}

// nullableSlices are the slice fields whose nil is sent as null on purpose.
var nullableSlices = map[string]bool{
	"Order.Fills": true, // null: the indexer is unavailable; []: no fill
}

// TestRequiredArraysAreNeverNull walks every type reachable from a
// response body and checks that each slice field sent without omitempty
// goes out as [] when the Go slice is nil. A slice field added later is
// checked too, so the rule cannot be forgotten.
func TestRequiredArraysAreNeverNull(t *testing.T) {
	roots := []any{
		[]orchestration.Asset{}, []orchestration.Quote{}, orchestration.PermitQuoteResponse{},
		orchestration.PermitBuildResponse{}, orchestration.OrdersResponse{}, orchestration.Order{},
		orchestration.TransactionPayload{}, []orchestration.TopologyRoute{}, orchestration.TopologyRouteStats{},
		orchestration.SolverStats{}, orchestration.ErrorBody{},
	}
	seen := map[reflect.Type]bool{}
	checked := 0
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] || typ.PkgPath() != reflect.TypeFor[orchestration.Order]().PkgPath() {
			return
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() {
				continue
			}
			walk(f.Type)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Type.Kind() != reflect.Slice || name == "-" || strings.Contains(opts, "omitempty") ||
				nullableSlices[typ.Name()+"."+f.Name] {
				continue
			}
			checked++
			b, err := json.Marshal(reflect.Zero(typ).Interface())
			if err != nil {
				t.Errorf("%s: zero value does not marshal: %v", typ.Name(), err)
				continue
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			if got := string(m[name]); got != "[]" {
				t.Errorf("%s.%s: a nil slice is sent as %s, want []", typ.Name(), name, got)
			}
		}
	}
	for _, r := range roots {
		walk(reflect.TypeOf(r))
	}
	// orders, payloads (twice), recipes, quotes, providers (twice),
	// hottestPaths, topSenders, topRecipients: the walk must have found at
	// least these.
	if checked < 10 {
		t.Fatalf("only %d required arrays found; the walk is broken", checked)
	}
}

// TestEmptyArraysRoundTrip checks that a value whose slices are empty
// rather than nil reads back equal once sent: decoding [] gives an empty,
// non-nil slice.
func TestEmptyArraysRoundTrip(t *testing.T) {
	in := orchestration.TopologyRouteStats{}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"totalRoutes":0,"activeRoutes":0,"hottestPaths":[],"topSenders":[],"topRecipients":[],"providers":[]}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	var out orchestration.TopologyRouteStats
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.HottestPaths == nil || len(out.HottestPaths) != 0 {
		t.Fatalf("hottestPaths decoded as %#v", out.HottestPaths)
	}
}
