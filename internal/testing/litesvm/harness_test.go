package litesvm_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/svm"
)

// Without node or the installed modules New says the harness is
// unavailable, which is what ForTest skips on.
func TestNewUnavailable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  litesvm.Config
	}{
		{"no modules", litesvm.Config{Dir: t.TempDir()}},
		{"no node", litesvm.Config{Dir: t.TempDir(), Node: "/nonexistent/node"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := litesvm.New(tc.cfg); !errors.Is(err, litesvm.ErrUnavailable) {
				t.Errorf("New = %v, want ErrUnavailable", err)
			}
		})
	}
}

// A transaction the runner cannot decode is an error of Run (with the
// runner's message), not a failed transaction.
func TestRunRejectsAnUndecodableTransaction(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	_, err := h.Run(t.Context(), litesvm.Request{Transactions: []string{"AAAA"}})
	if err == nil || !strings.Contains(err.Error(), "litesvm runner") {
		t.Errorf("Run = %v, want the runner's error", err)
	}
}

// The accounts built here decode with svm's readers, which read the real
// layouts (their offsets are the SPL programs'); that LiteSVM's programs
// accept them is shown by the execution tests.
func TestAccountLayouts(t *testing.T) {
	t.Parallel()
	for _, m := range []litesvm.Mint{usdc, usdkMint, mToken} {
		a, err := m.Account()
		if err != nil {
			t.Fatal(err)
		}
		if d, err := svm.MintDecimals(a.Data); err != nil || d != m.Decimals || !a.Owner.Equals(m.TokenProgram) {
			t.Errorf("mint %s: decimals %d (%v), owner %s", m.Address, d, err, a.Owner)
		}
		if _, err := a.Token(); err == nil {
			t.Errorf("mint %s decodes as a token account", m.Address)
		}
		ta := litesvm.TokenAccount{Address: recipient, TokenProgram: m.TokenProgram, Mint: m.Address, Owner: funder, Amount: 123_456}
		acc := ta.Account()
		if got, err := acc.Token(); err != nil || got != ta {
			t.Errorf("token account %+v decodes as %+v, %v", ta, got, err)
		}
		if amount, err := svm.TokenAmount(acc.Data); err != nil || amount != ta.Amount {
			t.Errorf("svm.TokenAmount = %d, %v; want %d", amount, err, ta.Amount)
		}
	}
	if _, err := (litesvm.Mint{Address: usdc.Address, TokenProgram: litesvm.TokenProgram, ScaledUIMultiplier: 1.5}).Account(); err == nil {
		t.Error("an SPL Token mint took the Token-2022 ScaledUiAmount extension")
	}
	if _, err := (litesvm.Mint{Address: usdc.Address, TokenProgram: solana.SystemProgramID}).Account(); err == nil {
		t.Error("a mint of the system program was built")
	}
}

// recorder is the part of testing.TB that ForTest uses, recording
// instead of stopping the test.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Skipf(format string, args ...any)  { r.skipped = fmt.Sprintf(format, args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }

// Without the harness ForTest skips, unless RequireEnv asks for it (CI,
// having installed it): then a harness that cannot run fails the test.
func TestForTestSkipsOrFails(t *testing.T) {
	t.Setenv(litesvm.DirEnv, t.TempDir())
	for _, tc := range []struct {
		require  string
		wantFail bool
	}{{"", false}, {"1", true}} {
		t.Setenv(litesvm.RequireEnv, tc.require)
		r := &recorder{}
		litesvm.ForTest(r)
		if failed := r.failed != ""; failed != tc.wantFail || failed == (r.skipped != "") {
			t.Errorf("%s=%q: skipped %q, failed %q", litesvm.RequireEnv, tc.require, r.skipped, r.failed)
		}
	}
}
