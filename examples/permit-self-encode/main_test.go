package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
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
