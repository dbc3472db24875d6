package svm_test

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// openOrderFixture is an order of 2.5 wM from a Solana payer to an EVM
// recipient on chain 1, designated to a solver.
func openOrderFixture() svm.OpenOrderParams {
	var recipient, solver [32]byte
	copy(recipient[12:], bytes.Repeat([]byte{0x22}, 20))
	copy(solver[12:], bytes.Repeat([]byte{0x44}, 20))
	var tokenOut [32]byte
	copy(tokenOut[12:], bytes.Repeat([]byte{0x43}, 20))
	return svm.OpenOrderParams{
		Payer:   solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm"),
		TokenIn: svm.MMint, TokenInProgram: svm.Token2022Program,
		OriginChainID: 1399811149, DestChainID: 1, Nonce: 7,
		CreatedAt: 1_800_000_000, FillDeadline: 1_800_003_600,
		TokenOut: tokenOut, AmountIn: 2_500_000, AmountOut: big.NewInt(2_490_000),
		Recipient: recipient, Solver: solver,
	}
}

// decodedIx frames ix into a transaction paid by payer and reads it back,
// so that the flags checked are those a signature covers.
func decodedIx(t *testing.T, ix solana.Instruction, payer solana.PublicKey) *solana.GenericInstruction {
	t.Helper()
	tx, err := svm.Build([]solana.Instruction{ix}, svm.TxConfig{FeePayer: payer, RecentBlockhash: solana.Hash{1}})
	if err != nil {
		t.Fatal(err)
	}
	ixs, err := svm.StaticInstructions(tx)
	if err != nil {
		t.Fatal(err)
	}
	return ixs[0]
}

// The golden open_order: its data is the IDL's discriminator and the
// OrderParams in Borsh, its accounts pass the IDL (ReadCall) but for the
// nonce account, which the program seeds with the token account's owner,
// and the order account is ["order", id] of the terms at the nonce.
func TestOpenOrderGolden(t *testing.T) {
	p := openOrderFixture()
	ix, err := svm.OpenOrder(p)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := ix.Data()
	want := []byte{206, 88, 88, 143, 38, 136, 50, 224}
	want = binary.LittleEndian.AppendUint32(want, 1)
	want = binary.LittleEndian.AppendUint64(want, 1_800_000_000)
	want = binary.LittleEndian.AppendUint64(want, 1_800_003_600)
	want = append(want, p.TokenOut[:]...)
	want = binary.LittleEndian.AppendUint64(want, 2_500_000)
	want = binary.LittleEndian.AppendUint64(want, 2_490_000)
	want = binary.LittleEndian.AppendUint64(want, 0) // u128's high half
	want = append(want, p.Recipient[:]...)
	want = append(want, p.Solver[:]...)
	if !bytes.Equal(data, want) {
		t.Fatalf("data = %x\nwant   %x", data, want)
	}

	got := decodedIx(t, ix, p.Payer)
	idl, err := svm.OrderBookIDL()
	if err != nil {
		t.Fatal(err)
	}
	// The IDL's own seeds of the nonce account (the token account) are
	// wrong: ReadCall by the raw IDL refuses that one account, and only it.
	_, err = idl.ReadCall(got, p.Payer)
	if err == nil || !strings.Contains(err.Error(), "sender_nonce_account") || strings.Count(err.Error(), "\n") != 0 {
		t.Fatalf("ReadCall by the raw IDL: %v, want one complaint, of sender_nonce_account", err)
	}
	c, err := svm.ReadOpenOrder(got, p.Payer)
	if err != nil {
		t.Fatal(err)
	}
	ob := svm.OrderBookProgramID
	wantNonce, _ := svm.PDA(ob, []byte("nonce"), p.Payer[:])
	ata := svm.AssociatedTokenAddress(p.Payer, svm.MMint, svm.Token2022Program)
	if k, _ := svm.PDA(ob, []byte("nonce"), ata[:]); k == wantNonce {
		t.Fatal("the owner's and the token account's nonce accounts coincide")
	}
	le := binary.LittleEndian.AppendUint32(nil, 1)
	wantDest, _ := svm.PDA(ob, []byte("destination"), le)
	id, _ := p.Data().ID()
	keys := map[string]solana.PublicKey{}
	for i, a := range got.Accounts() {
		keys[[]string{"payer", "token_authority", "global_account", "destination_account", "token_in_mint",
			"sender_token_in_account", "sender_nonce_account", "order", "order_token_in_ata", "token_in_program",
			"associated_token_program", "system_program", "event_authority", "program"}[i]] = a.PublicKey
	}
	for name, want := range map[string]solana.PublicKey{
		"token_authority": ob, "sender_nonce_account": wantNonce, "destination_account": wantDest,
		"sender_token_in_account": ata, "order": svm.OrderPDA(ob, id),
	} {
		if keys[name] != want {
			t.Errorf("%s = %s, want %s", name, keys[name], want)
		}
	}
	if c.Sender != p.Payer || c.DestChainID != 1 || c.AmountIn != 2_500_000 || c.AmountOut.Int64() != 2_490_000 ||
		c.Recipient != p.Recipient || c.Solver != p.Solver || c.CreatedAt != p.CreatedAt || c.Destination != wantDest {
		t.Errorf("read back %+v", c)
	}
	if err := c.CheckOrder(7, 1399811149); err != nil {
		t.Error(err)
	}
	for _, bad := range []struct {
		nonce  uint64
		origin uint32
	}{{8, 1399811149}, {7, 1399811150}} {
		if err := c.CheckOrder(bad.nonce, bad.origin); err == nil {
			t.Errorf("the order account passes at nonce %d on chain %d", bad.nonce, bad.origin)
		}
	}
}

// An order staying on the cluster passes None as its destination account.
func TestOpenOrderSameChain(t *testing.T) {
	p := openOrderFixture()
	p.DestChainID = p.OriginChainID
	p.TokenOut = solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp")
	ix, err := svm.OpenOrder(p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := svm.ReadOpenOrder(decodedIx(t, ix, p.Payer), p.Payer)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Destination.IsZero() {
		t.Errorf("destination account %s, want None", c.Destination)
	}
}

// ReadOpenOrder refuses what the IDL cannot: a nonce account of the token
// account (the IDL's seed), a big-endian destination, another's token
// account.
func TestReadOpenOrderRefuses(t *testing.T) {
	p := openOrderFixture()
	ob := svm.OrderBookProgramID
	ata := svm.AssociatedTokenAddress(p.Payer, svm.MMint, svm.Token2022Program)
	for name, c := range map[string]struct {
		slot int
		key  solana.PublicKey
		want string
	}{
		"nonce of the token account": {6, mustPDA(ob, []byte("nonce"), ata[:]), "sender_nonce_account"},
		"big-endian destination":     {3, mustPDA(ob, []byte("destination"), binary.BigEndian.AppendUint32(nil, 1)), "destination_account"},
		"another's token account":    {5, svm.AssociatedTokenAddress(solana.SysVarRentPubkey, svm.MMint, svm.Token2022Program), "sender_token_in_account"},
		"SPL Token for a Token-2022": {9, svm.TokenProgram, "order_token_in_ata"},
	} {
		t.Run(name, func(t *testing.T) {
			ix, err := svm.OpenOrder(p)
			if err != nil {
				t.Fatal(err)
			}
			ix.AccountValues[c.slot].PublicKey = c.key
			_, err = svm.ReadOpenOrder(decodedIx(t, ix, p.Payer), p.Payer)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one naming %s", err, c.want)
			}
		})
	}
	p.AmountOut = new(big.Int).Lsh(big.NewInt(1), 128)
	if _, err := svm.OpenOrder(p); err == nil {
		t.Error("an amount out past u128 was built")
	}
}

func mustPDA(program solana.PublicKey, seeds ...[]byte) solana.PublicKey {
	k, err := svm.PDA(program, seeds...)
	if err != nil {
		panic(err)
	}
	return k
}
