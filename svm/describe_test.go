package svm_test

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

// Solana's mints and extensions as the default catalog has them.
var (
	descWM   = svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"), Mint: solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"), TokenProgram: svm.Token2022Program}
	descUSDK = svm.Extension{Program: solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"), Mint: solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"), TokenProgram: svm.Token2022Program}
	// alice pays and signs, bob receives, carol holds the tokens of a
	// swap alice only pays for.
	alice = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	bob   = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	carol = solana.MustPublicKeyFromBase58("GQBavw2gpCdbZkkSWk9PkzNTDdBwCHUGNpeuuQ7mV9GA")
)

// abbrev is how a sentence writes an address.
func abbrev(k solana.PublicKey) string { s := k.String(); return s[:4] + "…" + s[len(s)-4:] }

// solanaPayload frames ixs as svm.Build and svm.Payload do for a leg on
// Solana, alice paying.
func solanaPayload(t *testing.T, cfg svm.TxConfig, ixs ...solana.Instruction) orchestration.Payload {
	t.Helper()
	if cfg.FeePayer.IsZero() {
		cfg.FeePayer = alice
	}
	cfg.RecentBlockhash = solana.Hash{7}
	tx, err := svm.Build(ixs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	p, err := svm.Payload(orchestration.Solana, tx)
	if err != nil {
		t.Fatal(err)
	}
	return orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &p}}
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestDescribe(t *testing.T) {
	cat := asset.Default()
	xs := newExtSwap(t)
	ix := must[*solana.GenericInstruction](t)
	toBob := func(e svm.Extension) solana.PublicKey { return svm.AssociatedTokenAddress(bob, e.Mint, e.TokenProgram) }
	wrapToBob := ix(xs.Wrap(svm.WrapParams{Owner: alice, To: descWM, Amount: 1_050_000, ToTokenAccount: toBob(descWM)}))
	strangerATA := svm.AssociatedTokenAddress(solana.PublicKey{9}, descWM.Mint, descWM.TokenProgram)
	cases := []struct {
		name   string
		cfg    svm.TxConfig
		ixs    []solana.Instruction
		owners []solana.PublicKey
		want   string
	}{
		{name: "wrap to a recipient the caller names",
			ixs: []solana.Instruction{wrapToBob}, owners: []solana.PublicKey{bob},
			want: "swap 1.05 M (UI amount) for wM to D76y…PAGm via the M0 ext_swap program on Solana"},
		{name: "wrap to a recipient not in the transaction, none named",
			ixs:  []solana.Instruction{wrapToBob},
			want: "swap 1.05 M (UI amount) for wM to the token account " + abbrev(toBob(descWM)) + " via the M0 ext_swap program on Solana"},
		{name: "wrap to another account than the named recipient's",
			ixs:    []solana.Instruction{ix(xs.Wrap(svm.WrapParams{Owner: alice, To: descWM, Amount: 1_050_000, ToTokenAccount: strangerATA}))},
			owners: []solana.PublicKey{bob},
			want:   "swap 1.05 M (UI amount) for wM to the token account " + abbrev(strangerATA) + " via the M0 ext_swap program on Solana"},
		{name: "wrap to the signer, found in the transaction",
			ixs:  []solana.Instruction{ix(xs.Wrap(svm.WrapParams{Owner: alice, To: descWM, Amount: 2_000_000}))},
			want: "swap 2 M (UI amount) for wM to 9WzD…AWWM via the M0 ext_swap program on Solana"},
		{name: "unwrap",
			ixs: []solana.Instruction{ix(xs.Unwrap(svm.UnwrapParams{Owner: alice, From: descUSDK, Amount: 1_020_000,
				MTokenAccount: svm.AssociatedTokenAddress(bob, svm.MMint, svm.Token2022Program)}))},
			owners: []solana.PublicKey{bob},
			want:   "swap 1.02 USDK (UI amount) for M to D76y…PAGm via the M0 ext_swap program on Solana"},
		{name: "swap with a compute budget",
			cfg: svm.TxConfig{ComputeUnitLimit: 300_000, ComputeUnitPrice: 1000},
			ixs: []solana.Instruction{ix(xs.Swap(svm.SwapParams{Owner: alice, From: descWM, To: descUSDK, Amount: 1_500_001,
				ToTokenAccount: toBob(descUSDK)}))},
			owners: []solana.PublicKey{bob},
			want:   "swap 1.500001 wM (UI amount) for USDK to D76y…PAGm via the M0 ext_swap program on Solana, with a priority fee of 1000 micro-lamports per compute unit"},
		{name: "a compute unit limit alone says nothing",
			cfg:  svm.TxConfig{ComputeUnitLimit: 300_000},
			ixs:  []solana.Instruction{wrapToBob},
			want: "swap 1.05 M (UI amount) for wM to the token account " + abbrev(toBob(descWM)) + " via the M0 ext_swap program on Solana"},
		{name: "the signer's tokens, another paying, an authority co-signing",
			ixs:  []solana.Instruction{ix(xs.Wrap(svm.WrapParams{Owner: carol, To: descWM, Amount: 1, WrapAuthority: bob}))},
			want: "swap 0.000001 M (UI amount) for wM to GQBa…V9GA via the M0 ext_swap program on Solana, from the tokens of GQBa…V9GA, wrap authority D76y…PAGm co-signing"},
		{name: "token account creation",
			ixs:  []solana.Instruction{svm.CreateIdempotentATA(alice, bob, descWM.Mint, descWM.TokenProgram)},
			want: "create the wM token account of D76y…PAGm on Solana"},
		{name: "token account creation paid by another signer",
			ixs:  []solana.Instruction{svm.CreateIdempotentATA(carol, bob, descUSDK.Mint, descUSDK.TokenProgram)},
			want: "create the USDK token account of D76y…PAGm on Solana, its rent paid by GQBa…V9GA"},
		{name: "creation, then the wrap into it",
			ixs:  []solana.Instruction{svm.CreateIdempotentATA(alice, bob, descWM.Mint, descWM.TokenProgram), wrapToBob},
			want: "create the wM token account of D76y…PAGm on Solana, then swap 1.05 M (UI amount) for wM to D76y…PAGm via the M0 ext_swap program on Solana"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := solanaPayload(t, c.cfg, c.ixs...)
			got, err := svm.DescribeFor(cat, p, c.owners...)
			if err != nil || got != c.want {
				t.Errorf("DescribeFor = %q, %v\nwant %q", got, err, c.want)
			}
			if len(c.owners) == 0 {
				if plain, err := svm.Describe(cat, p); plain != got || err != nil {
					t.Errorf("Describe = %q, %v; DescribeFor with no owner said %q", plain, err, got)
				}
			}
		})
	}
}

// TestDescribeReadsTheBytes changes the amount in a serialized payload: the
// sentence follows the bytes.
func TestDescribeReadsTheBytes(t *testing.T) {
	xs := newExtSwap(t)
	wrap, err := xs.Wrap(svm.WrapParams{Owner: alice, To: descWM, Amount: 1_050_000})
	if err != nil {
		t.Fatal(err)
	}
	p := solanaPayload(t, svm.TxConfig{}, wrap)
	raw, _ := base64.StdEncoding.DecodeString(p.Data.SVM.Transaction)
	data, _ := wrap.Data()
	at := strings.Index(string(raw), string(data))
	if at < 0 {
		t.Fatal("the wrap's data is not in the transaction")
	}
	raw[at+8+2] = 0x20 // 1_050_000 (0x10_05_90) becomes 0x20_05_90
	p.Data.SVM = &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: base64.StdEncoding.EncodeToString(raw)}
	got, err := svm.Describe(asset.Default(), p)
	if want := "swap 2.098576 M (UI amount) for wM to 9WzD…AWWM via the M0 ext_swap program on Solana"; err != nil || got != want {
		t.Errorf("Describe = %q, %v; want %q", got, err, want)
	}
}

func TestDescribeRefuses(t *testing.T) {
	cat := asset.Default()
	xs := newExtSwap(t)
	wrap, err := xs.Wrap(svm.WrapParams{Owner: alice, To: descWM, Amount: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	// tampered returns wrap with account slot i replaced by k.
	tampered := func(i int, k solana.PublicKey) solana.Instruction {
		c := *wrap
		c.AccountValues = slices.Clone(c.AccountValues)
		m := *c.AccountValues[i]
		m.PublicKey = k
		c.AccountValues[i] = &m
		return &c
	}
	idl, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	admin, err := idl.Instruction("reset_whitelists", svm.Accounts{"admin": alice, "swap_global": xs.SwapGlobal()})
	if err != nil {
		t.Fatal(err)
	}
	stranger := solana.MustPublicKeyFromBase58("BPFLoaderUpgradeab1e11111111111111111111111")
	unknownMint := solana.PublicKey{5}
	bobATA := svm.AssociatedTokenAddress(bob, descWM.Mint, descWM.TokenProgram)
	valid := solanaPayload(t, svm.TxConfig{}, wrap)
	cases := []struct {
		name    string
		payload orchestration.Payload
		want    string
	}{
		{"an EVM payload", orchestration.Payload{Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{Chain: orchestration.Sepolia}}}, "not an SVM payload"},
		{"an EVM chain", orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Sepolia, Transaction: valid.Data.SVM.Transaction}}}, `chain "Sepolia"`},
		{"a transaction that does not decode", orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: "bm90IGEgdHg="}}}, "decoding the transaction"},
		{"an unknown program", solanaPayload(t, svm.TxConfig{}, solana.NewInstruction(stranger, nil, []byte{3})), "instruction 0: it calls " + stranger.String()},
		{"a token program call", solanaPayload(t, svm.TxConfig{}, solana.NewInstruction(svm.Token2022Program, solana.AccountMetaSlice{solana.Meta(alice).SIGNER()}, []byte{4})), "it calls " + svm.Token2022Program.String()},
		{"a compute budget instruction not built here", solanaPayload(t, svm.TxConfig{}, solana.NewInstruction(svm.ComputeBudgetProgram, nil, []byte{1, 0, 0, 0, 0}), wrap), "only SetComputeUnitLimit and SetComputeUnitPrice"},
		{"a second priority fee", solanaPayload(t, svm.TxConfig{ComputeUnitPrice: 1}, svm.SetComputeUnitPrice(1_000_000), wrap), "a second SetComputeUnitPrice"},
		{"nothing but a compute budget", solanaPayload(t, svm.TxConfig{}, svm.SetComputeUnitLimit(1)), "does nothing but"},
		{"an ext_swap call with a vault not derived from its seeds", solanaPayload(t, svm.TxConfig{}, tampered(8, bob)), "to_m_vault_auth is " + bob.String()},
		{"an ext_swap call with another system program", solanaPayload(t, svm.TxConfig{}, tampered(len(wrap.AccountValues)-1, stranger)), "system_program is " + stranger.String()},
		{"an ext_swap call with bytes after its args", solanaPayload(t, svm.TxConfig{}, solana.NewInstruction(wrap.ProgramID(), wrap.AccountValues, append(must[[]byte](t)(wrap.Data()), 0))), "1 bytes after the args"},
		{"an ext_swap admin call", solanaPayload(t, svm.TxConfig{}, admin), "reset_whitelists is not an instruction this project builds"},
		{"a mint the catalog does not know", solanaPayload(t, svm.TxConfig{}, must[*solana.GenericInstruction](t)(xs.Wrap(svm.WrapParams{Owner: alice, Amount: 1,
			To: svm.Extension{Program: descWM.Program, Mint: unknownMint, TokenProgram: svm.Token2022Program}}))), "mint " + unknownMint.String()},
		{"a created account that is no associated token account", solanaPayload(t, svm.TxConfig{}, solana.NewInstruction(svm.AssociatedTokenProgram, solana.AccountMetaSlice{
			solana.Meta(alice).WRITE().SIGNER(), solana.Meta(bob).WRITE(), solana.Meta(bob), solana.Meta(descWM.Mint), solana.Meta(svm.SystemProgram), solana.Meta(svm.Token2022Program)}, []byte{1})), "not " + bob.String() + "'s associated token account"},
		{"an account creation that is not idempotent", solanaPayload(t, svm.TxConfig{}, solana.NewInstruction(svm.AssociatedTokenProgram, solana.AccountMetaSlice{
			solana.Meta(alice).WRITE().SIGNER(), solana.Meta(bobATA).WRITE(), solana.Meta(bob), solana.Meta(descWM.Mint), solana.Meta(svm.SystemProgram), solana.Meta(svm.Token2022Program)}, []byte{0})), "only CreateIdempotent"},
		{"accounts through a lookup table", solanaPayload(t, svm.TxConfig{LookupTable: &svm.LookupTable{Address: solana.PublicKey{3}, Addresses: solana.PublicKeySlice{bobATA}}},
			svm.CreateIdempotentATA(alice, bob, descWM.Mint, descWM.TokenProgram)), "comes from a lookup table"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := svm.DescribeFor(cat, c.payload, bob)
			if !errors.Is(err, svm.ErrUndescribed) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("DescribeFor = %q, %v; want an ErrUndescribed saying %q", got, err, c.want)
			}
		})
	}
}

// A wallet reads a Solana payload back before it signs: what it does,
// from its bytes, with the recipient it expects named only if the output
// is really that recipient's.
func ExampleDescribeFor() {
	funder := solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	recipient := solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	usdk := svm.Extension{
		Program:      solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"),
		Mint:         solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"),
		TokenProgram: svm.Token2022Program,
	}
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{})
	if err != nil {
		panic(err)
	}
	wrap, err := xs.Wrap(svm.WrapParams{Owner: funder, To: usdk, Amount: 2_500_000,
		ToTokenAccount: svm.AssociatedTokenAddress(recipient, usdk.Mint, usdk.TokenProgram)})
	if err != nil {
		panic(err)
	}
	tx, err := svm.Build([]solana.Instruction{svm.CreateIdempotentATA(funder, recipient, usdk.Mint, usdk.TokenProgram), wrap},
		svm.TxConfig{FeePayer: funder, RecentBlockhash: solana.Hash{1}})
	if err != nil {
		panic(err)
	}
	pl, err := svm.Payload(orchestration.Solana, tx)
	if err != nil {
		panic(err)
	}

	sentence, err := svm.DescribeFor(asset.Default(), orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &pl}}, recipient)
	if err != nil {
		fmt.Println("refused:", err)
		return
	}
	fmt.Println(sentence)
	// Output:
	// create the USDK token account of D76y…PAGm on Solana, then swap 2.5 M (UI amount) for USDK to D76y…PAGm via the M0 ext_swap program on Solana
}

// An open_order reads back as the order it opens: the amounts in each
// token's decimals, the recipient and solver in the destination's form,
// the deadline; one to a token the catalog does not know names its
// address; a tampered one (its nonce account of the token account, as
// the IDL has it) is not described.
func TestDescribeOpenOrder(t *testing.T) {
	cat := asset.Default()
	p := openOrderFixture()
	p.Payer = alice
	var ethWM [32]byte
	copy(ethWM[12:], must[[]byte](t)(hexBytes("437cc33344a0B27A429f795ff6B469C72698B291")))
	p.TokenOut = ethWM
	ix := must[*solana.GenericInstruction](t)(svm.OpenOrder(p))
	got, err := svm.Describe(cat, solanaPayload(t, svm.TxConfig{}, ix))
	if err != nil {
		t.Fatal(err)
	}
	want := "open a limit order selling 2.5 M for 2.49 wM to 0x222…2222 on Ethereum, filled by solver 0x444…4444 before 2027-01-15T09:00:00Z, via the OrderBook on Solana"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}

	same := p
	same.DestChainID, same.TokenOut, same.Recipient, same.Solver = same.OriginChainID, descWM.Mint, bob, [32]byte{}
	got, err = svm.Describe(cat, solanaPayload(t, svm.TxConfig{}, must[*solana.GenericInstruction](t)(svm.OpenOrder(same))))
	if want := "open a limit order selling 2.5 M for 2.49 wM to " + abbrev(bob) + " on Solana, filled by any solver before 2027-01-15T09:00:00Z, via the OrderBook on Solana"; err != nil || got != want {
		t.Errorf("same chain: %q, %v\nwant %q", got, err, want)
	}

	unknown := p
	unknown.TokenOut[31]++
	got, err = svm.Describe(cat, solanaPayload(t, svm.TxConfig{}, must[*solana.GenericInstruction](t)(svm.OpenOrder(unknown))))
	if err != nil || !strings.Contains(got, "for 2490000 0x437…b292 (smallest units) to") {
		t.Errorf("unknown token: %q, %v", got, err)
	}

	ata := svm.AssociatedTokenAddress(alice, svm.MMint, svm.Token2022Program)
	ix.AccountValues[6].PublicKey = mustPDA(svm.OrderBookProgramID, []byte("nonce"), ata[:])
	if _, err := svm.Describe(cat, solanaPayload(t, svm.TxConfig{}, ix)); !errors.Is(err, svm.ErrUndescribed) || !strings.Contains(err.Error(), "sender_nonce_account") {
		t.Errorf("nonce of the token account: %v", err)
	}
}

func hexBytes(s string) ([]byte, error) { return hex.DecodeString(s) }
