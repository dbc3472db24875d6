package litesvm_test

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// Extensions of the Solana facts (§1).
var (
	wM = svm.Extension{
		Program:      solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"),
		Mint:         solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"),
		TokenProgram: svm.Token2022Program,
	}
	usdk = svm.Extension{
		Program:      solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"),
		Mint:         usdkMint.Address,
		TokenProgram: svm.Token2022Program,
	}
)

// idlInstruction is one instruction of the ext_swap IDL file, read
// without the svm package's parser.
type idlInstruction struct {
	Name          string `json:"name"`
	Discriminator []byte `json:"discriminator"`
	Accounts      []struct {
		Name     string `json:"name"`
		Writable bool   `json:"writable"`
		Signer   bool   `json:"signer"`
		Optional bool   `json:"optional"`
	} `json:"accounts"`
}

func extSwapIDL(t *testing.T) map[string]idlInstruction {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "svm", "idl", "ext_swap.json"))
	if err != nil {
		t.Fatal(err)
	}
	var idl struct {
		Instructions []struct {
			idlInstruction
			Discriminator []int `json:"discriminator"`
		} `json:"instructions"`
	}
	if err := json.Unmarshal(b, &idl); err != nil {
		t.Fatal(err)
	}
	out := map[string]idlInstruction{}
	for _, ix := range idl.Instructions {
		in := ix.idlInstruction
		for _, d := range ix.Discriminator {
			in.Discriminator = append(in.Discriminator, byte(d))
		}
		out[in.Name] = in
	}
	return out
}

// checkAgainstIDL checks an instruction LiteSVM cannot run (ext_swap is
// absent there: its binary is not in this repository) against the IDL as
// the payload carries it: discriminator, account count, and each account
// at least as signing and writable as the IDL asks (a message merges the
// flags of all its instructions). svm's TestExtSwapAgainstIDL checks the
// builder's accounts one by one; this checks they survive the payload.
func checkAgainstIDL(t *testing.T, ix *solana.GenericInstruction, want idlInstruction) {
	t.Helper()
	data, _ := ix.Data()
	if len(data) < 8 || !slices.Equal(data[:8], want.Discriminator) {
		t.Errorf("%s: data %x does not start with the IDL's discriminator %x", want.Name, data, want.Discriminator)
	}
	metas := ix.Accounts()
	if len(metas) != len(want.Accounts) {
		t.Fatalf("%s: %d accounts, the IDL has %d", want.Name, len(metas), len(want.Accounts))
	}
	for i, a := range want.Accounts {
		m := metas[i]
		if a.Optional && m.PublicKey.Equals(ix.ProgramID()) {
			continue // Anchor's None
		}
		if a.Signer && !m.IsSigner || a.Writable && !m.IsWritable {
			t.Errorf("%s: account %d (%s) signer %v writable %v, the IDL asks %v %v", want.Name, i, a.Name, m.IsSigner, m.IsWritable, a.Signer, a.Writable)
		}
	}
}

// A payload as the Solana swap facility returns it for wM → USDK (compute
// budget, the funder's USDK account created idempotently, ext_swap.swap;
// legacy, or v0 through a lookup table): its non-M0 part runs in LiteSVM
// (the account is created, within the payload's compute unit limit) and
// its ext_swap instruction matches the IDL. Run whole, it fails in
// LiteSVM for want of the ext_swap program, which is why it is split.
func TestReturnedPayloadRunsItsNonM0Part(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	ext, err := svm.NewExtSwap(svm.ExtSwapConfig{})
	if err != nil {
		t.Fatal(err)
	}
	swap, err := ext.Swap(svm.SwapParams{Owner: funder, From: wM, To: usdk, Amount: 5_000_000})
	if err != nil {
		t.Fatal(err)
	}
	ata := svm.AssociatedTokenAddress(funder, usdk.Mint, usdk.TokenProgram)
	ixs := []solana.Instruction{svm.CreateIdempotentATA(funder, funder, usdk.Mint, usdk.TokenProgram), swap}
	table := &svm.LookupTable{
		Address: solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD"),
		Addresses: solana.PublicKeySlice{svm.MMint, wM.Mint, usdk.Mint, ext.SwapGlobal(), ext.SwapMAccount(),
			svm.Global(wM.Program), svm.Global(usdk.Program), svm.SystemProgram, svm.Token2022Program},
	}
	const limit = 300_000
	for _, tc := range []struct {
		name  string
		table *svm.LookupTable
	}{{"legacy", nil}, {"v0", table}} {
		t.Run(tc.name, func(t *testing.T) {
			tx := payload(t, ixs, svm.TxConfig{ComputeUnitLimit: limit, ComputeUnitPrice: 50_000, LookupTable: tc.table})
			runnable, m0, err := litesvm.Runnable(tx, tc.table)
			if err != nil {
				t.Fatal(err)
			}
			if len(m0) != 1 || !m0[0].ProgramID().Equals(ext.ProgramID()) {
				t.Fatalf("left out %d instructions, want the ext_swap one", len(m0))
			}
			checkAgainstIDL(t, m0[0], extSwapIDL(t)["swap"])

			// The runnable part is the payload's prefix, in order.
			decoded, err := svm.Decode(runnable)
			if err != nil {
				t.Fatal(err)
			}
			kept, err := svm.Instructions(decoded, tc.table)
			if err != nil {
				t.Fatal(err)
			}
			var programs []solana.PublicKey
			for _, ix := range kept {
				programs = append(programs, ix.ProgramID())
			}
			wantPrograms := []solana.PublicKey{svm.ComputeBudgetProgram, svm.ComputeBudgetProgram, svm.AssociatedTokenProgram}
			if !slices.Equal(programs, wantPrograms) {
				t.Fatalf("runnable programs %v, want %v", programs, wantPrograms)
			}

			accounts := world(t, usdkMint)
			if tc.table != nil {
				accounts = append(accounts, litesvm.LookupTable(table.Address, table.Addresses))
			}
			res := run(t, h, litesvm.Request{Accounts: accounts, Transactions: []string{runnable, tx}, Watch: []solana.PublicKey{ata}})
			if r := res.Transactions[0]; !r.OK() || r.ComputeUnits > limit {
				t.Fatalf("the runnable part: %q, %d units of %d\n%s", r.Err, r.ComputeUnits, limit, strings.Join(r.Logs, "\n"))
			}
			if got := tokenAccount(t, res, ata); got.Owner != funder || got.Mint != usdk.Mint || got.TokenProgram != usdk.TokenProgram {
				t.Errorf("created %+v", got)
			}
			// Whole, it fails before running anything: ext_swap is no
			// executable account in LiteSVM.
			if r := res.Transactions[1]; r.Err != "InvalidProgramForExecution" {
				t.Errorf("the whole payload: %q, want InvalidProgramForExecution (if LiteSVM has ext_swap now, run it whole)", r.Err)
			}
		})
	}
}

// The payload the Solana runtime returns as a route's first step (svmruntime
// Steps: the recipient's missing token account, created idempotently,
// paid by the funder, at the blockhash read from the cluster) executes:
// the account exists afterwards with the recipient as owner, and the step
// run twice succeeds twice.
func TestStepsPayloadExecutes(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	node := svmtest.NewRPC()
	t.Cleanup(node.Close)
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	cat := asset.Default()
	rt, err := svmruntime.New(svmruntime.Config{Catalog: cat, Reader: client})
	if err != nil {
		t.Fatal(err)
	}
	resolve := func(mint solana.PublicKey) asset.AssetInfo {
		a, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: mint.String()})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	leg := quote.LegRequest{Edge: &quote.Edge{From: resolve(svm.MMint), To: resolve(wM.Mint)}, AmountIn: big.NewInt(1_000_000),
		Funder: orchestration.SVMAddress(funder), Recipient: orchestration.SVMAddress(recipient)}
	s, err := rt.ReadState(context.Background(), orchestration.Solana, rt.Reads(leg), nil)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := rt.Steps(leg, s, new(quote.Ledger))
	if err != nil || len(steps) != 1 || steps[0].Data.SVM == nil {
		t.Fatalf("Steps = %v, %v; want one SVM payload", steps, err)
	}
	tx := steps[0].Data.SVM.Transaction
	if runnable, m0, err := litesvm.Runnable(tx, nil); err != nil || len(m0) != 0 || runnable != tx {
		t.Fatalf("the step is not wholly runnable (%d M0 instructions, %v)", len(m0), err)
	}

	ata := svm.AssociatedTokenAddress(recipient, wM.Mint, wM.TokenProgram)
	wMMint := litesvm.Mint{Address: wM.Mint, TokenProgram: wM.TokenProgram, Decimals: 6, Supply: 1e12}
	res := run(t, h, litesvm.Request{Accounts: world(t, wMMint), Transactions: []string{tx, tx}, Watch: []solana.PublicKey{ata, funder}})
	for i, r := range res.Transactions {
		if !r.OK() {
			t.Fatalf("run %d: %s\n%s", i+1, r.Err, strings.Join(r.Logs, "\n"))
		}
	}
	if got := tokenAccount(t, res, ata); got.Owner != recipient || got.Mint != wM.Mint || got.TokenProgram != wM.TokenProgram || got.Amount != 0 {
		t.Errorf("created %+v", got)
	}
	// The funder paid: fees and the new account's rent.
	if paid := funderLamports - res.Accounts[funder].Lamports; paid <= 10_000 {
		t.Errorf("the funder paid %d lamports; want two fees and the account's rent", paid)
	}
}
