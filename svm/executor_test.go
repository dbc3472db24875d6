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

// executorQuote is a stand-in signed quote: its bytes [24:56] are payee,
// the rest filler (the executor package decodes the real layout).
func executorQuote(payee solana.PublicKey) []byte {
	q := bytes.Repeat([]byte{0xEE}, 165)
	copy(q[24:56], payee[:])
	return q
}

// relayEVM is relay instructions for an EVM destination, built by hand:
// 0x01 | gas_limit u128 BE | msg_value u128 BE (facts §4).
func relayEVM(gas, value uint64) []byte {
	b := make([]byte, 33)
	b[0] = 1
	new(big.Int).SetUint64(gas).FillBytes(b[1:17])
	new(big.Int).SetUint64(value).FillBytes(b[17:33])
	return b
}

var (
	executorID = solana.MustPublicKeyFromBase58("execXUrAsMnqMmTHj5m7N1YQgsDz3cwGLYCYyuDRciV")
	payee      = solana.PublicKeyFromBytes(bytes.Repeat([]byte{0x42}, 32)) // an arbitrary key
	// evmPeer is the EVM Wormhole peer ntt-sdk-route relays to.
	evmPeer = svm.EVMAddress32([20]byte{0xac, 0xff, 0xec, 0x28, 0xc4, 0xee, 0xe2, 0x1c, 0x88, 0x9a, 0x4e, 0x6c, 0x07, 0x04, 0xc5, 0x40, 0xed, 0x9d, 0x4f, 0xdd})
)

func executionRequest() svm.ExecutionRequest {
	return svm.ExecutionRequest{
		Payer:             owner,
		Payee:             payee,
		EstimatedCost:     12_345_678,
		DstChain:          2, // Ethereum's Wormhole id
		DstAddr:           evmPeer,
		RefundAddr:        svm.EVMAddress32(evmReceiver),
		SignedQuote:       executorQuote(payee),
		Emitter:           svm.MainnetPortal.WormholeEmitter(),
		Sequence:          0x0102030405060708,
		RelayInstructions: relayEVM(450_000, 4_500_000),
	}
}

// TestRequestForExecutionLayout decodes the instruction's data field by
// field at the offsets the facts give, independently of the package's own
// reader, and checks the three accounts and their flags.
func TestRequestForExecutionLayout(t *testing.T) {
	r := executionRequest()
	ix, err := svm.RequestForExecution(r)
	if err != nil {
		t.Fatal(err)
	}
	if !ix.ProgramID().Equals(executorID) {
		t.Errorf("program %s, want the Executor", ix.ProgramID())
	}
	accs := ix.Accounts()
	wantAccs := []solana.AccountMeta{{PublicKey: owner, IsWritable: true, IsSigner: true}, {PublicKey: payee, IsWritable: true}, {PublicKey: solana.SystemProgramID}}
	if len(accs) != 3 {
		t.Fatalf("%d accounts, want 3", len(accs))
	}
	for i, w := range wantAccs {
		if *accs[i] != w {
			t.Errorf("account %d = %+v, want %+v", i, *accs[i], w)
		}
	}
	d, _ := ix.Data()
	le := binary.LittleEndian
	take := func(n int) []byte {
		t.Helper()
		if len(d) < n {
			t.Fatalf("data short by %d bytes", n-len(d))
		}
		b := d[:n]
		d = d[n:]
		return b
	}
	lenPrefixed := func() []byte { return take(int(le.Uint32(take(4)))) }
	if got := take(8); !bytes.Equal(got, []byte{109, 107, 87, 37, 151, 192, 119, 115}) || !bytes.Equal(got, anchorDisc("request_for_execution")) {
		t.Errorf("discriminator %v", got)
	}
	if got := le.Uint64(take(8)); got != 12_345_678 {
		t.Errorf("estimated_cost %d", got)
	}
	if got := le.Uint16(take(2)); got != 2 {
		t.Errorf("dst chain %d", got)
	}
	if got := take(32); !bytes.Equal(got, evmPeer[:]) {
		t.Errorf("dst_addr %x", got)
	}
	refund := svm.EVMAddress32(evmReceiver)
	if got := take(32); !bytes.Equal(got, refund[:]) {
		t.Errorf("refund_addr %x", got)
	}
	if got := lenPrefixed(); !bytes.Equal(got, executorQuote(payee)) {
		t.Errorf("signed quote %x", got)
	}
	emitter := solana.MustPublicKeyFromBase58("J1bVGcwG3nPsAJsi3GFNqC9NZmKatSuoutPbaKMiT7Bm")
	wantReq := append(append([]byte("ERV1\x00\x01"), emitter[:]...), 1, 2, 3, 4, 5, 6, 7, 8)
	if got := lenPrefixed(); !bytes.Equal(got, wantReq) {
		t.Errorf("request\n got %x\nwant %x", got, wantReq)
	}
	wantRelay := append([]byte{1}, make([]byte, 32)...)
	copy(wantRelay[14:17], []byte{0x06, 0xdd, 0xd0}) // 450000 gas
	copy(wantRelay[30:33], []byte{0x44, 0xaa, 0x20}) // 4500000 wei
	if got := lenPrefixed(); !bytes.Equal(got, wantRelay) {
		t.Errorf("relay instructions\n got %x\nwant %x", got, wantRelay)
	}
	if len(d) != 0 {
		t.Errorf("%d bytes after the fields", len(d))
	}

	back, err := svm.ExecutionRequestOf(ix)
	if err != nil {
		t.Fatal(err)
	}
	if !equalRequests(back, r) {
		t.Errorf("read back %+v, built %+v", back, r)
	}
}

func equalRequests(a, b svm.ExecutionRequest) bool {
	return a.Payer == b.Payer && a.Payee == b.Payee && a.EstimatedCost == b.EstimatedCost && a.DstChain == b.DstChain &&
		a.DstAddr == b.DstAddr && a.RefundAddr == b.RefundAddr && bytes.Equal(a.SignedQuote, b.SignedQuote) &&
		a.Emitter == b.Emitter && a.Sequence == b.Sequence && bytes.Equal(a.RelayInstructions, b.RelayInstructions)
}

// TestRequestForExecutionRefuses: a payee that is not the signed quote's
// (the Executor would not be paid), and missing fields, fail when building;
// a truncated or foreign instruction fails when reading.
func TestRequestForExecutionRefuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(*svm.ExecutionRequest)
		want   string
	}{
		{"payee not the quote's", func(r *svm.ExecutionRequest) { r.Payee = owner }, "not the signed quote's"},
		{"short quote", func(r *svm.ExecutionRequest) { r.SignedQuote = r.SignedQuote[:55] }, "has no payee"},
		{"no payer", func(r *svm.ExecutionRequest) { r.Payer = solana.PublicKey{} }, "payer and payee"},
		{"no chain", func(r *svm.ExecutionRequest) { r.DstChain = 0 }, "no destination chain"},
		{"no refund", func(r *svm.ExecutionRequest) { r.RefundAddr = [32]byte{} }, "refund addresses"},
		{"no emitter", func(r *svm.ExecutionRequest) { r.Emitter = solana.PublicKey{} }, "no emitter"},
		{"no relay", func(r *svm.ExecutionRequest) { r.RelayInstructions = nil }, "no relay instructions"},
	}
	for _, tt := range tests {
		r := executionRequest()
		tt.change(&r)
		if _, err := svm.RequestForExecution(r); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
	ix, err := svm.RequestForExecution(executionRequest())
	if err != nil {
		t.Fatal(err)
	}
	short := solana.NewInstruction(executorID, ix.AccountValues, ix.DataBytes[:len(ix.DataBytes)-1])
	if _, err := svm.ExecutionRequestOf(short); err == nil || !strings.Contains(err.Error(), "overruns") {
		t.Errorf("truncated data: %v", err)
	}
	long := solana.NewInstruction(executorID, ix.AccountValues, append(bytes.Clone(ix.DataBytes), 0))
	if _, err := svm.ExecutionRequestOf(long); err == nil || !strings.Contains(err.Error(), "after the fields") {
		t.Errorf("trailing byte: %v", err)
	}
	if _, err := svm.ExecutionRequestOf(solana.NewInstruction(portalID, ix.AccountValues, ix.DataBytes)); err == nil {
		t.Error("read a Portal instruction as the Executor's")
	}
}

// TestWormholeSequenceAndPayee: the Sequence account's u64 LE and the
// quote's payee at [24:56].
func TestWormholeSequenceAndPayee(t *testing.T) {
	seq, err := svm.ReadWormholeSequence([]byte{0x39, 0x30, 0, 0, 0, 0, 0, 0, 0xff})
	if err != nil || seq != 12345 {
		t.Errorf("sequence %d, %v; want 12345", seq, err)
	}
	if _, err := svm.ReadWormholeSequence(make([]byte, 7)); err == nil {
		t.Error("read a 7-byte Sequence account")
	}
	if got, err := svm.QuotePayee(executorQuote(payee)); err != nil || !got.Equals(payee) {
		t.Errorf("payee %s, %v", got, err)
	}
}
