package svm_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// The account discriminators the facts give (§6), which the decoders take
// from the IDLs.
func TestStateDiscriminatorsMatchFacts(t *testing.T) {
	portal, err := svm.PortalIDL()
	if err != nil {
		t.Fatal(err)
	}
	adapter, err := svm.WormholeAdapterIDL()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		prog    *svm.Program
		account string
		want    []byte
	}{
		{portal, "PortalGlobal", []byte{83, 250, 129, 21, 172, 135, 20, 236}},
		{portal, "ChainBridgePaths", []byte{89, 30, 178, 53, 154, 232, 75, 140}},
		{adapter, "WormholeGlobal", []byte{116, 100, 187, 174, 88, 1, 91, 250}},
	} {
		if got, ok := tt.prog.AccountDiscriminator(tt.account); !ok || !bytes.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.account, got, tt.want)
		}
	}
	if adapter.ID() != svm.WormholeAdapterProgramID {
		t.Errorf("adapter IDL address %s", adapter.ID())
	}
}

// le builds account bytes field by field, at the offsets of the layout,
// independently of svmtest's encoders.
type le struct{ b []byte }

func (w *le) raw(b ...byte) *le          { w.b = append(w.b, b...); return w }
func (w *le) key(k solana.PublicKey) *le { return w.raw(k[:]...) }
func (w *le) u32(v uint32) *le           { w.b = binary.LittleEndian.AppendUint32(w.b, v); return w }
func (w *le) u64(v uint64) *le           { w.b = binary.LittleEndian.AppendUint64(w.b, v); return w }

var (
	portalAdmin = solana.PublicKeyFromBytes(bytes.Repeat([]byte{0xAD}, 32))
	pending     = solana.PublicKeyFromBytes(bytes.Repeat([]byte{0xBE}, 32))
)

func TestDecodePortalGlobal(t *testing.T) {
	// m_index 1.05e12 as a u128 LE.
	idx := make([]byte, 16)
	binary.LittleEndian.PutUint64(idx, 1_050_000_000_000)
	hand := (&le{}).raw(83, 250, 129, 21, 172, 135, 20, 236).raw(255).u32(1399811149).key(svm.MMint).key(portalAdmin).
		raw(1, 0).raw(idx...).u64(77).raw(1).key(pending).raw(1).u32(1).u64(9).raw(make([]byte, 120)...).b
	g, err := svm.DecodePortalGlobal(hand)
	if err != nil {
		t.Fatal(err)
	}
	want := &svm.PortalGlobal{ChainID: 1399811149, MMint: svm.MMint, Admin: portalAdmin, OutgoingPaused: true,
		MIndex: big.NewInt(1_050_000_000_000), MessageNonce: 77, PendingAdmin: pending, IsolatedHub: true,
		IsolatedHubChainID: 1, UnclaimedMBalance: 9}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("decoded\n %+v\nwant\n %+v", g, want)
	}
	if enc := svmtest.PortalGlobal(*want); !bytes.Equal(enc, hand) {
		t.Errorf("svmtest.PortalGlobal differs from the layout:\n %x\n %x", enc, hand)
	}
	if err := g.SendsTo(1); err == nil || !strings.Contains(err.Error(), "paused") {
		t.Errorf("paused: %v", err)
	}
	g.OutgoingPaused = false
	if err := g.SendsTo(8453); err == nil || !strings.Contains(err.Error(), "isolated") {
		t.Errorf("an isolated spoke to another chain than its hub: %v", err)
	}
	if err := g.SendsTo(1); err != nil {
		t.Errorf("an isolated spoke to its hub: %v", err)
	}

	// Options absent: the fields after them move up.
	short := (&le{}).raw(83, 250, 129, 21, 172, 135, 20, 236).raw(255).u32(1399811150).key(svm.MMint).key(portalAdmin).
		raw(0, 1).raw(make([]byte, 16)...).u64(3).raw(0).raw(0).u64(5).raw(make([]byte, 120)...).b
	g, err = svm.DecodePortalGlobal(short)
	if err != nil || g.IsolatedHub || !g.PendingAdmin.IsZero() || !g.IncomingPaused || g.UnclaimedMBalance != 5 || g.MessageNonce != 3 {
		t.Errorf("without options: %+v, %v", g, err)
	}
	for name, data := range map[string][]byte{
		"another account":  append([]byte{89, 30, 178, 53, 154, 232, 75, 140}, hand[8:]...),
		"cut before nonce": hand[:8+1+4+64+2+16],
	} {
		if _, err := svm.DecodePortalGlobal(data); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

func TestDecodeChainBridgePaths(t *testing.T) {
	usdkOnBase, wmOnEth := svm.EVMAddress32([20]byte{0xaa, 1}), svm.EVMAddress32(evmWM)
	hand := (&le{}).raw(89, 30, 178, 53, 154, 232, 75, 140).raw(253).u32(1).u32(2).
		key(wM.Mint).raw(wmOnEth[:]...).key(usdk.Mint).raw(usdkOnBase[:]...).raw(make([]byte, 40)...).b
	c, err := svm.DecodeChainBridgePaths(hand)
	if err != nil {
		t.Fatal(err)
	}
	want := &svm.ChainBridgePaths{DestinationChainID: 1, Paths: []svm.BridgePath{
		{SourceMint: wM.Mint, DestinationToken: svm.EVMAddress32(evmWM)}, {SourceMint: usdk.Mint, DestinationToken: usdkOnBase}}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("decoded %+v", c)
	}
	if !c.Allows(wM.Mint, svm.EVMAddress32(evmWM)) || c.Allows(wM.Mint, usdkOnBase) || c.Allows(usdk.Mint, svm.EVMAddress32(evmWM)) {
		t.Error("Allows does not follow the paths")
	}
	if got, err := svm.DecodeChainBridgePaths(svmtest.ChainBridgePaths(*want)); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("svmtest.ChainBridgePaths round trip: %+v, %v", got, err)
	}
	if _, err := svm.DecodeChainBridgePaths(hand[:8+1+4+4+64+10]); err == nil {
		t.Error("a cut second path decoded")
	}
}

func TestDecodeWormholeGlobal(t *testing.T) {
	lut := solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD")
	hand := (&le{}).raw(116, 100, 187, 174, 88, 1, 91, 250).raw(253).key(portalAdmin).raw(0, 1).u32(1).
		raw(1).key(lut).raw(0).u32(2).
		raw(evmPeer[:]...).u32(1).u32(2).
		raw(evmPeer[:]...).u32(8453).u32(30).raw(make([]byte, 128)...).b
	g, err := svm.DecodeWormholeGlobal(hand)
	if err != nil {
		t.Fatal(err)
	}
	want := &svm.WormholeGlobal{Admin: portalAdmin, IncomingPaused: true, ChainID: 1, ReceiveLUT: lut, Peers: []svm.WormholePeer{
		{Address: evmPeer, M0ChainID: 1, AdapterChainID: 2}, {Address: evmPeer, M0ChainID: 8453, AdapterChainID: 30}}}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("decoded\n %+v\nwant\n %+v", g, want)
	}
	if enc := svmtest.WormholeGlobal(*want); !bytes.Equal(enc, hand) {
		t.Errorf("svmtest.WormholeGlobal differs from the layout:\n %x\n %x", enc, hand)
	}
	if p, ok := g.Peer(8453); !ok || p.AdapterChainID != 30 {
		t.Errorf("Peer(8453) = %+v, %v", p, ok)
	}
	if _, ok := g.Peer(42161); ok {
		t.Error("a peer on a chain not listed")
	}
	if _, err := svm.DecodeWormholeGlobal(hand[:len(hand)-128-1]); err == nil {
		t.Error("a global cut in its peers decoded")
	}
}

// The core bridge config: its address is ["Bridge"] under the core bridge
// (the facts' constants), its layout u32 | u64 | u32 | u64.
func TestWormholeBridgeConfig(t *testing.T) {
	for _, d := range []svm.PortalDeployment{svm.MainnetPortal, svm.DevnetPortal} {
		if k, err := svm.PDA(d.CoreBridge, []byte("Bridge")); err != nil || !k.Equals(d.BridgeConfig) {
			t.Errorf("core bridge %s: [\"Bridge\"] = %s, the facts' config is %s", d.CoreBridge, k, d.BridgeConfig)
		}
	}
	hand := (&le{}).u32(4).u64(1_000_000_000).u32(86400).u64(100).b
	c, err := svm.DecodeWormholeBridgeConfig(hand)
	want := &svm.WormholeBridgeConfig{GuardianSetIndex: 4, LastLamports: 1_000_000_000, GuardianSetExpirationTime: 86400, Fee: 100}
	if err != nil || !reflect.DeepEqual(c, want) {
		t.Errorf("decoded %+v, %v", c, err)
	}
	if !bytes.Equal(svmtest.WormholeBridgeConfig(*want), hand) {
		t.Error("svmtest.WormholeBridgeConfig differs from the layout")
	}
	if _, err := svm.DecodeWormholeBridgeConfig(hand[:23]); err == nil {
		t.Error("23 bytes decoded")
	}
}

func TestDecodeLookupTable(t *testing.T) {
	at := solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD")
	addrs := []solana.PublicKey{svm.MMint, wM.Mint, svm.SystemProgram}
	header := func(deactivation, lastSlot uint64, start byte) []byte {
		w := (&le{}).u32(1).u64(deactivation).u64(lastSlot).raw(start).raw(1).key(portalAdmin).raw(0, 0)
		for _, a := range addrs {
			w.key(a)
		}
		return w.b
	}
	for _, tt := range []struct {
		name string
		data []byte
		slot uint64
		want int // addresses usable; -1: refused
	}{
		{"active, extended long ago", header(math.MaxUint64, 10, 1), 500, 3},
		{"extended in the slot read: the last two not yet usable", header(math.MaxUint64, 500, 1), 500, 1},
		{"slot not given", header(math.MaxUint64, 500, 1), 0, 3},
		{"deactivated", header(400, 10, 1), 500, -1},
		{"uninitialized", append([]byte{0, 0, 0, 0}, header(math.MaxUint64, 10, 1)[4:]...), 500, -1},
		{"torn address", header(math.MaxUint64, 10, 1)[:56+40], 500, -1},
		{"svmtest's", svmtest.LookupTable(addrs), 500, 3},
	} {
		tab, err := svm.DecodeLookupTable(at, tt.data, tt.slot)
		if tt.want < 0 {
			if err == nil {
				t.Errorf("%s: decoded", tt.name)
			}
			continue
		}
		if err != nil || !tab.Address.Equals(at) || !reflect.DeepEqual([]solana.PublicKey(tab.Addresses), addrs[:tt.want]) {
			t.Errorf("%s: %+v, %v", tt.name, tab, err)
		}
	}
}

// sendState is a send's state in which wM may go to Ethereum as wM.
func sendState(t *testing.T, d svm.PortalDeployment) svm.SendState {
	t.Helper()
	lut := solana.MustPublicKeyFromBase58("9JLRqBqkznKiSoNfotA4ywSRdnWb2fE76SiFrAfkaRCD")
	return svm.SendState{
		Portal: &svm.PortalGlobal{ChainID: d.M0ChainID, MMint: d.MMint},
		Swap:   &svm.SwapGlobal{Extensions: []svm.Extension{wM, usdk}},
		Paths:  &svm.ChainBridgePaths{DestinationChainID: 1, Paths: []svm.BridgePath{{SourceMint: wM.Mint, DestinationToken: svm.EVMAddress32(evmWM)}}},
		Wormhole: &svm.WormholeGlobal{ChainID: 1, ReceiveLUT: lut,
			Peers: []svm.WormholePeer{{Address: evmPeer, M0ChainID: 1, AdapterChainID: 2}}},
		Sequence: 0x0102030405060708,
		Table:    &svm.LookupTable{Address: lut, Addresses: svmtest.SendTable(d, []svm.Extension{wM, usdk}, []uint32{1})},
	}
}

func sendAndRelay(t *testing.T) svm.SendAndRelayParams {
	r := executionRequest()
	return svm.SendAndRelayParams{
		Funder: owner, Extension: wM, Amount: 1_000_000, DestinationChainID: 1,
		DestinationToken: svm.EVMAddress32(evmWM), Recipient: svm.EVMAddress32(evmReceiver),
		State:  sendState(t, svm.MainnetPortal),
		Relay:  svm.Relay{SignedQuote: r.SignedQuote, EstimatedCost: r.EstimatedCost, DstChain: 2, Instructions: r.RelayInstructions},
		Budget: svm.TxConfig{RecentBlockhash: solana.Hash{9}, ComputeUnitLimit: 400_000, ComputeUnitPrice: 1000},
	}
}

// TestSendAndRelay builds the v0 transaction and reads it back through
// the table: compute budget, send_token equal to SendToken's (the golden
// file's), and a request_for_execution paying the quote's payee, to the
// adapter's peer, for the sequence read, refunding the funder.
func TestSendAndRelay(t *testing.T) {
	p := sendAndRelay(t)
	tx, err := svm.MainnetPortal.SendAndRelay(p)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tx.MarshalBinary()
	t.Logf("%d bytes, %d static keys, %d from the table", len(raw), len(tx.Message.AccountKeys), len(p.State.Table.Addresses))
	if !tx.Message.IsVersioned() || len(tx.Message.AddressTableLookups) != 1 || !tx.Message.AddressTableLookups[0].AccountKey.Equals(p.State.Table.Address) {
		t.Fatalf("not v0 through the adapter's table: %+v", tx.Message.AddressTableLookups)
	}
	if !tx.Message.AccountKeys[0].Equals(owner) || tx.Message.Header.NumRequiredSignatures != 1 {
		t.Errorf("fee payer %s, %d signers", tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures)
	}
	ixs, err := svm.Instructions(tx, p.State.Table)
	if err != nil || len(ixs) != 4 {
		t.Fatalf("%d instructions, %v", len(ixs), err)
	}
	if s, err := svm.ReadComputeBudget(ixs[0]); err != nil || s.Price || s.Value != 400_000 {
		t.Errorf("first: %+v, %v", s, err)
	}
	if s, err := svm.ReadComputeBudget(ixs[1]); err != nil || !s.Price || s.Value != 1000 {
		t.Errorf("second: %+v, %v", s, err)
	}
	send, err := svm.MainnetPortal.SendToken(sendWMToEthereum())
	if err != nil {
		t.Fatal(err)
	}
	gotData, _ := ixs[2].Data()
	wantData, _ := send.Data()
	if !bytes.Equal(gotData, wantData) || !reflect.DeepEqual(ixs[2].Accounts(), send.Accounts()) {
		t.Errorf("send_token read back through the table differs from SendToken's")
	}
	g := readGolden(t, "send_token_wm_to_ethereum.json")
	for i, a := range g.Accounts {
		if i < len(ixs[2].Accounts()) && ixs[2].Accounts()[i].PublicKey.String() != a.Key {
			t.Errorf("send_token account %d (%s) is %s, the golden file's %s", i, a.Name, ixs[2].Accounts()[i].PublicKey, a.Key)
		}
	}
	r, err := svm.ExecutionRequestOf(ixs[3])
	if err != nil {
		t.Fatal(err)
	}
	want := svm.ExecutionRequest{Payer: owner, Payee: payee, EstimatedCost: 12_345_678, DstChain: 2, DstAddr: evmPeer,
		RefundAddr: owner, SignedQuote: p.Relay.SignedQuote, Emitter: svm.MainnetPortal.WormholeEmitter(),
		Sequence: 0x0102030405060708, RelayInstructions: p.Relay.Instructions}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("request_for_execution\n %+v\nwant\n %+v", r, want)
	}
	// The payer signs and is writable; the payee is writable, whether
	// static or from the table.
	if a := ixs[3].Accounts(); !a[0].IsSigner || !a[0].IsWritable || !a[1].IsWritable {
		t.Errorf("executor account flags %+v %+v", a[0], a[1])
	}
}

// SendAndRelay refuses a state the programs would refuse, and a quote for
// another chain than the peer's, naming why; a table without the send's
// fixed accounts makes it too large.
func TestSendAndRelayRefuses(t *testing.T) {
	for _, tt := range []struct {
		name    string
		change  func(*svm.SendAndRelayParams)
		refuses bool
		want    string
	}{
		{"portal paused", func(p *svm.SendAndRelayParams) { p.State.Portal.OutgoingPaused = true }, true, "outgoing_paused"},
		{"adapter paused", func(p *svm.SendAndRelayParams) { p.State.Wormhole.OutgoingPaused = true }, true, "adapter is paused"},
		{"isolated spoke", func(p *svm.SendAndRelayParams) {
			p.State.Portal.IsolatedHub, p.State.Portal.IsolatedHubChainID = true, 8453
		}, true, "isolated"},
		{"no path", func(p *svm.SendAndRelayParams) { p.DestinationToken = svm.EVMAddress32(evmReceiver) }, true, "no path"},
		{"not whitelisted", func(p *svm.SendAndRelayParams) { p.State.Swap.Extensions = p.State.Swap.Extensions[1:] }, true, "not whitelisted"},
		{"no peer", func(p *svm.SendAndRelayParams) { p.State.Wormhole.Peers = nil }, true, "no peer"},
		{"another table", func(p *svm.SendAndRelayParams) { p.State.Wormhole.ReceiveLUT = alice }, true, "not the Wormhole adapter's"},
		{"another M", func(p *svm.SendAndRelayParams) { p.State.Portal.MMint = alice }, true, "M mint"},
		{"paths of another chain", func(p *svm.SendAndRelayParams) { p.State.Paths.DestinationChainID = 8453 }, false, "for chain 8453"},
		{"quote for another chain", func(p *svm.SendAndRelayParams) { p.Relay.DstChain = 30 }, false, "Wormhole chain 30"},
		{"no sequence account's worth of table", func(p *svm.SendAndRelayParams) {
			p.State.Table.Addresses = svm.MainnetPortal.WormholeRemainingAccounts().GetKeys()
		}, false, "over the 1232-byte limit"},
	} {
		p := sendAndRelay(t)
		tt.change(&p)
		_, err := svm.MainnetPortal.SendAndRelay(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) || errors.Is(err, svm.ErrPortalRefuses) != tt.refuses {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	p := sendAndRelay(t)
	p.State.Table.Addresses = svm.MainnetPortal.WormholeRemainingAccounts().GetKeys()
	var tooLarge *svm.TooLargeError
	if _, err := svm.MainnetPortal.SendAndRelay(p); !errors.As(err, &tooLarge) || tooLarge.Size <= svm.MaxTransactionSize {
		t.Errorf("too large: %v", err)
	}
}

// DescribeWithTable reads the v0 send through the table it was compiled
// against; without it, the transaction is not described.
func TestDescribeSendAndRelayThroughTable(t *testing.T) {
	p := sendAndRelay(t)
	tx, err := svm.MainnetPortal.SendAndRelay(p)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := svm.Payload(orchestration.Solana, tx)
	if err != nil {
		t.Fatal(err)
	}
	payload := orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &pl}}
	got, err := svm.DescribeWithTable(asset.Default(), payload, p.State.Table)
	want := "send 1 wM to 0x222…2222 on Ethereum as the token 0x437…b291 via the M Portal on Solana, then " +
		"pay 0.012345678 SOL to the Wormhole Executor (payee 5TeW…JzHf) to relay message 72623859790382856 of J1bV…T7Bm to Wormhole chain 2" +
		", with a priority fee of 1000 micro-lamports per compute unit"
	if err != nil || got != want {
		t.Errorf("DescribeWithTable =\n %q, %v\nwant\n %q", got, err, want)
	}
	if _, err := svm.Describe(asset.Default(), payload); !errors.Is(err, svm.ErrUndescribed) || !strings.Contains(err.Error(), "lookup table") {
		t.Errorf("without the table: %v", err)
	}
	other := &svm.LookupTable{Address: alice, Addresses: p.State.Table.Addresses}
	if _, err := svm.DescribeWithTable(asset.Default(), payload, other); !errors.Is(err, svm.ErrUndescribed) {
		t.Errorf("with another table: %v", err)
	}
}
