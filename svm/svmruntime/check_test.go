package svmruntime_test

import (
	"encoding/base64"
	"encoding/binary"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

// buildTx frames ins into an unsigned transaction payer pays.
func buildTx(t *testing.T, payer solana.PublicKey, ins ...solana.Instruction) *solana.Transaction {
	t.Helper()
	tx, err := svm.Build(ins, svm.TxConfig{FeePayer: payer, RecentBlockhash: solana.Hash{7}, ComputeUnitLimit: 200_000, ComputeUnitPrice: 1})
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

// txPayload is tx as a Solana payload, as it is: signed or not.
func txPayload(t *testing.T, tx *solana.Transaction) orchestration.TransactionPayload {
	t.Helper()
	raw, err := tx.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: base64.StdEncoding.EncodeToString(raw)}}
}

// withAccount is a copy of ix, an ext_swap call, with key in the IDL slot
// called name.
func withAccount(t *testing.T, ix solana.Instruction, name string, key solana.PublicKey) solana.Instruction {
	t.Helper()
	idl, _ := svm.ExtSwapIDL()
	g := *ix.(*solana.GenericInstruction)
	_, specs, _ := idl.Match(g.DataBytes)
	i := slices.IndexFunc(specs, func(s svm.AccountSpec) bool { return s.Name == name })
	if i < 0 {
		t.Fatalf("no account %s", name)
	}
	g.AccountValues = slices.Clone(g.AccountValues)
	m := *g.AccountValues[i]
	m.PublicKey = key
	g.AccountValues[i] = &m
	return &g
}

func u64(prefix []byte, v uint64) []byte { return binary.LittleEndian.AppendUint64(prefix, v) }

// The payload guard reads what each instruction does: only what the svm
// builders make passes (compute budget, the recipient's token account
// created idempotently, ext_swap's wrap, unwrap and swap as their IDL has
// them, delivering to the leg's recipient), in an unsigned transaction.
func TestCheckLegReadsWhatCallsDo(t *testing.T) {
	w := newWorld(t, "")
	chain, _ := w.cat.Chain(orchestration.Solana)
	m, wm := w.asset(t, mMint), w.asset(t, wMMint)
	wmKey := solana.MustPublicKeyFromBase58(wMMint)
	ext := solana.MustPublicKeyFromBase58(chain.Contracts.ExtSwap)
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{Program: ext})
	if err != nil {
		t.Fatal(err)
	}
	stranger := solana.MustPublicKeyFromBase58("BPFLoaderUpgradeab1e11111111111111111111111")
	recipientATA := ata(recipient, wMMint)
	wrapTo := func(to solana.PublicKey) solana.Instruction {
		ix, err := xs.Wrap(svm.WrapParams{Owner: funder, Amount: 1_000, ToTokenAccount: to,
			To: svm.Extension{Program: solana.PublicKey{7}, Mint: wmKey, TokenProgram: svm.Token2022Program}})
		if err != nil {
			t.Fatal(err)
		}
		return ix
	}
	create := svm.CreateIdempotentATA(funder, recipient, wmKey, svm.Token2022Program)
	wrap := wrapTo(recipientATA)
	idl, _ := svm.ExtSwapIDL()
	reset, err := idl.WithID(ext).Instruction("reset_whitelists", svm.Accounts{"admin": funder, "swap_global": xs.SwapGlobal()})
	if err != nil {
		t.Fatal(err)
	}
	funderM := ata(funder, mMint)
	token := func(program solana.PublicKey, data []byte, accounts ...*solana.AccountMeta) solana.Instruction {
		return solana.NewInstruction(program, accounts, data)
	}
	leg := quote.LegRequest{Edge: &quote.Edge{From: m, To: wm}, AmountIn: big.NewInt(1_000_000),
		Funder: orchestration.SVMAddress(funder), Recipient: orchestration.SVMAddress(recipient)}

	if err := w.rt.CheckLeg(chain, leg, txPayload(t, buildTx(t, funder, create, wrap))); err != nil {
		t.Fatalf("what the builders make, for the leg's recipient: %v", err)
	}
	tests := []struct {
		name string
		tx   *solana.Transaction
		want string // in the error
	}{
		{"a PDA not of its seeds", buildTx(t, funder, create, withAccount(t, wrap, "to_m_vault", stranger)),
			"instruction 3: svm: ext_swap.wrap: account to_m_vault is " + stranger.String() + ", not "},
		{"into someone else's token account", buildTx(t, funder, create, wrapTo(ata(stranger, wMMint))),
			"instruction 3: ext_swap.wrap's to_token_account is " + ata(stranger, wMMint).String() + ", not " + recipientATA.String() + ", the recipient " + recipient.String() + "'s associated token account of " + wMMint},
		{"into the funder's token account", buildTx(t, funder, wrapTo(ata(funder, wMMint))),
			"instruction 2: ext_swap.wrap's to_token_account is " + ata(funder, wMMint).String() + ", not " + recipientATA.String()},
		{"an ext_swap admin instruction", buildTx(t, funder, reset), "instruction 2: ext_swap.reset_whitelists: no payload built here makes it"},
		{"an extra token Transfer", buildTx(t, funder, create, wrap, token(svm.Token2022Program, u64([]byte{3}, 1_000),
			solana.Meta(funderM).WRITE(), solana.Meta(ata(stranger, mMint)).WRITE(), solana.Meta(funder).SIGNER())),
			"instruction 4: Token-2022 Transfer: no payload built here calls the token program"},
		{"a token Approve", buildTx(t, funder, token(svm.TokenProgram, u64([]byte{4}, 1<<60),
			solana.Meta(funderM).WRITE(), solana.Meta(stranger), solana.Meta(funder).SIGNER()), create, wrap),
			"instruction 2: SPL Token Approve: no payload built here calls the token program"},
		{"a token SetAuthority", buildTx(t, funder, create, wrap, token(svm.Token2022Program, append([]byte{6, 2, 1}, stranger[:]...),
			solana.Meta(funderM).WRITE(), solana.Meta(funder).SIGNER())),
			"instruction 4: Token-2022 SetAuthority: no payload built here calls the token program"},
		{"a System transfer", buildTx(t, funder, create, wrap, token(svm.SystemProgram, u64([]byte{2, 0, 0, 0}, 1e9),
			solana.Meta(funder).WRITE().SIGNER(), solana.Meta(stranger).WRITE())),
			"instruction 4: a System program call"},
		{"a token account created for someone else", buildTx(t, funder, svm.CreateIdempotentATA(funder, stranger, wmKey, svm.Token2022Program), wrap),
			"instruction 2: CreateIdempotent's account is " + ata(stranger, wMMint).String() + ", not " + recipientATA.String()},
		{"a created account not of its owner and mint", buildTx(t, funder, func() solana.Instruction {
			ix := *create.(*solana.GenericInstruction)
			ix.AccountValues = slices.Clone(ix.AccountValues)
			ix.AccountValues[1] = solana.Meta(ata(stranger, wMMint)).WRITE()
			return &ix
		}(), wrap), "instruction 2: CreateIdempotent creates " + ata(stranger, wMMint).String() + ", not " + recipient.String() + "'s associated token account"},
		{"a token account created at someone else's expense", buildTx(t, funder, svm.CreateIdempotentATA(stranger, recipient, wmKey, svm.Token2022Program), wrap),
			"instruction 2: CreateIdempotent is paid by " + stranger.String() + ", not the fee payer " + funder.String()},
		{"a token account created under another token program", buildTx(t, funder, svm.CreateIdempotentATA(funder, recipient, wmKey, stranger), wrap),
			"instruction 2: CreateIdempotent names " + stranger.String() + ", neither SPL Token nor Token-2022, as the token program"},
		{"a token account created with another System program", buildTx(t, funder, func() solana.Instruction {
			ix := *create.(*solana.GenericInstruction)
			ix.AccountValues = slices.Clone(ix.AccountValues)
			ix.AccountValues[4] = solana.Meta(stranger)
			return &ix
		}(), wrap), "instruction 2: CreateIdempotent names " + stranger.String() + " as the System program"},
		{"an associated token account Create", buildTx(t, funder, func() solana.Instruction {
			ix := *create.(*solana.GenericInstruction)
			ix.DataBytes = []byte{0}
			return &ix
		}()), "instruction 2: associated token account instruction 00 with 6 accounts: only CreateIdempotent"},
		{"a compute budget heap frame", buildTx(t, funder, token(svm.ComputeBudgetProgram, []byte{1, 0, 0, 4, 0}), wrap),
			"instruction 2: compute budget instruction 0100000400: only SetComputeUnitLimit and SetComputeUnitPrice"},
		{"a catalog program without an IDL", buildTx(t, funder, token(solana.MustPublicKeyFromBase58(chain.Contracts.WormholeAdapter), []byte{1, 2, 3}, solana.Meta(funder).SIGNER())),
			"(" + chain.Contracts.WormholeAdapter + "), whose IDL the payload guard does not have"},
		{"an order book call that is no open_order", buildTx(t, funder, token(solana.MustPublicKeyFromBase58(chain.Contracts.OrderBook), []byte{1, 2, 3}, solana.Meta(funder).SIGNER())),
			"instruction 2: svm: order_book: the data starts with no discriminator of its IDL"},
		{"a Portal call that is no send_token", buildTx(t, funder, token(solana.MustPublicKeyFromBase58(chain.Contracts.Portal), []byte{1, 2, 3}, solana.Meta(funder).SIGNER())),
			"instruction 2: svm: portal: the data starts with no discriminator of its IDL"},
		{"a send_token on a leg that stays on the cluster", buildTx(t, funder, sendWM(t, funder)),
			"instruction 2: send_token on a leg that does not leave Solana"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := w.rt.CheckLeg(chain, leg, txPayload(t, tt.tx))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("CheckLeg = %v, want an error saying %q", err, tt.want)
			}
		})
	}

	// Without a leg, the recipient is not known: a wrap into the funder's
	// account is what the builders make, and passes.
	if err := w.rt.CheckFeePayer(chain, txPayload(t, buildTx(t, funder, wrapTo(ata(funder, wMMint)))), funder.String()); err != nil {
		t.Errorf("CheckFeePayer of a wrap into the funder's account: %v", err)
	}
	// A leg to another cluster has no token account here to deliver to.
	away := leg
	away.Edge = &quote.Edge{From: m, To: w.asset(t, mMint)}
	away.To.Chain = orchestration.Ethereum
	if err := w.rt.CheckLeg(chain, away, txPayload(t, buildTx(t, funder, wrap))); err == nil || !strings.Contains(err.Error(), "the leg's recipient's token account cannot be told") {
		t.Errorf("a wrap on a leg leaving the cluster: err = %v", err)
	}
}

// A payload is unsigned: a transaction that carries a signature (the fee
// payer's, or another signer's) is refused, whatever it does.
func TestCheckPayloadRefusesASignedTransaction(t *testing.T) {
	w := newWorld(t, "")
	chain, _ := w.cat.Chain(orchestration.Solana)
	wmKey := solana.MustPublicKeyFromBase58(wMMint)
	create := svm.CreateIdempotentATA(funder, funder, wmKey, svm.Token2022Program)
	if err := w.rt.CheckPayload(chain, txPayload(t, buildTx(t, funder, create))); err != nil {
		t.Fatalf("the unsigned transaction: %v", err)
	}
	for _, slot := range []int{0, 1} {
		tx := buildTx(t, funder, create, solana.NewInstruction(svm.ComputeBudgetProgram, solana.AccountMetaSlice{solana.Meta(recipient).SIGNER()}, []byte{2, 0, 0, 0, 0}))
		if len(tx.Signatures) != 2 {
			t.Fatalf("%d signature slots, want 2", len(tx.Signatures))
		}
		tx.Signatures[slot][17] = 1
		err := w.rt.CheckPayload(chain, txPayload(t, tx))
		if err == nil || !strings.Contains(err.Error(), "the transaction carries a signature: it must be unsigned") {
			t.Errorf("signature %d set: err = %v", slot, err)
		}
	}
}

// sendWM is a send of 1 wM from funder to Ethereum through the Portal.
func sendWM(t *testing.T, funder solana.PublicKey) solana.Instruction {
	t.Helper()
	ix, err := svm.MainnetPortal.SendToken(svm.SendTokenParams{Sender: funder, Amount: 1_000_000, DestinationChainID: 1,
		Extension:        svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"), Mint: solana.MustPublicKeyFromBase58(wMMint), TokenProgram: svm.Token2022Program},
		DestinationToken: svm.EVMAddress32([20]byte{1}), Recipient: svm.EVMAddress32([20]byte{2})})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}
