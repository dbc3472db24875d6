package svm_test

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/svm"
)

// Keys and values of the Solana facts §4 and §8 for a send of wM to
// Ethereum.
var (
	portalID    = solana.MustPublicKeyFromBase58("MzBrgc8yXBj4P16GTkcSyDZkEQZB9qDqf3fh9bByJce")
	evmWM       = [20]byte{0x43, 0x7c, 0xc3, 0x33, 0x44, 0xa0, 0xb2, 0x7a, 0x42, 0x9f, 0x79, 0x5f, 0xf6, 0xb4, 0x69, 0xc7, 0x26, 0x98, 0xb2, 0x91}
	evmReceiver = [20]byte{0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22, 0x22}
)

// sendWMToEthereum is the send the golden file describes.
func sendWMToEthereum() svm.SendTokenParams {
	return svm.SendTokenParams{
		Sender:             owner,
		Extension:          wM,
		Amount:             1_000_000,
		DestinationChainID: 1,
		DestinationToken:   svm.EVMAddress32(evmWM),
		Recipient:          svm.EVMAddress32(evmReceiver),
	}
}

type goldenAccount struct {
	Name string `json:"name"`
	Key  string `json:"key"`
	W    bool   `json:"w"`
	S    bool   `json:"s"`
}

type goldenInstruction struct {
	Program  string          `json:"program"`
	Data     string          `json:"data"`
	Accounts []goldenAccount `json:"accounts"`
}

func readGolden(t *testing.T, name string) goldenInstruction {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var g goldenInstruction
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSendTokenGolden: send_token's program, data and 29 accounts (the
// IDL's 19, then the Wormhole adapter's 10) equal, byte for byte and flag
// for flag, the expectation written by hand from the facts.
func TestSendTokenGolden(t *testing.T) {
	g := readGolden(t, "send_token_wm_to_ethereum.json")
	ix, err := svm.MainnetPortal.SendToken(sendWMToEthereum())
	if err != nil {
		t.Fatal(err)
	}
	if ix.ProgramID().String() != g.Program {
		t.Errorf("program %s, want %s", ix.ProgramID(), g.Program)
	}
	data, _ := ix.Data()
	if got, want := hex.EncodeToString(data), strings.ReplaceAll(g.Data, " ", ""); got != want {
		t.Errorf("data\n got %s\nwant %s", got, want)
	}
	accs := ix.Accounts()
	if len(accs) != len(g.Accounts) || len(accs) != 29 {
		t.Fatalf("%d accounts, golden has %d (want 19 + 10)", len(accs), len(g.Accounts))
	}
	for i, w := range g.Accounts {
		a := accs[i]
		if a.PublicKey.String() != w.Key || a.IsWritable != w.W || a.IsSigner != w.S {
			t.Errorf("account %d %s: %s w=%v s=%v, want %s w=%v s=%v", i, w.Name, a.PublicKey, a.IsWritable, a.IsSigner, w.Key, w.W, w.S)
		}
	}
}

// TestSendTokenAgainstIDL reads the send back by the embedded IDL from the
// compiled v0 transaction (the flags a signature covers): every IDL
// account sits in its role with the golden key, the PDAs (chain_paths with
// the arg seed, the vaults, the ATAs) derive again, the args decode to
// what was asked, and the ten accounts after the IDL's are the adapter's.
func TestSendTokenAgainstIDL(t *testing.T) {
	g := readGolden(t, "send_token_wm_to_ethereum.json")
	ix, err := svm.MainnetPortal.SendToken(sendWMToEthereum())
	if err != nil {
		t.Fatal(err)
	}
	// A lookup table holding the adapter's accounts, as WormholeGlobal's
	// receive_lut would.
	table := &svm.LookupTable{
		Address:   solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD"),
		Addresses: svm.MainnetPortal.WormholeRemainingAccounts().GetKeys(),
	}
	tx, err := svm.Build([]solana.Instruction{ix}, svm.TxConfig{FeePayer: owner, RecentBlockhash: solana.Hash{1}, LookupTable: table})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tx.MarshalBinary()
	back, err := svm.Decode(base64.StdEncoding.EncodeToString(raw))
	if err != nil {
		t.Fatal(err)
	}
	ixs, err := svm.Instructions(back, table)
	if err != nil || len(ixs) != 1 {
		t.Fatalf("%d instructions, %v", len(ixs), err)
	}
	p, err := svm.PortalIDL()
	if err != nil {
		t.Fatal(err)
	}
	call, rest, err := p.ReadCallWithRemaining(ixs[0], owner)
	if err != nil {
		t.Fatal(err)
	}
	if call.Name != "send_token" || len(call.Specs) != 19 {
		t.Fatalf("read %s with %d IDL accounts", call.Name, len(call.Specs))
	}
	for _, w := range g.Accounts[:19] {
		if k, ok := call.Account(w.Name); !ok || k.String() != w.Key {
			t.Errorf("IDL role %s holds %s, want %s", w.Name, k, w.Key)
		}
	}
	want := []any{uint64(1_000_000), svm.EVMAddress32(evmWM), uint64(1), svm.EVMAddress32(evmReceiver)}
	for i, w := range want {
		var got any = call.Args[i]
		if b, ok := got.([]byte); ok {
			var a [32]byte
			copy(a[:], b)
			got = a
		}
		if got != w {
			t.Errorf("arg %d = %v, want %v", i, call.Args[i], w)
		}
	}
	if len(rest) != 10 {
		t.Fatalf("%d accounts after the IDL's, want the adapter's 10", len(rest))
	}
	for i, w := range g.Accounts[19:] {
		if rest[i].PublicKey.String() != w.Key || rest[i].IsWritable != w.W || rest[i].IsSigner {
			t.Errorf("adapter account %d %s: %s w=%v s=%v, want %s w=%v", i, w.Name, rest[i].PublicKey, rest[i].IsWritable, rest[i].IsSigner, w.Key, w.W)
		}
	}
	if n := len(back.Message.AccountKeys); n >= 29 {
		t.Errorf("the v0 message has %d static keys: the lookup table was not used", n)
	}
}

// TestSendTokenReadCallCatches: ReadCall derives chain_paths from the
// destination_chain_id arg (a send to Base reads clean), refuses a send
// whose chain_paths is another chain's, and one missing an IDL account.
func TestSendTokenReadCallCatches(t *testing.T) {
	p, err := svm.PortalIDL()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := svm.MainnetPortal.SendToken(sendWMToEthereum())
	if err != nil {
		t.Fatal(err)
	}
	toBase := sendWMToEthereum()
	toBase.DestinationChainID = 8453
	base, err := svm.MainnetPortal.SendToken(toBase)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.ReadCallWithRemaining(base, owner); err != nil {
		t.Errorf("a send to Base does not read back clean: %v", err)
	}
	ix.AccountValues[3] = solana.Meta(svm.ChainPaths(portalID, 8453))
	if _, _, err := p.ReadCallWithRemaining(ix, owner); err == nil || !strings.Contains(err.Error(), "chain_paths") {
		t.Errorf("chain_paths of Base on a send to Ethereum: %v", err)
	}
	short := solana.NewInstruction(ix.ProgramID(), ix.AccountValues[:18], ix.DataBytes)
	if _, _, err := p.ReadCallWithRemaining(short, owner); err == nil || !strings.Contains(err.Error(), "18 accounts") {
		t.Errorf("18 accounts: %v", err)
	}
}

// TestPortalDerivations: each derived address equals the value the facts
// give (computed there independently with solana-go).
func TestPortalDerivations(t *testing.T) {
	d := svm.MainnetPortal
	tests := []struct {
		name string
		got  solana.PublicKey
		want string
	}{
		{"portal_global", d.PortalGlobal(), "54dGjbVChJseSS7zo1AWWazMtz4NXi89pQPF2HH2hM6W"},
		{"portal_authority", d.PortalAuthority(), "5qRSth9bauYSDcSF6rduiLciDAfCNWWd8EiHhgX1w5Tb"},
		{"m_token_account", d.PortalMAccount(), "8X7oLqqYaXrTAEBBWje61acYdbBGbRYm4wYkcVxg5inx"},
		{"wormhole_global", d.WormholeGlobal(), "5gQtHLbtBLuEfGdx6TN1buA2ph9kp3Aixc2ghPvggSoH"},
		{"emitter", d.WormholeEmitter(), "J1bVGcwG3nPsAJsi3GFNqC9NZmKatSuoutPbaKMiT7Bm"},
		{"sequence (mainnet)", d.WormholeSequence(), "CP33GZ2Kbx3kerC3iAimm7Pn9vQ3Nwotq1pVdLLDfhez"},
		{"shim message", d.ShimMessage(), "736vwQdFUhgvhcp94YxVXHvPM15s3Z3no7fzrVchpETh"},
		{"shim event authority", svm.EventAuthority(d.Shim), "HQS31aApX3DDkuXgSpV9XyDUNtFgQ31pUn5BNWHG2PSp"},
		{"chain_paths(1)", svm.ChainPaths(d.Portal, 1), "9WMKFuXNSuXaJkZjCr7Zj1aCPELNm4SSq1tPxc6khRRA"},
	}
	for _, tt := range tests {
		if tt.got.String() != tt.want {
			t.Errorf("%s = %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	// Devnet shares the programs but not the core bridge: its sequence
	// account differs, its emitter does not.
	if svm.DevnetPortal.WormholeSequence().Equals(d.WormholeSequence()) {
		t.Error("devnet's sequence account is mainnet's")
	}
	if !svm.DevnetPortal.WormholeEmitter().Equals(d.WormholeEmitter()) {
		t.Error("devnet's emitter differs from mainnet's")
	}
}

// TestSendTokenRefuses: what the program would refuse, or what would send
// to nobody, fails when building.
func TestSendTokenRefuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(*svm.SendTokenParams)
		want   string
	}{
		{"no sender", func(p *svm.SendTokenParams) { p.Sender = solana.PublicKey{} }, "no sender"},
		{"zero amount", func(p *svm.SendTokenParams) { p.Amount = 0 }, "amount must be positive"},
		{"no extension", func(p *svm.SendTokenParams) { p.Extension.Mint = solana.PublicKey{} }, "extension program and mint"},
		{"odd token program", func(p *svm.SendTokenParams) { p.Extension.TokenProgram = owner }, "neither SPL Token nor Token-2022"},
		{"to Solana itself", func(p *svm.SendTokenParams) { p.DestinationChainID = 1399811149 }, "not another chain"},
		{"no chain", func(p *svm.SendTokenParams) { p.DestinationChainID = 0 }, "not another chain"},
		{"no recipient", func(p *svm.SendTokenParams) { p.Recipient = [32]byte{} }, "no recipient"},
		{"no destination token", func(p *svm.SendTokenParams) { p.DestinationToken = [32]byte{} }, "no destination token"},
	}
	for _, tt := range tests {
		p := sendWMToEthereum()
		tt.change(&p)
		if _, err := svm.MainnetPortal.SendToken(p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
	other := svm.MainnetPortal
	other.ExtSwap = owner
	if _, err := other.SendToken(sendWMToEthereum()); err == nil || !strings.Contains(err.Error(), "swap_program must be") {
		t.Errorf("another ext_swap than the IDL's: %v", err)
	}
}

// TestPortalIDLEmbedded: the embedded Portal IDL parses whole (its arg
// seeds included), names the facts' program id, and each discriminator is
// sha256("global:" + name)[:8], send_token's the facts' bytes.
func TestPortalIDLEmbedded(t *testing.T) {
	p, err := svm.PortalIDL()
	if err != nil {
		t.Fatal(err)
	}
	if !p.ID().Equals(portalID) || p.Name() != "portal" {
		t.Errorf("IDL %s at %s", p.Name(), p.ID())
	}
	for _, name := range p.Instructions() {
		if d, _ := p.Discriminator(name); !bytes.Equal(d, anchorDisc(name)) {
			t.Errorf("%s: discriminator %v, want %v", name, d, anchorDisc(name))
		}
	}
	if d, _ := p.Discriminator("send_token"); !bytes.Equal(d, []byte{157, 183, 177, 53, 196, 251, 54, 185}) {
		t.Errorf("send_token discriminator %v", d)
	}
}

// TestDescribeSendAndRelay: a send and a relay request each read back
// into a sentence: amount and token, recipient as 0x…, destination chain
// by name; the relay's cost, payee and message. (Together they exceed a
// legacy transaction, and Describe does not read a lookup table yet.)
func TestDescribeSendAndRelay(t *testing.T) {
	send, err := svm.MainnetPortal.SendToken(sendWMToEthereum())
	if err != nil {
		t.Fatal(err)
	}
	r := executionRequest()
	r.Sequence = 7
	relay, err := svm.RequestForExecution(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		ix   *solana.GenericInstruction
		want string
	}{
		{send, "send 1 wM to 0x222…2222 on Ethereum as the token 0x437…b291 via the M Portal on Solana"},
		{relay, "pay 0.012345678 SOL to the Wormhole Executor (payee 5TeW…JzHf) to relay message 7 of J1bV…T7Bm to Wormhole chain 2"},
	} {
		got, err := svm.Describe(asset.Default(), solanaPayload(t, svm.TxConfig{FeePayer: owner}, tt.ix))
		if err != nil || got != tt.want {
			t.Errorf("Describe =\n %q, %v\nwant\n %q", got, err, tt.want)
		}
	}

	// A send whose adapter accounts are not the Wormhole adapter's is not
	// described.
	bad := *send
	bad.AccountValues = append(solana.AccountMetaSlice(nil), send.AccountValues...)
	bad.AccountValues[19+4] = solana.Meta(svm.DevnetPortal.WormholeSequence()).WRITE()
	if _, err := svm.Describe(asset.Default(), solanaPayload(t, svm.TxConfig{FeePayer: owner}, &bad)); !errors.Is(err, svm.ErrUndescribed) || !strings.Contains(err.Error(), "adapter account 5") {
		t.Errorf("devnet's sequence on a mainnet send: %v", err)
	}
	// A recipient that is not a left-padded EVM address, and a relay that
	// pays another key than the quote's payee, are not described.
	for _, at := range []int{0, 11} { // the padding's first byte and its last
		notEVM := sendWMToEthereum()
		notEVM.Recipient[at] = 1
		odd, err := svm.MainnetPortal.SendToken(notEVM)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svm.Describe(asset.Default(), solanaPayload(t, svm.TxConfig{FeePayer: owner}, odd)); !errors.Is(err, svm.ErrUndescribed) || !strings.Contains(err.Error(), "not an EVM address") {
			t.Errorf("a 32-byte recipient with byte %d of its padding set: %v", at, err)
		}
	}
	elsewhere := *relay
	elsewhere.AccountValues = append(solana.AccountMetaSlice(nil), relay.AccountValues...)
	elsewhere.AccountValues[1] = solana.Meta(alice).WRITE()
	if _, err := svm.Describe(asset.Default(), solanaPayload(t, svm.TxConfig{FeePayer: owner}, &elsewhere)); !errors.Is(err, svm.ErrUndescribed) || !strings.Contains(err.Error(), "not the signed quote's payee") {
		t.Errorf("a relay paying another key: %v", err)
	}
}

// TestSendAndRelayFitV0: the send and its relay request, with a compute
// budget, fit neither as a legacy transaction nor as v0 with only the
// adapter's ten accounts in the table, but do as v0 with a table that also
// holds the send's fixed accounts (the facts: compiled as v0 with the
// adapter's receive table, whose real contents are read from
// WormholeGlobal.receive_lut and are not in the facts).
func TestSendAndRelayFitV0(t *testing.T) {
	send, err := svm.MainnetPortal.SendToken(sendWMToEthereum())
	if err != nil {
		t.Fatal(err)
	}
	relay, err := svm.RequestForExecution(executionRequest())
	if err != nil {
		t.Fatal(err)
	}
	ixs := []solana.Instruction{send, relay}
	lut := solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD")
	cfg := svm.TxConfig{FeePayer: owner, RecentBlockhash: solana.Hash{1}, ComputeUnitLimit: 400_000, ComputeUnitPrice: 1000}
	adapterOnly := &svm.LookupTable{Address: lut, Addresses: svm.MainnetPortal.WormholeRemainingAccounts().GetKeys()}
	var fixed solana.PublicKeySlice
	for _, a := range send.AccountValues[1:] { // all but the sender's
		if !a.PublicKey.Equals(send.ProgramID()) {
			fixed = append(fixed, a.PublicKey)
		}
	}
	for _, tt := range []struct {
		name  string
		table *svm.LookupTable
		fits  bool
	}{
		{"legacy", nil, false},
		{"v0, the adapter's 10 accounts in the table", adapterOnly, false},
		{"v0, every account of the send but the sender's in the table", &svm.LookupTable{Address: lut, Addresses: fixed}, true},
	} {
		cfg.LookupTable = tt.table
		tx, err := svm.Build(ixs, cfg)
		if !tt.fits {
			if err == nil || !strings.Contains(err.Error(), "over the 1232-byte limit") {
				t.Errorf("%s: %v, want over the limit", tt.name, err)
			}
			t.Logf("%s: %v", tt.name, err)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		raw, _ := tx.MarshalBinary()
		t.Logf("%s: %d bytes, %d static keys", tt.name, len(raw), len(tx.Message.AccountKeys))
		back, err := svm.Instructions(tx, tt.table)
		if err != nil || len(back) != 4 {
			t.Fatalf("%s: %d instructions, %v", tt.name, len(back), err)
		}
		if r, err := svm.ExecutionRequestOf(back[3]); err != nil || !equalRequests(r, executionRequest()) {
			t.Errorf("%s: the relay read back: %+v, %v", tt.name, r, err)
		}
	}
}
