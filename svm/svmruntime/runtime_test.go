package svmruntime_test

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

const (
	mMint  = "mzerojk9tg56ebsrEAhfkyc9VgKjTW2zDqp6C5mhjzH"
	wMMint = "mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"
)

var (
	funder    = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	recipient = solana.MustPublicKeyFromBase58("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T")
	mKey      = solana.MustPublicKeyFromBase58(mMint)
)

type world struct {
	node *svmtest.RPC
	rt   *svmruntime.Runtime
	cat  *asset.Catalog
}

func newWorld(t *testing.T, url string) *world {
	t.Helper()
	w := &world{node: svmtest.NewRPC(), cat: asset.Default()}
	t.Cleanup(w.node.Close)
	if url == "" {
		url = w.node.URL()
	}
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: url}}})
	if err != nil {
		t.Fatal(err)
	}
	w.rt, err = svmruntime.New(svmruntime.Config{Catalog: w.cat, Reader: client})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) asset(t *testing.T, mint string) asset.AssetInfo {
	t.Helper()
	a, err := w.cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: mint})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func ata(owner solana.PublicKey, mint string) solana.PublicKey {
	return svm.AssociatedTokenAddress(owner, solana.MustPublicKeyFromBase58(mint), svm.Token2022Program)
}

func TestReadStateOneTripPerPhaseCachedPerSlot(t *testing.T) {
	w := newWorld(t, "")
	m := w.asset(t, mMint)
	w.node.SetSlot(1000)
	funderATA := ata(funder, mMint)
	w.node.Set(funderATA, svmtest.Account{Data: svmtest.TokenAccount(mKey, funder, 400_000), Owner: svm.Token2022Program})
	w.node.Set(mKey, svmtest.Account{Data: svmtest.Mint(5e12, 6), Owner: svm.Token2022Program})

	ctx, trips := evm.WithTrips(context.Background())
	bal := w.rt.BalanceRead(m, funder.String())
	if bal == nil || bal.(svmruntime.AccountRead).Key != funderATA {
		t.Fatalf("BalanceRead = %v, want the funder's Token-2022 ATA %s", bal, funderATA)
	}
	noATA := w.rt.BalanceRead(m, recipient.String())
	s1, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{bal, noATA, svmruntime.MintRead{Mint: mKey}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if trips.Of(orchestration.Solana) != 1 || s1.At() != 1000 {
		t.Fatalf("phase 1: %d trips at slot %d, want 1 at 1000", trips.Of(orchestration.Solana), s1.At())
	}
	if hash, _ := svmruntime.StateOf(s1).Blockhash(); hash != w.node.Blockhash() {
		t.Errorf("blockhash %s, want the node's", hash)
	}
	if v, ok := w.rt.Balance(s1, bal); !ok || v.Cmp(big.NewInt(400_000)) != 0 {
		t.Errorf("funder balance = %v, %v; want 400000", v, ok)
	}
	if v, ok := w.rt.Balance(s1, noATA); !ok || v.Sign() != 0 {
		t.Errorf("balance of a missing token account = %v, %v; want 0", v, ok)
	}
	if f, ok := svmruntime.StateOf(s1).Mint(mKey); !ok || f == nil || f.Decimals != 6 || f.TokenProgram != svm.Token2022Program {
		t.Errorf("mint facts = %+v, %v", f, ok)
	}
	if !s1.HasKey(bal.ReadKey()) || !s1.HasKey(noATA.ReadKey()) || s1.HasKey(svmruntime.AccountRead{Key: recipient}.ReadKey()) {
		t.Error("HasKey: want the two answered reads and not an unread one")
	}

	// A later phase at the same slot: what phase 1 read costs nothing.
	s2, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{bal, svmruntime.MintRead{Mint: mKey}}, s1)
	if err != nil || trips.Of(orchestration.Solana) != 1 || s2.At() != 1000 {
		t.Fatalf("phase 2 of cached reads: %v, %d trips, slot %d; want no trip at 1000", err, trips.Of(orchestration.Solana), s2.At())
	}

	// Another quote at the same slot reads something else (one trip),
	// then, in its second phase, what the first quote read: a cache hit.
	other := svmruntime.AccountRead{Key: ata(recipient, wMMint)}
	t1, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{other}, nil)
	if err != nil || trips.Of(orchestration.Solana) != 2 {
		t.Fatalf("second quote, phase 1: %v, %d trips; want 2 in all", err, trips.Of(orchestration.Solana))
	}
	t2, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{bal}, t1)
	if err != nil || trips.Of(orchestration.Solana) != 2 {
		t.Fatalf("second quote, phase 2: %v, %d trips; want the cached account at no cost", err, trips.Of(orchestration.Solana))
	}
	if v, ok := w.rt.Balance(t2, bal); !ok || v.Int64() != 400_000 {
		t.Errorf("cached balance = %v, %v", v, ok)
	}

	// What the second quote read at slot 1000 is cached for the first.
	s2b, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{other}, s2)
	if err != nil || trips.Of(orchestration.Solana) != 2 || !s2b.HasKey(other.ReadKey()) {
		t.Fatalf("first quote, phase 3: %v, %d trips; want the other quote's account at no cost", err, trips.Of(orchestration.Solana))
	}

	// The chain moves on. A later phase of the old quote reads an account
	// nobody read in one trip, asking for its slot or newer, and keeps its
	// slot; a mint's facts are never read again.
	w.node.SetSlot(1001)
	w.node.Delete(mKey) // were the mint read again, it would be missing
	fresh := svmruntime.AccountRead{Key: ata(funder, wMMint)}
	s3, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{fresh, svmruntime.MintRead{Mint: mKey}}, s2)
	if err != nil || trips.Of(orchestration.Solana) != 3 || s3.At() != 1000 {
		t.Fatalf("phase 3: %v, %d trips, slot %d; want 3 trips, slot 1000", err, trips.Of(orchestration.Solana), s3.At())
	}
	if f, ok := svmruntime.StateOf(s3).Mint(mKey); !ok || f == nil || f.Decimals != 6 {
		t.Errorf("mint facts after the mint vanished = %+v, %v; want the cached ones", f, ok)
	}
	if w.node.MinContextSlot() != 1000 {
		t.Errorf("phase 3 asked for minContextSlot %d, want 1000", w.node.MinContextSlot())
	}
	if a, ok := svmruntime.StateOf(s3).Account(fresh.Key); !ok || a != nil {
		t.Errorf("phase 3: the fresh account = %+v, %v; want answered as missing", a, ok)
	}
	if _, ok := svmruntime.StateOf(s1).Account(other.Key); ok {
		t.Error("ReadState modified prev")
	}
	if _, err := w.rt.ReadState(ctx, orchestration.Solana, []quote.Read{evm.Call{}}, nil); err == nil {
		t.Error("an EVM read on Solana was accepted")
	}
}

func TestReadStateErrorNamesClusterNotURL(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	w := newWorld(t, node.URL()+"/?api-key=s3cret")
	node.Fail(-32603, "Internal error")
	_, err := w.rt.ReadState(context.Background(), orchestration.Solana, []quote.Read{svmruntime.AccountRead{Key: funder}}, nil)
	var rpcErr *svm.RPCError
	if !errors.As(err, &rpcErr) || !strings.Contains(err.Error(), "Solana") || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("err = %v: want an *svm.RPCError naming Solana without the key", err)
	}
	if w.rt.Has(orchestration.SolanaDevnet) {
		t.Error("Has(SolanaDevnet) with no such cluster configured")
	}
}

func TestStepsCreateMissingRecipientTokenAccount(t *testing.T) {
	w := newWorld(t, "")
	m, wm := w.asset(t, mMint), w.asset(t, wMMint)
	chain, _ := w.cat.Chain(orchestration.Solana)
	leg := quote.LegRequest{Edge: &quote.Edge{From: m, To: wm}, AmountIn: big.NewInt(1_000_000),
		Funder: orchestration.SVMAddress(funder), Recipient: orchestration.SVMAddress(recipient)}
	reads := w.rt.Reads(leg)
	recipientATA := ata(recipient, wMMint)
	if len(reads) != 1 || reads[0].(svmruntime.AccountRead).Key != recipientATA {
		t.Fatalf("Reads = %v, want the recipient's wM token account %s", reads, recipientATA)
	}
	s, err := w.rt.ReadState(context.Background(), orchestration.Solana, reads, nil)
	if err != nil {
		t.Fatal(err)
	}
	ledger := new(quote.Ledger)
	steps, err := w.rt.Steps(leg, s, ledger)
	if err != nil || len(steps) != 1 {
		t.Fatalf("Steps = %v, %v; want one create-account payload", steps, err)
	}
	// The words are those of the transaction returned, naming the
	// recipient as the owner of the account it creates.
	if said, err := svm.Describe(w.cat, steps[0]); err != nil || steps[0].Annotation != said ||
		said != "create the wM token account of 4Nd1…DB4T on Solana" {
		t.Errorf("annotation %q; the transaction says %q, %v", steps[0].Annotation, said, err)
	}
	p := steps[0].Data
	if err := w.rt.CheckFeePayer(chain, p, funder.String()); err != nil {
		t.Errorf("the runtime's own step fails the check: %v", err)
	}
	tx, err := svm.Decode(p.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	ins, err := svm.Instructions(tx, nil)
	if err != nil || len(ins) != 1 {
		t.Fatalf("instructions %v, %v", ins, err)
	}
	in := ins[0]
	data, _ := in.Data()
	if in.ProgramID() != svm.AssociatedTokenProgram || string(data) != "\x01" ||
		in.Accounts()[1].PublicKey != recipientATA || in.Accounts()[2].PublicKey != recipient ||
		in.Accounts()[5].PublicKey != svm.Token2022Program || tx.Message.RecentBlockhash != w.node.Blockhash() {
		t.Errorf("instruction %+v, blockhash %s: want CreateIdempotent of the recipient's Token-2022 ATA at the read blockhash", in, tx.Message.RecentBlockhash)
	}
	if again, err := w.rt.Steps(leg, s, ledger); err != nil || len(again) != 0 {
		t.Errorf("a second leg of the route creates the account again: %v, %v", again, err)
	}

	// An existing account needs nothing.
	w.node.Set(recipientATA, svmtest.Account{Data: svmtest.TokenAccount(solana.MustPublicKeyFromBase58(wMMint), recipient, 0), Owner: svm.Token2022Program})
	w.node.SetSlot(2000)
	s, err = w.rt.ReadState(context.Background(), orchestration.Solana, reads, nil)
	if err != nil {
		t.Fatal(err)
	}
	if steps, err := w.rt.Steps(leg, s, new(quote.Ledger)); err != nil || len(steps) != 0 {
		t.Errorf("Steps with the account present = %v, %v; want none", steps, err)
	}
	// An unreadable chain leaves no blockhash to build with.
	if _, err := w.rt.Steps(leg, nil, new(quote.Ledger)); err == nil {
		t.Error("Steps built a transaction without a blockhash")
	}
}

func TestCheckPayload(t *testing.T) {
	w := newWorld(t, "")
	chain, _ := w.cat.Chain(orchestration.Solana)
	var blockhash solana.Hash
	blockhash[0] = 7
	var table *svm.LookupTable // set, the payloads are v0 messages naming it
	payload := func(payer solana.PublicKey, ins ...solana.Instruction) orchestration.TransactionPayload {
		t.Helper()
		tx, err := svm.Build(ins, svm.TxConfig{FeePayer: payer, RecentBlockhash: blockhash, ComputeUnitLimit: 200_000, LookupTable: table})
		if err != nil {
			t.Fatal(err)
		}
		p, err := svm.Payload(orchestration.Solana, tx)
		if err != nil {
			t.Fatal(err)
		}
		return orchestration.TransactionPayload{SVM: &p}
	}
	wm := solana.MustPublicKeyFromBase58(wMMint)
	ext := solana.MustPublicKeyFromBase58(chain.Contracts.ExtSwap)
	wrap, err := wrapCall(ext, funder, wm, solana.PublicKey{})
	if err != nil {
		t.Fatal(err)
	}
	good := payload(funder, svm.CreateIdempotentATA(funder, recipient, wm, svm.Token2022Program), wrap)
	if err := w.rt.CheckPayload(chain, good); err != nil {
		t.Errorf("catalog programs refused: %v", err)
	}
	if err := w.rt.CheckFeePayer(chain, good, funder.String()); err != nil {
		t.Errorf("fee payer refused: %v", err)
	}
	if err := w.rt.CheckFeePayer(chain, good, recipient.String()); err == nil || !strings.Contains(err.Error(), "fee payer") {
		t.Errorf("a fee payer other than the funder: err = %v", err)
	}
	stranger := solana.MustPublicKeyFromBase58("BPFLoaderUpgradeab1e11111111111111111111111")
	bad := payload(funder, solana.NewInstruction(stranger, nil, []byte{3}))
	if err := w.rt.CheckPayload(chain, bad); err == nil || !strings.Contains(err.Error(), stranger.String()) {
		t.Errorf("a call to an unknown program: err = %v", err)
	}
	// ext_swap calls are read back by the IDL: a call it does not know,
	// and a wrap whose fixed system program slot names another account.
	if err := w.rt.CheckPayload(chain, payload(funder, solana.NewInstruction(ext, nil, []byte{1}))); err == nil || !strings.Contains(err.Error(), "discriminator") {
		t.Errorf("an ext_swap call outside its IDL: err = %v", err)
	}
	strayed := *wrap.(*solana.GenericInstruction)
	strayed.AccountValues = slices.Clone(strayed.AccountValues)
	last := *strayed.AccountValues[len(strayed.AccountValues)-1]
	last.PublicKey = stranger
	strayed.AccountValues[len(strayed.AccountValues)-1] = &last
	if err := w.rt.CheckPayload(chain, payload(funder, &strayed)); err == nil || !strings.Contains(err.Error(), "system_program is "+stranger.String()) {
		t.Errorf("a wrap naming another system program: err = %v", err)
	}
	// Through M0's lookup table: no instruction's accounts may come from it
	// (the guard could not read them), neither the created account's nor
	// ext_swap's.
	table = &svm.LookupTable{Address: solana.MustPublicKeyFromBase58(chain.Contracts.LookupTable),
		Addresses: solana.PublicKeySlice{svm.AssociatedTokenAddress(recipient, wm, svm.Token2022Program)}}
	if err := w.rt.CheckPayload(chain, good); err != nil {
		t.Fatal(err)
	}
	viaTable := payload(funder, svm.CreateIdempotentATA(funder, recipient, wm, svm.Token2022Program), wrap)
	if tx, _ := svm.Decode(viaTable.SVM.Transaction); len(tx.Message.GetAddressTableLookups()) == 0 {
		t.Fatal("the table was not used")
	}
	if err := w.rt.CheckPayload(chain, viaTable); err == nil || !strings.Contains(err.Error(), "instruction 1: account 1 comes from a lookup table") {
		t.Errorf("the created account through the table: err = %v", err)
	}
	idl, _ := svm.ExtSwapIDL()
	call, err := idl.WithID(ext).ReadCall(wrap, funder)
	if err != nil {
		t.Fatal(err)
	}
	toMVault, _ := call.Account("to_m_vault")
	table.Addresses = append(table.Addresses, toMVault)
	if err := w.rt.CheckPayload(chain, payload(funder, wrap)); err == nil || !strings.Contains(err.Error(), "lookup table") {
		t.Errorf("ext_swap's to_m_vault through the table: err = %v", err)
	}
	table = nil

	lookup := payload(funder, solana.NewInstruction(solana.MustPublicKeyFromBase58(chain.Contracts.LookupTable), nil, nil))
	if err := w.rt.CheckPayload(chain, lookup); err == nil {
		t.Error("a call to the lookup table account was accepted")
	}
	if err := w.rt.CheckPayload(chain, orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: "bm90IGEgdHg="}}); err == nil {
		t.Error("garbage accepted")
	}
	eth, _ := w.cat.Chain(orchestration.Ethereum)
	if err := w.rt.CheckPayload(eth, good); err == nil {
		t.Error("an SVM payload checked against an EVM chain")
	}
}

// wrapCall is ext_swap.wrap of 1,000 M by owner into the extension of mint,
// as the IDL has it, on the ext_swap program ext, delivered to to (zero:
// owner's associated token account).
func wrapCall(ext, owner, mint, to solana.PublicKey) (solana.Instruction, error) {
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{Program: ext})
	if err != nil {
		return nil, err
	}
	return xs.Wrap(svm.WrapParams{Owner: owner, Amount: 1_000, ToTokenAccount: to,
		To: svm.Extension{Program: solana.PublicKey{7}, Mint: mint, TokenProgram: svm.Token2022Program}}) // any m_ext program
}
