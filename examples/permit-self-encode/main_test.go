package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/service/devnet"
)

// checkOutput asserts that the flow ran to the end: verified, described,
// byte-identical to the server's build, sent without an approve, and the
// recipient paid.
func checkOutput(t *testing.T, got string) {
	t.Helper()
	t.Log("\n" + got)
	for _, want := range []string{
		"verified: a permit of 2 wM on Sepolia",
		"you sign: swap 2 wM for 2 mUSD to 0x1bF…35f8 via the M0 SwapFacility on Sepolia",
		"self-encoded calldata matches the server's",
		"no approve: wM allowance for ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	m := regexp.MustCompile(`recipient 0x[0-9a-fA-F]{40}: Sepolia mUSD balance \+\S+ \((\d+)\)`).FindStringSubmatch(got)
	if m == nil {
		t.Fatal("output lacks the recipient's balance change")
	}
	if d, _ := new(big.Int).SetString(m[1], 10); d == nil || d.Sign() <= 0 {
		t.Errorf("bob's balance change = %s, want > 0", m[1])
	}
}

// The in-process flow runs end to end: permit quote, verify, describe,
// sign, self-encode (byte-identical to /permit/build), send the one
// transaction without an approve, and see bob paid.
func TestRunDevnet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the service on a devnet and sends a transaction")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out testio.Buffer
	if err := run(ctx, nil, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	checkOutput(t, out.String())
}

// The remote flow: the permit quote and build over HTTP through the Go
// client, the transaction over JSON-RPC, tokens resolved in a catalog file.
func TestRunRemote(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the service on a devnet and sends a transaction")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const key = "permit-self-encode-test-key"
	n := devnet.New(devnet.Config{})
	svc, err := service.New(ctx, service.Config{Network: n, Logger: quietLogger(),
		Keys: service.KeysConfig{Ensure: []apikey.NewKey{{Name: "test", Secret: key}}}})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	srv := httptest.NewServer(svc.Handler())
	defer srv.Close()

	catalog := filepath.Join(t.TempDir(), "devnet.json")
	b, err := json.Marshal(map[string]any{"catalog": n.Devnet().CatalogConfig()})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(catalog, b, 0o600); err != nil {
		t.Fatal(err)
	}
	sepolia, _ := n.Devnet().Chain(orchestration.Sepolia)
	carol, _ := evmdevnet.AccountByName("carol")
	bob, _ := evmdevnet.AccountByName("bob")

	var out testio.Buffer
	err = run(ctx, []string{"-server", srv.URL + "/v1/orchestration", "-api-key", key,
		"-key", carol.KeyHex(), "-rpc", "Sepolia=" + sepolia.RPCURL(), "-catalog", catalog,
		"-recipient", bob.Address.Hex()}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	checkOutput(t, out.String())
}

func TestRunFlags(t *testing.T) {
	ctx := context.Background()
	var out testio.Buffer
	for _, args := range [][]string{
		{"-key", "0x01"}, // remote flags without -server
		{"extra"},        // a stray argument
		{"-server", "http://127.0.0.1:1/v1/orchestration", "-key", "zz"}, // a bad key
	} {
		if err := run(ctx, args, &out); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
}

func quietLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// attacker is a contract no catalog names.
const attacker = "0x000000000000000000000000000000000000dEaD"

// sepoliaSwap is a recipe of the built-in catalog's Sepolia SwapFacility:
// 2 wM for mUSD, by owner to owner, as a permit quote returns it.
func sepoliaSwap(owner common.Address) orchestration.PermitRecipe {
	const facility, wM, mUSD = "0xB6807116b3B1B321a390594e31ECD6e0076f6278", "0x437cc33344a0B27A429f795ff6B469C72698B291", "0xacA92E438df0B2401fF60dA7E4337B687a2435DA"
	return orchestration.PermitRecipe{
		Provider: orchestration.ProviderMSwapFacility, Chain: orchestration.Sepolia, ChainID: 11155111, Spender: facility, Value: "0",
		TypedData: orchestration.PermitTypedData{
			Domain: orchestration.EIP712Domain{Name: "WrappedM by M^0", Version: "1", ChainID: 11155111, VerifyingContract: wM},
			Message: orchestration.PermitMessage{Owner: owner.Hex(), Spender: facility, Value: "2000000", Nonce: "0",
				Deadline: "4000000000"},
		},
		Operation: orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{Method: "swap", ExtensionIn: wM,
			ExtensionOut: mUSD, Amount: "2000000", Recipient: owner.Hex(), Deadline: "4000000000"}},
		FunctionSignature: permit.SwapWithPermitSignature,
	}
}

// The verify step refuses a recipe whose spender is not the catalog's
// contract for its operation, even when the recipe is consistent in itself
// (the permit and the call name the same spender).
func TestVerifyRefusesAnotherSpender(t *testing.T) {
	cat := asset.Default()
	key, _ := crypto.ToECDSA(crypto.Keccak256([]byte("permit-self-encode test")))
	f := flow{catalog: cat, owner: key}
	a, err := f.ask(options{from: "Sepolia:wM", to: "Sepolia:mUSD", amount: "2000000"})
	if err != nil {
		t.Fatal(err)
	}
	sepolia, _ := cat.Chain(orchestration.Sepolia)
	for _, tc := range []struct {
		name    string
		spender string // "" keeps the catalog's
	}{
		{"the catalog's SwapFacility", ""},
		{"a contract no catalog names", attacker},
		{"the catalog's router, not a swap's contract", sepolia.Contracts.SwapRouter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := sepoliaSwap(a.owner)
			if tc.spender != "" {
				r.Spender, r.TypedData.Message.Spender = tc.spender, tc.spender
			}
			if err := permit.Check(r); err != nil {
				t.Fatalf("the recipe is inconsistent, so the test would not reach the spender: %v", err)
			}
			err := verify(cat, r, a)
			var m *permit.MismatchError
			switch {
			case tc.spender == "" && err != nil:
				t.Fatalf("verify: %v", err)
			case tc.spender != "" && (!errors.As(err, &m) || m.Field != "spender" || m.Want != sepolia.Contracts.SwapFacility):
				t.Fatalf("verify = %v, want a mismatch of the spender with the SwapFacility", err)
			}
		})
	}
}

// spenderSwapped hands on the service's permit quotes with every recipe's
// spender replaced, permit and call alike: what a relay redirecting the
// allowance would send.
type spenderSwapped struct {
	orchestration.PermitBuilder
	spender string
}

func (s spenderSwapped) PermitQuote(ctx context.Context, req orchestration.PermitQuoteRequest) (*orchestration.PermitQuoteResponse, error) {
	resp, err := s.PermitBuilder.PermitQuote(ctx, req)
	if err != nil {
		return nil, err
	}
	for i := range resp.Quotes {
		for j := range resp.Quotes[i].Recipes {
			r := &resp.Quotes[i].Recipes[j]
			r.Spender, r.TypedData.Message.Spender = s.spender, s.spender
		}
	}
	return resp, nil
}

// The flow stops at its verify step, before anything is signed, when the
// quote's spender is not the catalog's.
func TestRunRefusesAnotherSpender(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the service on a devnet")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out testio.Buffer
	f, o, stop, err := devnetFlow(ctx, options{from: "Sepolia:wM", to: "Sepolia:mUSD", amount: "2000000"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	f.permits = spenderSwapped{PermitBuilder: f.permits, spender: attacker}
	err = f.run(ctx, o)
	var m *permit.MismatchError
	if !errors.As(err, &m) || m.Field != "spender" || m.Got != attacker {
		t.Fatalf("run = %v, want the verify step's mismatch of the spender\n%s", err, out.String())
	}
	if strings.Contains(out.String(), "you sign:") || strings.Contains(out.String(), "signature ") {
		t.Errorf("the flow went on to sign:\n%s", out.String())
	}
}
