package litesvm_test

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/gagliardetto/solana-go/programs/system"

	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

var (
	funder    = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	recipient = solana.MustPublicKeyFromBase58("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T")
	blockhash = solana.MustHashFromBase58("4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn")

	// usdc is an SPL Token mint; mToken and usdkMint are Token-2022 as
	// M0's are (the facts file, §1), M with its ScaledUiAmount extension.
	usdc     = litesvm.Mint{Address: solana.MustPublicKeyFromBase58("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"), TokenProgram: litesvm.TokenProgram, Decimals: 6, Supply: 1e12}
	mToken   = litesvm.Mint{Address: svm.MMint, TokenProgram: litesvm.Token2022Program, Decimals: 6, Supply: 1e12, ScaledUIMultiplier: 1.0412}
	usdkMint = litesvm.Mint{Address: solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"), TokenProgram: litesvm.Token2022Program, Decimals: 6, Supply: 1e12}
)

const funderLamports = 10 * solana.LAMPORTS_PER_SOL

// payload builds ixs as the quote's payloads are built (svm.Build, then
// svm.Payload) and returns the SvmPayload's transaction.
func payload(t *testing.T, ixs []solana.Instruction, cfg svm.TxConfig) string {
	t.Helper()
	if cfg.FeePayer.IsZero() {
		cfg.FeePayer = funder
	}
	if cfg.RecentBlockhash.IsZero() {
		cfg.RecentBlockhash = blockhash
	}
	tx, err := svm.Build(ixs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	p, err := svm.Payload(orchestration.Solana, tx)
	if err != nil {
		t.Fatal(err)
	}
	return p.Transaction
}

// world is the funder's wallet and the mints, in their real layouts.
func world(t *testing.T, mints ...litesvm.Mint) []litesvm.Account {
	t.Helper()
	accounts := []litesvm.Account{litesvm.Wallet(funder, funderLamports)}
	for _, m := range mints {
		a, err := m.Account()
		if err != nil {
			t.Fatal(err)
		}
		accounts = append(accounts, a)
	}
	return accounts
}

func run(t *testing.T, h *litesvm.Harness, req litesvm.Request) *litesvm.Result {
	t.Helper()
	return runAll(t, h, req)[0]
}

// runAll runs reqs in one node process (each in a fresh LiteSVM): a
// process start is most of a run's time.
func runAll(t *testing.T, h *litesvm.Harness, reqs ...litesvm.Request) []*litesvm.Result {
	t.Helper()
	res, err := h.RunAll(t.Context(), reqs...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// tokenAccount is the post-state of a watched token account, failing t
// when it is missing or no token account.
func tokenAccount(t *testing.T, res *litesvm.Result, key solana.PublicKey) litesvm.TokenAccount {
	t.Helper()
	a := res.Accounts[key]
	if a == nil {
		t.Fatalf("token account %s does not exist", key)
	}
	ta, err := a.Token()
	if err != nil {
		t.Fatal(err)
	}
	return ta
}

func transferChecked(tokenProgram, from, mint, to, authority solana.PublicKey, amount uint64, decimals uint8) solana.Instruction {
	data := binary.LittleEndian.AppendUint64([]byte{12}, amount)
	return solana.NewInstruction(tokenProgram, solana.AccountMetaSlice{
		solana.Meta(from).WRITE(), solana.Meta(mint), solana.Meta(to).WRITE(), solana.Meta(authority).SIGNER(),
	}, append(data, decimals))
}

// The recipient's associated token account, created by svm's
// CreateIdempotentATA under the mint's token program, exists afterwards at
// the address svm derives (the real ATA program checks the seeds), with the
// right owner and mint; a second run of the same payload succeeds
// (idempotent) and leaves it as it was.
func TestCreateIdempotentATAExecutes(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	mints := []litesvm.Mint{usdc, usdkMint, mToken}
	reqs := make([]litesvm.Request, len(mints))
	for i, m := range mints {
		tx := payload(t, []solana.Instruction{svm.CreateIdempotentATA(funder, recipient, m.Address, m.TokenProgram)},
			svm.TxConfig{ComputeUnitLimit: 100_000, ComputeUnitPrice: 10_000})
		reqs[i] = litesvm.Request{Accounts: world(t, m), Transactions: []string{tx, tx},
			Watch: []solana.PublicKey{svm.AssociatedTokenAddress(recipient, m.Address, m.TokenProgram)}}
	}
	results := runAll(t, h, reqs...)
	for i, m := range mints {
		t.Run(m.Address.String()[:6], func(t *testing.T) {
			ata, res := reqs[i].Watch[0], results[i]
			for i, r := range res.Transactions {
				if !r.OK() {
					t.Fatalf("run %d failed: %s\n%s", i+1, r.Err, strings.Join(r.Logs, "\n"))
				}
			}
			got := tokenAccount(t, res, ata)
			want := litesvm.TokenAccount{Address: ata, TokenProgram: m.TokenProgram, Mint: m.Address, Owner: recipient}
			if got != want {
				t.Errorf("created %+v, want %+v", got, want)
			}
			// The layout the harness preloads token accounts in is the
			// program's own, byte for byte.
			if built := want.Account().Data; !slices.Equal(res.Accounts[ata].Data, built) {
				t.Errorf("the program made\n%x\nTokenAccount.Account builds\n%x", res.Accounts[ata].Data, built)
			}
		})
	}
}

// An associated token account asked of the wrong token program (SPL Token
// for a Token-2022 mint) fails on chain: the harness catches what the
// golden tests cannot.
func TestCreateATAUnderTheWrongTokenProgramFails(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	ata := svm.AssociatedTokenAddress(recipient, usdkMint.Address, litesvm.TokenProgram)
	tx := payload(t, []solana.Instruction{svm.CreateIdempotentATA(funder, recipient, usdkMint.Address, litesvm.TokenProgram)}, svm.TxConfig{})
	res := run(t, h, litesvm.Request{Accounts: world(t, usdkMint), Transactions: []string{tx}, Watch: []solana.PublicKey{ata}})
	if r := res.Transactions[0]; r.OK() || !strings.HasPrefix(r.Err, "InstructionError(0, ") {
		t.Errorf("result %q, want a failure of instruction 0", r.Err)
	}
	if res.Accounts[ata] != nil {
		t.Errorf("the account %s exists after a failed creation", ata)
	}
}

// SetComputeUnitLimit is enforced as encoded: a limit of exactly the units
// the transaction needs passes, one unit less fails.
func TestComputeUnitLimitIsEnforced(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	ix := []solana.Instruction{svm.CreateIdempotentATA(funder, recipient, mToken.Address, mToken.TokenProgram)}
	request := func(limit uint32) litesvm.Request {
		return litesvm.Request{Accounts: world(t, mToken), Transactions: []string{payload(t, ix, svm.TxConfig{ComputeUnitLimit: limit})}}
	}
	roomy := run(t, h, request(400_000)).Transactions[0]
	if !roomy.OK() || roomy.ComputeUnits == 0 {
		t.Fatalf("with 400k units: %q, %d units used", roomy.Err, roomy.ComputeUnits)
	}
	used := uint32(roomy.ComputeUnits)
	edge := runAll(t, h, request(used), request(used-1))
	if r := edge[0].Transactions[0]; !r.OK() {
		t.Errorf("with the %d units it needs: %s", used, r.Err)
	}
	// The ATA program (instruction 1, after SetComputeUnitLimit) runs out
	// of units: the runtime stops it mid-way.
	short := edge[1].Transactions[0]
	if short.Err != "InstructionError(1, ProgramFailedToComplete)" || !slices.ContainsFunc(short.Logs, func(l string) bool { return strings.Contains(l, "exceeded CUs meter") }) {
		t.Errorf("with %d units, one short: %q, logs:\n%s\nwant the ATA program out of compute units", used-1, short.Err, strings.Join(short.Logs, "\n"))
	}
}

// SetComputeUnitPrice is charged as encoded: price × limit micro-lamports
// more in fees.
func TestComputeUnitPriceIsCharged(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	ix := []solana.Instruction{svm.CreateIdempotentATA(funder, recipient, usdc.Address, usdc.TokenProgram)}
	prices := []uint64{0, 1_000_000}
	var reqs []litesvm.Request
	for _, price := range prices {
		tx := payload(t, ix, svm.TxConfig{ComputeUnitLimit: 200_000, ComputeUnitPrice: price})
		reqs = append(reqs, litesvm.Request{Accounts: world(t, usdc), Transactions: []string{tx}, Watch: []solana.PublicKey{funder}})
	}
	results := runAll(t, h, reqs...)
	for i, res := range results {
		if r := res.Transactions[0]; !r.OK() {
			t.Fatalf("price %d: %s", prices[i], r.Err)
		}
	}
	free, paid := results[0].Accounts[funder].Lamports, results[1].Accounts[funder].Lamports
	if got, want := free-paid, uint64(200_000); got != want {
		t.Errorf("a price of 1 lamport per unit over 200k units cost %d lamports more, want %d", got, want)
	}
}

// The token part of a payload: the recipient's account created, then a
// TransferChecked into it, under SPL Token and Token-2022 alike. With the
// wrong decimals the transfer fails and, the transaction being atomic,
// the account creation before it is undone.
func TestCreateThenTransferChecked(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	mints := []litesvm.Mint{usdc, mToken}
	// Per mint: the right decimals, then the wrong ones.
	var reqs []litesvm.Request
	for _, m := range mints {
		from := svm.AssociatedTokenAddress(funder, m.Address, m.TokenProgram)
		to := svm.AssociatedTokenAddress(recipient, m.Address, m.TokenProgram)
		accounts := append(world(t, m),
			litesvm.TokenAccount{Address: from, TokenProgram: m.TokenProgram, Mint: m.Address, Owner: funder, Amount: 1_000_000}.Account())
		for _, decimals := range []uint8{m.Decimals, m.Decimals + 1} {
			tx := payload(t, []solana.Instruction{
				svm.CreateIdempotentATA(funder, recipient, m.Address, m.TokenProgram),
				transferChecked(m.TokenProgram, from, m.Address, to, funder, 250_000, decimals),
			}, svm.TxConfig{ComputeUnitLimit: 200_000, ComputeUnitPrice: 1_000})
			reqs = append(reqs, litesvm.Request{Accounts: accounts, Transactions: []string{tx}, Watch: []solana.PublicKey{from, to}})
		}
	}
	results := runAll(t, h, reqs...)
	for i, m := range mints {
		t.Run(m.Address.String()[:6], func(t *testing.T) {
			from, to := reqs[2*i].Watch[0], reqs[2*i].Watch[1]
			res := results[2*i]
			if r := res.Transactions[0]; !r.OK() {
				t.Fatalf("%s\n%s", r.Err, strings.Join(r.Logs, "\n"))
			}
			if f, r := tokenAccount(t, res, from), tokenAccount(t, res, to); f.Amount != 750_000 || r.Amount != 250_000 || r.Owner != recipient {
				t.Errorf("after the transfer: funder %d, recipient %d (owner %s); want 750000 and 250000", f.Amount, r.Amount, r.Owner)
			}

			res = results[2*i+1]
			// Instruction 3: after the two compute budget instructions and
			// the account creation.
			if r := res.Transactions[0]; r.OK() || !strings.HasPrefix(r.Err, "InstructionError(3, ") {
				t.Errorf("with the wrong decimals: %q, want instruction 3 (the transfer) to fail", r.Err)
			}
			if f := tokenAccount(t, res, from); f.Amount != 1_000_000 || res.Accounts[to] != nil {
				t.Errorf("a failed transaction left the funder %d and the recipient's account %v", f.Amount, res.Accounts[to])
			}
		})
	}
}

// A v0 payload naming its accounts through a lookup table runs with the
// table loaded in its real layout, and not without it.
func TestV0WithLookupTable(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	ata := svm.AssociatedTokenAddress(recipient, usdkMint.Address, usdkMint.TokenProgram)
	table := &svm.LookupTable{
		Address:   solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD"),
		Addresses: solana.PublicKeySlice{usdkMint.Address, svm.SystemProgram, litesvm.Token2022Program, recipient, ata},
	}
	tx := payload(t, []solana.Instruction{svm.CreateIdempotentATA(funder, recipient, usdkMint.Address, usdkMint.TokenProgram)},
		svm.TxConfig{ComputeUnitLimit: 100_000, LookupTable: table})
	decoded, err := svm.Decode(tx)
	if err != nil {
		t.Fatal(err)
	}
	if l := decoded.Message.GetAddressTableLookups(); len(l) != 1 || len(l[0].ReadonlyIndexes)+len(l[0].WritableIndexes) == 0 {
		t.Fatalf("the payload looks up %+v; the test needs it to use the table", l)
	}

	withTable := append(world(t, usdkMint), litesvm.LookupTable(table.Address, table.Addresses))
	results := runAll(t, h,
		litesvm.Request{Accounts: withTable, Transactions: []string{tx}, Watch: []solana.PublicKey{ata}},
		litesvm.Request{Accounts: world(t, usdkMint), Transactions: []string{tx}, Watch: []solana.PublicKey{ata}})
	res := results[0]
	if r := res.Transactions[0]; !r.OK() {
		t.Fatalf("%s\n%s", r.Err, strings.Join(r.Logs, "\n"))
	}
	if got := tokenAccount(t, res, ata); got.Owner != recipient || got.Mint != usdkMint.Address {
		t.Errorf("created %+v", got)
	}

	res = results[1]
	if r := res.Transactions[0]; r.OK() || res.Accounts[ata] != nil {
		t.Errorf("without its lookup table the payload ran: %q", r.Err)
	}
}

// The layout the harness preloads mints in is the token programs' own: a
// mint created and initialized in LiteSVM (system CreateAccount, then
// InitializeMint2) holds the bytes Mint.Account builds.
func TestMintLayoutIsTheProgramsOwn(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	authority := recipient
	programs := []solana.PublicKey{litesvm.TokenProgram, litesvm.Token2022Program}
	var req litesvm.Request
	req.Accounts = world(t)
	for i, tp := range programs {
		mint := solana.PublicKeyFromBytes(append(make([]byte, 31), byte(i+1)))
		init := append([]byte{20, 9}, authority[:]...) // InitializeMint2, 9 decimals
		init = append(init, 0)                         // no freeze authority
		req.Transactions = append(req.Transactions, payload(t, []solana.Instruction{
			system.NewCreateAccountInstruction(10_000_000, 82, tp, funder, mint).Build(),
			solana.NewInstruction(tp, solana.AccountMetaSlice{solana.Meta(mint).WRITE()}, init),
		}, svm.TxConfig{}))
		req.Watch = append(req.Watch, mint)
	}
	res := run(t, h, req)
	for i, tp := range programs {
		if r := res.Transactions[i]; !r.OK() {
			t.Fatalf("%s: %s\n%s", tp, r.Err, strings.Join(r.Logs, "\n"))
		}
		mint := req.Watch[i]
		built, err := litesvm.Mint{Address: mint, TokenProgram: tp, Decimals: 9, Authority: authority}.Account()
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Accounts[mint]; got == nil || !got.Owner.Equals(tp) || !slices.Equal(got.Data, built.Data) {
			t.Errorf("%s: the program made %+v, Mint.Account builds %x", tp, got, built.Data)
		}
	}
}
