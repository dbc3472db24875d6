package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// validated is s served through a server of t's own that checks every
// answer against this service's OpenAPI document and the hosted one.
func (s *devnetServer) validated(t *testing.T) *devnetServer {
	t.Helper()
	srv := httptest.NewServer(openapitest.Handler(t, s.app.Handler()))
	t.Cleanup(srv.Close)
	e := *s.env
	e.url, e.t = srv.URL, t
	return &devnetServer{env: &e, app: s.app}
}

// permitQuote posts a permit quote request over HTTP.
func (s *devnetServer) permitQuote(t *testing.T, req orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, answer) {
	t.Helper()
	body, _ := json.Marshal(req)
	got := s.do(call{method: "POST", path: base + "/permit/quote", key: devSecret, body: string(body)})
	if got.status != 200 {
		return nil, got
	}
	var resp orchestration.PermitQuoteResponse
	if err := json.Unmarshal(got.body, &resp); err != nil {
		t.Fatalf("decode permit quotes: %v: %s", err, got.body)
	}
	return &resp, got
}

// permitBuild posts signed recipes over HTTP.
func (s *devnetServer) permitBuild(t *testing.T, signed []orchestration.SignedRecipe) (*orchestration.PermitBuildResponse, answer) {
	t.Helper()
	body, _ := json.Marshal(orchestration.PermitBuildRequest{SignedRecipes: signed})
	got := s.do(call{method: "POST", path: base + "/permit/build", key: devSecret, body: string(body)})
	if got.status != 200 {
		return nil, got
	}
	var resp orchestration.PermitBuildResponse
	if err := json.Unmarshal(got.body, &resp); err != nil {
		t.Fatalf("decode built payloads: %v: %s", err, got.body)
	}
	return &resp, got
}

// sign signs every recipe of q with acct's key, as a wallet does, after
// checking it against what was asked.
func sign(t *testing.T, acct devnet.Account, q orchestration.PermitQuote) []orchestration.SignedRecipe {
	t.Helper()
	var out []orchestration.SignedRecipe
	for _, r := range q.Recipes {
		sig, err := permit.Sign(context.Background(), r, permit.KeyTypedDataSigner(acct.Key))
		if err != nil {
			t.Fatalf("sign: %v", err)
		}
		out = append(out, orchestration.SignedRecipe{Recipe: r, Signature: hexutil.Encode(sig)})
	}
	return out
}

// The permit flow end to end over HTTP, for each operation: quote, check
// the recipe, sign it, build, execute the one transaction (no approve
// anywhere), and see the balances move as quoted; the server-built calldata
// is byte for byte what permit.Encode makes of the same recipe and
// signature, and every answer matches both OpenAPI documents.
func TestPermitFlowExecutesOnDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	bob, _ := devnet.AccountByName("bob")
	for _, tc := range []struct {
		name      string
		from, to  orchestration.AssetAddress
		amount    string
		operation string
		exact     bool
	}{
		{"extension swap (swap)", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.Sepolia, "mUSD"), "2000000", orchestration.OperationSwap, true},
		{"AMM swap (ammSwap)", s.ref(t, orchestration.Sepolia, "USDC"), s.ref(t, orchestration.Sepolia, "wM"), "3000000", orchestration.OperationAMMSwap, false},
		// openOrderWithPermit; the devnet's solver fills it on BaseSepolia.
		{"cross-chain limit order (limitOrder)", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "USDC"), "2500000", orchestration.OperationLimitOrder, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
				Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: tc.amount,
				Sender: carol.Address.Hex(), Recipient: bob.Address.Hex(),
			}})
			if resp == nil {
				t.Fatalf("permit quote: %d %s", got.status, got.body)
			}
			q := resp.Quotes[0]
			if len(q.Recipes) != 1 || q.Recipes[0].Operation.Type() != tc.operation {
				t.Fatalf("recipes %+v, want one %s recipe", q.Recipes, tc.operation)
			}
			r := q.Recipes[0]
			if tc.operation == orchestration.OperationAMMSwap && (r.TypedData.Domain.Name != "USD Coin" || r.TypedData.Domain.Version != "2") {
				// USDC has no eip712Domain(): its domain comes from name()
				// and version(), as FiatToken v2.2's does.
				t.Errorf("USDC's domain %+v, want name \"USD Coin\" and version \"2\"", r.TypedData.Domain)
			}
			amount, _ := new(big.Int).SetString(tc.amount, 10)
			minOut, _ := new(big.Int).SetString(q.MinAmountOut, 10)
			dest, _ := s.app.Catalog().Chain(tc.to.Chain)
			if err := permit.Verify(r, permit.Expect{
				Token: common.HexToAddress(tc.from.Address), ChainID: r.ChainID, Owner: carol.Address,
				Amount: amount, Recipient: bob.Address.Hex(), TokenOut: tc.to.Address, MinAmountOut: minOut,
				DestChainID: dest.ChainID, OrderSender: carol.Address, Solver: permit.OpenFill, // the devnet solver's offers are open
				Catalog: s.app.Catalog(), Now: time.Unix(q.ExpiresAt-1, 0),
			}); err != nil {
				t.Fatalf("the recipe is not what was asked: %v", err)
			}
			// The typed data's hash is the one the token checks: its
			// DOMAIN_SEPARATOR() and carol's nonce on chain.
			tok := s.token(t, tc.from)
			sep, err := tok.DOMAINSEPARATOR(nil)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := permit.DomainSeparator(r.TypedData.Domain); want != sep {
				t.Fatalf("the recipe's domain hashes to %x, the token's DOMAIN_SEPARATOR() is %x", want, sep)
			}
			nonce, _ := tok.Nonces(nil, carol.Address)
			if r.TypedData.Message.Nonce != nonce.String() {
				t.Fatalf("nonce %s, the token's next is %s", r.TypedData.Message.Nonce, nonce)
			}

			signed := sign(t, carol, q)
			built, got := s.permitBuild(t, signed)
			if built == nil {
				t.Fatalf("permit build: %d %s", got.status, got.body)
			}
			sig, _ := hexutil.Decode(signed[0].Signature)
			self, err := permit.Encode(r, sig)
			if err != nil {
				t.Fatal(err)
			}
			if len(built.Payloads) != 1 || built.Payloads[0].Data.EVM.Data != self.Data.EVM.Data || built.Payloads[0].Data.EVM.To != r.Spender {
				t.Fatalf("built %+v, want exactly the self-encoded call to %s %+v", built.Payloads, r.Spender, self.Data.EVM)
			}
			allowance := s.allowance(t, tc.from, carol.Address, common.HexToAddress(r.Spender))
			spent := s.balance(t, tc.from, carol.Address)
			received, receipts := s.executeReceipts(t, carol, orchestration.Quote{Route: q.Route, Recipient: q.Recipient, MinAmountOut: q.MinAmountOut, Payloads: built.Payloads})
			// The built call carries the gas table's estimate, which its
			// receipt does not exceed.
			if gas, err := strconv.ParseUint(built.Payloads[0].Data.EVM.Gas, 10, 64); err != nil || len(receipts) != 1 || receipts[0].GasUsed > gas {
				t.Errorf("built payload's gas %q (%v); receipt used %d", built.Payloads[0].Data.EVM.Gas, err, receipts[0].GasUsed)
			}
			spent.Sub(spent, s.balance(t, tc.from, carol.Address))
			if spent.Cmp(amount) != 0 {
				t.Errorf("carol spent %s, want amountIn %s", spent, amount)
			}
			if tc.exact && received.String() != q.AmountOut {
				t.Errorf("bob received %s, want exactly %s", received, q.AmountOut)
			}
			if allowance.Sign() != 0 {
				t.Errorf("carol had allowance %s before: the test must start from none", allowance)
			}
			// A second quote carries the next nonce: the permit was used.
			again, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
				Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: tc.amount, Sender: carol.Address.Hex()}})
			if again == nil {
				t.Fatalf("second permit quote: %d %s", got.status, got.body)
			}
			if n := again.Quotes[0].Recipes[0].TypedData.Message.Nonce; n != new(big.Int).Add(nonce, big.NewInt(1)).String() {
				t.Errorf("the next quote's nonce is %s, want %s", n, new(big.Int).Add(nonce, big.NewInt(1)))
			}
		})
	}
}

// Every way a signed recipe can be wrong, each with its code.
func TestPermitBuildRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the devnet")
	}
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	bob, _ := devnet.AccountByName("bob")
	stranger, _ := crypto.GenerateKey()
	resp, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "USDC"), Destination: s.ref(t, orchestration.Sepolia, "wM")},
		AmountIn: "1000000", Sender: carol.Address.Hex(),
	}})
	if resp == nil {
		t.Fatalf("permit quote: %d %s", got.status, got.body)
	}
	q := resp.Quotes[0]
	good := sign(t, carol, q)[0]
	resign := func(r orchestration.PermitRecipe) orchestration.SignedRecipe {
		return sign(t, carol, orchestration.PermitQuote{Recipes: []orchestration.PermitRecipe{r}})[0]
	}
	edit := func(f func(r *orchestration.PermitRecipe)) orchestration.SignedRecipe {
		sr := good
		r := sr.Recipe
		op := *r.Operation.AMMSwap
		r.Operation.AMMSwap = &op
		f(&r)
		return resign(r)
	}
	highS := func() string {
		sig, _ := hexutil.Decode(good.Signature)
		n := crypto.S256().Params().N
		s := new(big.Int).Sub(n, new(big.Int).SetBytes(sig[32:64]))
		copy(sig[32:64], common.LeftPadBytes(s.Bytes(), 32))
		sig[64] = 55 - sig[64] // 27 <-> 28: the same signer
		return hexutil.Encode(sig)
	}()
	otherDomain := func() string {
		r := good.Recipe
		r.TypedData.Domain.Name = "Another Coin"
		return resign(r).Signature // signed over a domain the recipe does not hold
	}()
	byStranger := func() string {
		sig, err := permit.Sign(context.Background(), good.Recipe, permit.KeyTypedDataSigner(stranger))
		if err == nil {
			return hexutil.Encode(sig)
		}
		// Sign refuses a signer that is not the owner; sign the digest.
		d, _ := permit.Digest(good.Recipe)
		sig, _ = crypto.Sign(d[:], stranger)
		sig[64] += 27
		return hexutil.Encode(sig)
	}()
	past := func() orchestration.SignedRecipe {
		return edit(func(r *orchestration.PermitRecipe) {
			r.TypedData.Message.Deadline, r.Operation.AMMSwap.Deadline = "1000", "1000"
		})
	}()
	for _, tc := range []struct {
		name   string
		signed orchestration.SignedRecipe
		status int
		code   orchestration.Code
		inMsg  string
	}{
		{"tampered spender", edit(func(r *orchestration.PermitRecipe) {
			r.Spender, r.TypedData.Message.Spender = bob.Address.Hex(), bob.Address.Hex()
		}), 400, orchestration.BadPermitRequest, "recipe.spender"},
		{"tampered value", edit(func(r *orchestration.PermitRecipe) { r.TypedData.Message.Value = "999999" }), 400, orchestration.BadPermitRequest, "typedData.message.value"},
		{"tampered deadline", edit(func(r *orchestration.PermitRecipe) { r.TypedData.Message.Deadline = fmt.Sprint(q.ExpiresAt + 60) }), 400, orchestration.BadPermitRequest, "deadline"},
		{"tampered domain", edit(func(r *orchestration.PermitRecipe) { r.TypedData.Domain.Version = "9" }), 400, orchestration.BadPermitRequest, "typedData.domain"},
		{"tampered function signature", edit(func(r *orchestration.PermitRecipe) {
			r.FunctionSignature = "multicall(bytes[])"
		}), 400, orchestration.BadPermitRequest, "functionSignature"},
		{"expired by the chain's clock", past, 410, orchestration.PermitExpired, "deadline"},
		{"signed by someone else", orchestration.SignedRecipe{Recipe: good.Recipe, Signature: byStranger}, 422, orchestration.InvalidPermitSignature, "owner"},
		{"signed over another domain", orchestration.SignedRecipe{Recipe: good.Recipe, Signature: otherDomain}, 422, orchestration.InvalidPermitSignature, "owner"},
		{"64 bytes", orchestration.SignedRecipe{Recipe: good.Recipe, Signature: good.Signature[:len(good.Signature)-2]}, 422, orchestration.InvalidPermitSignature, "65 bytes"},
		{"high s", orchestration.SignedRecipe{Recipe: good.Recipe, Signature: highS}, 422, orchestration.InvalidPermitSignature, "lower half"},
		{"not hex", orchestration.SignedRecipe{Recipe: good.Recipe, Signature: "0xzz"}, 422, orchestration.InvalidPermitSignature, "not hex"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got := s.permitBuild(t, []orchestration.SignedRecipe{tc.signed})
			if msg := s.wantError(tc.name, got, tc.status, tc.code); !strings.Contains(msg, tc.inMsg) {
				t.Errorf("message %q does not name %q", msg, tc.inMsg)
			}
		})
	}
	// And the untampered recipe builds.
	if built, got := s.permitBuild(t, []orchestration.SignedRecipe{good}); built == nil {
		t.Fatalf("the good recipe: %d %s", got.status, got.body)
	}

	// A limit order's fill deadline changed (to one past, so the order
	// would revert) is no longer a recipe this service issued: 400 naming
	// it, before the chain's clock is read.
	orders, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.BaseSepolia, "USDC")},
		AmountIn: "1000000", Sender: carol.Address.Hex(),
	}})
	if orders == nil {
		t.Fatalf("permit quote of an order: %d %s", got.status, got.body)
	}
	stale := orders.Quotes[0].Recipes[0]
	op := *stale.Operation.LimitOrder
	op.FillDeadline = 1000
	stale.Operation.LimitOrder = &op
	_, got = s.permitBuild(t, []orchestration.SignedRecipe{resign(stale)})
	if msg := s.wantError("an order past its fill deadline", got, 400, orchestration.BadPermitRequest); !strings.Contains(msg, "recipe.operation.fillDeadline") {
		t.Errorf("message %q does not name the fill deadline", msg)
	}
}

// Permit quotes that cannot be: a Solana end (400), USDT without a permit
// (404), and wMv1, whose DOMAIN_SEPARATOR() is bound to its implementation
// behind a proxy (404, never typed data its permit rejects).
func TestPermitQuoteRefuses(t *testing.T) {
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	for _, tc := range []struct {
		name   string
		req    orchestration.PermitQuoteRequest
		status int
		code   orchestration.Code
		inMsg  string
	}{
		{"USDT has no permit", orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "USDT"), Destination: s.ref(t, orchestration.Sepolia, "wM")},
			AmountIn: "1000000", Sender: carol.Address.Hex()}}, 404, orchestration.PermitNotSupported, "USDT on Sepolia has no EIP-2612 permit"},
		{"a separator bound to the implementation", orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wMv1"), Destination: s.ref(t, orchestration.Sepolia, "wM")},
			AmountIn: "1000000", Sender: carol.Address.Hex()}}, 404, orchestration.PermitNotSupported, "DOMAIN_SEPARATOR() is not the hash"},
		{"a bad amount", orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.Sepolia, "mUSD")},
			AmountIn: "1e6", Sender: carol.Address.Hex()}}, 400, orchestration.BadPermitRequest, "amountIn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, got := s.permitQuote(t, tc.req)
			if msg := s.wantError(tc.name, got, tc.status, tc.code); !strings.Contains(msg, tc.inMsg) {
				t.Errorf("message %q does not contain %q", msg, tc.inMsg)
			}
		})
	}
}

// token is ref's ERC-20 with permit (every permit token of the devnet has
// MToken's permit views).
func (s *devnetServer) token(t *testing.T, ref orchestration.AssetAddress) *bindings.MToken {
	t.Helper()
	c, _ := s.app.Devnet().Chain(ref.Chain)
	tok, err := bindings.NewMToken(common.HexToAddress(ref.Address), c.Client())
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (s *devnetServer) allowance(t *testing.T, ref orchestration.AssetAddress, owner, spender common.Address) *big.Int {
	t.Helper()
	a, err := s.token(t, ref).Allowance(nil, owner, spender)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
