package validation_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/openapi"
	"github.com/m0-orchestration/m0/openapi/validation"
)

func TestTheDocumentLoads(t *testing.T) {
	doc, err := validation.Load()
	if err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.0.3" || doc.Paths.Len() == 0 {
		t.Fatalf("openapi %q, %d paths", doc.OpenAPI, doc.Paths.Len())
	}
	if _, err := validation.Parse([]byte(`{"openapi":"3.0.3","info":{"title":"t"},"paths":{}}`)); err == nil {
		t.Fatal("a document without info.version passed validation")
	}
}

// answer builds a response as the server would send it.
func answer(status int, body string, kv ...string) (*http.Response, []byte) {
	h := http.Header{"X-Request-Id": {"req-1"}}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return &http.Response{StatusCode: status, Header: h}, []byte(body)
}

// The validator catches what a generated client would trip on.
func TestValidateFindsMismatches(t *testing.T) {
	quote := `{"route":{"source":{"chain":"Ethereum","address":"0x1"},"destination":{"chain":"Base","address":"0x2"}},` +
		`"recipient":"0x3","amountIn":"10","amountOut":"9","minAmountOut":"9","estFillTime":12,"payloads":PAYLOADS}`
	evm := `[{"provider":"m-portal","data":{"type":"evm","chain":"Ethereum","chainId":1,"to":"0x4","data":"0x","value":"0"}}]`
	errBody := func(code string) string { return `{"code":"` + code + `","message":"m","requestId":"req-1"}` }
	tests := []struct {
		name, method, path string
		status             int
		body               string
		kv                 []string
		wantErr            string // "" for valid; "undeclared" for ErrUndeclared
	}{
		{"a quote", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(quote, "PAYLOADS", evm, 1) + "]", nil, ""},
		{"payloads null", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(quote, "PAYLOADS", "null", 1) + "]", nil, "payloads"},
		{"no minAmountOut", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(strings.Replace(quote, "PAYLOADS", "[]", 1), `"minAmountOut":"9",`, "", 1) + "]", nil, "minAmountOut"},
		{"a payload of no known type", "POST", "/v1/orchestration/quote", 200, "[" + strings.Replace(quote, "PAYLOADS", `[{"provider":"m-portal","data":{"type":"cosmos"}}]`, 1) + "]", nil, "data"},
		{"a 401", "POST", "/v1/orchestration/quote", 401, errBody("Unauthorized"), nil, ""},
		{"a code nobody defined", "POST", "/v1/orchestration/quote", 500, errBody("Oops"), nil, "code"},
		{"no requestId", "POST", "/v1/orchestration/quote", 400, `{"code":"BadQuoteRequest","message":"m"}`, nil, "requestId"},
		{"a status /quote never answers", "POST", "/v1/orchestration/quote", 410, errBody("PermitExpired"), nil, "undeclared"},
		{"429 without Retry-After", "GET", "/v1/orchestration/orders", 429, errBody("RateLimited"), nil, "Retry-After"},
		{"429 with Retry-After", "GET", "/v1/orchestration/orders", 429, errBody("RateLimited"), []string{"Retry-After", "3"}, ""},
		{"an unknown path", "GET", "/v1/orchestration/nope", 404, errBody("NotFound"), nil, ""},
		{"a wrong method", "DELETE", "/v1/orchestration/quote", 405, errBody("MethodNotAllowed"), []string{"Allow", "POST, OPTIONS"}, ""},
		{"a wrong method without Allow", "DELETE", "/v1/orchestration/quote", 405, errBody("MethodNotAllowed"), nil, "Allow"},
		{"an unknown path answered 200", "GET", "/v1/orchestration/nope", 200, `{}`, nil, "undeclared"},
		{"outside the base path", "GET", "/healthz", 200, `{"status":"ok"}`, nil, "undeclared"},
		{"an order with the indexer down", "GET", "/v1/orchestration/orders/Ethereum/0x" + strings.Repeat("ab", 32), 200,
			`{"orderId":"0x1","version":1,"nonce":"7","sender":"s","recipient":"r","originChainId":1,"destChainId":1,"tokenIn":"a","tokenOut":"b",` +
				`"amountIn":"10","amountOut":"9","designatedSolver":"d","createdAt":1,"fillDeadline":2,"status":"CREATED","amountOutFilled":"0",` +
				`"amountInReleased":"0","amountRefunded":"0","funder":null,"openTx":null,"fillCount":null,"fillReportCount":null,"resolvedAt":null,"fills":null}`, nil, ""},
		{"stats with null arrays", "GET", "/v1/orchestration/topology/stats", 200,
			`{"totalRoutes":0,"activeRoutes":0,"hottestPaths":null,"topSenders":[],"topRecipients":[]}`, nil, "hottestPaths"},
		{"no X-Request-Id", "GET", "/v1/orchestration/topology/stats", 200,
			`{"totalRoutes":0,"activeRoutes":0,"hottestPaths":[],"topSenders":[],"topRecipients":[]}`, []string{"X-Request-Id", ""}, "X-Request-Id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, "http://example.test"+tt.path, nil)
			resp, body := answer(tt.status, tt.body, tt.kv...)
			if len(tt.kv) == 2 && tt.kv[1] == "" {
				resp.Header.Del(tt.kv[0])
			}
			err := validation.Validate(context.Background(), req, resp, body)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("valid answer refused: %v", err)
			case tt.wantErr == "undeclared" && !errors.Is(err, validation.ErrUndeclared):
				t.Fatalf("got %v, want ErrUndeclared", err)
			case tt.wantErr != "" && tt.wantErr != "undeclared" && (err == nil || errors.Is(err, validation.ErrUndeclared) || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("got %v, want a mismatch naming %s", err, tt.wantErr)
			}
		})
	}
}

func ExampleValidate() {
	// An answer of the server: here, the document itself.
	req := httptest.NewRequest("GET", "/v1/orchestration/openapi.json", nil)
	rec := httptest.NewRecorder()
	rec.Header().Set("X-Request-Id", "req-1") // the server's front adds it
	openapi.Handler().ServeHTTP(rec, req)
	resp := rec.Result()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(validation.Validate(context.Background(), req, resp, body))

	// A status the document does not list for that route.
	resp.StatusCode = http.StatusTeapot
	err := validation.Validate(context.Background(), req, resp, body)
	fmt.Println(errors.Is(err, validation.ErrUndeclared))
	// Output:
	// <nil>
	// true
}
