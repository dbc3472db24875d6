package orchestration_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
)

func TestParseAmount(t *testing.T) {
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	tests := []struct {
		in      string
		want    string // "" means an error is expected
		errPart string
	}{
		{in: "1", want: "1"},
		{in: "1000000", want: "1000000"},
		{in: max256.String(), want: max256.String()},
		{in: "", errPart: "required"},
		{in: "0", errPart: "greater than zero"},
		{in: "-1", errPart: "digits only"},
		{in: "+1", errPart: "digits only"},
		{in: "1e6", errPart: "digits only"},
		{in: "1.5", errPart: "digits only"},
		{in: "1.0", errPart: "digits only"},
		{in: " 1", errPart: "digits only"},
		{in: "1 ", errPart: "digits only"},
		{in: "0x10", errPart: "digits only"},
		{in: "１", errPart: "digits only"}, // full-width digit
		{in: "01", errPart: "leading zeros"},
		{in: "000", errPart: "leading zeros"},
		{in: new(big.Int).Lsh(big.NewInt(1), 256).String(), errPart: "below 2^256"},
		{in: strings.Repeat("9", 5000), errPart: "below 2^256"},
	}
	for _, tt := range tests {
		got, err := orchestration.ParseAmount(tt.in)
		if tt.want != "" {
			if err != nil || got.String() != tt.want {
				t.Errorf("ParseAmount(%.20q) = %v, %v; want %s", tt.in, got, err, tt.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.errPart) {
			t.Errorf("ParseAmount(%.20q) error = %v; want one containing %q", tt.in, err, tt.errPart)
		}
	}
}

func TestParseAmountBits128(t *testing.T) {
	max128 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	if _, err := orchestration.ParseAmountBits(max128.String(), 128); err != nil {
		t.Fatalf("2^128-1 rejected: %v", err)
	}
	_, err := orchestration.ParseAmountBits(new(big.Int).Lsh(big.NewInt(1), 128).String(), 128)
	if err == nil || !strings.Contains(err.Error(), "below 2^128") {
		t.Fatalf("2^128 accepted or wrong error: %v", err)
	}
}

func TestParseEVMAddress(t *testing.T) {
	const checksummed = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	tests := []struct {
		in      string
		ok      bool
		errPart string
	}{
		{in: checksummed, ok: true},
		{in: strings.ToLower(checksummed), ok: true},
		{in: "0x" + strings.ToUpper(checksummed[2:]), ok: true},
		{in: "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b", errPart: "checksum"},
		{in: "0X866A2BF4E572CbcF37D5071A7a58503Bfb36be1b", errPart: "0x followed by 40 hex"},
		{in: "866A2BF4E572CbcF37D5071A7a58503Bfb36be1b", errPart: "0x followed by 40 hex"},
		{in: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1", errPart: "0x followed by 40 hex"},
		{in: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1bb", errPart: "0x followed by 40 hex"},
		{in: "0xZZ6A2BF4E572CbcF37D5071A7a58503Bfb36be1b", errPart: "0x followed by 40 hex"},
		{in: "", errPart: "0x followed by 40 hex"},
	}
	for _, tt := range tests {
		a, err := orchestration.ParseEVMAddress(tt.in)
		if tt.ok {
			if err != nil || a.Hex() != checksummed {
				t.Errorf("ParseEVMAddress(%q) = %s, %v; want %s", tt.in, a.Hex(), err, checksummed)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.errPart) {
			t.Errorf("ParseEVMAddress(%q) error = %v; want one containing %q", tt.in, err, tt.errPart)
		}
	}
}

func TestParseSVMAddress(t *testing.T) {
	valid := []string{
		"11111111111111111111111111111111",            // the system program: 32 zero bytes
		"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", // the SPL token program
	}
	for _, s := range valid {
		k, err := orchestration.ParseSVMAddress(s)
		if err != nil || k.String() != s {
			t.Errorf("ParseSVMAddress(%q) = %v, %v", s, k, err)
		}
	}
	invalid := []string{
		"",
		"0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl", // characters outside the base58 alphabet
		"1111111111",                       // too short: fewer than 32 bytes
		"0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b",
		strings.Repeat("z", 60),
	}
	for _, s := range invalid {
		if _, err := orchestration.ParseSVMAddress(s); err == nil {
			t.Errorf("ParseSVMAddress(%q) accepted", s)
		}
	}
}

func TestParseAddressCanonical(t *testing.T) {
	got, err := orchestration.ParseAddress(orchestration.RuntimeEVM, "0x866a2bf4e572cbcf37d5071a7a58503bfb36be1b")
	if err != nil || got != "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b" {
		t.Fatalf("EVM canonical form = %q, %v", got, err)
	}
	for _, s := range []string{"0x866A2BF4E572CBCF37D5071A7A58503BFB36BE1B", "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"} {
		if got, err := orchestration.ParseAddress(orchestration.RuntimeEVM, s); err != nil || got != "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b" {
			t.Errorf("ParseAddress(%s) = %q, %v; want the EIP-55 form", s, got, err)
		}
	}
	if _, err := orchestration.ParseAddress(orchestration.RuntimeEVM, "0x866a2BF4E572CbcF37D5071A7a58503Bfb36be1b"); err == nil {
		t.Error("a wrong checksum passed as canonical")
	}
	if _, err := orchestration.ParseAddress(orchestration.RuntimeSVM, "0x866a2bf4e572cbcf37d5071a7a58503bfb36be1b"); err == nil {
		t.Fatal("an EVM address passed as an SVM address")
	}
	if _, err := orchestration.ParseAddress("cosmos", "x"); err == nil {
		t.Fatal("unknown runtime accepted")
	}
}

func TestAddressBytes32(t *testing.T) {
	tests := []struct {
		rt   orchestration.ChainRuntime
		in   string
		want string // hex of the 32 bytes; "" means an error
	}{
		{orchestration.RuntimeEVM, "0x866a2bf4e572cbcf37d5071a7a58503bfb36be1b", strings.Repeat("00", 12) + "866a2bf4e572cbcf37d5071a7a58503bfb36be1b"},
		// The System Program's key is 32 zero bytes; a key of 0x01 bytes is base58 "4vJ9...".
		{orchestration.RuntimeSVM, "11111111111111111111111111111111", strings.Repeat("00", 32)},
		{orchestration.RuntimeSVM, "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi", strings.Repeat("01", 32)},
		{orchestration.RuntimeEVM, "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi", ""},
		{orchestration.RuntimeSVM, "0x866a2bf4e572cbcf37d5071a7a58503bfb36be1b", ""},
		{"cosmos", "x", ""},
	}
	for _, tt := range tests {
		got, err := orchestration.AddressBytes32(tt.rt, tt.in)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("AddressBytes32(%s, %q) = %x, want an error", tt.rt, tt.in, got)
		case tt.want != "" && (err != nil || fmt.Sprintf("%x", got) != tt.want):
			t.Errorf("AddressBytes32(%s, %q) = %x, %v; want %s", tt.rt, tt.in, got, err, tt.want)
		}
	}
}

func TestParseOrderID(t *testing.T) {
	good := "0x" + strings.Repeat("ab", 32)
	id, err := orchestration.ParseOrderID(good)
	if err != nil || id[0] != 0xab || id[31] != 0xab {
		t.Fatalf("ParseOrderID(%q) = %x, %v", good, id, err)
	}
	for _, bad := range []string{"", "0x", "0x1234", good[2:] + "ab", "0x" + strings.Repeat("zz", 32), good + "00", "0X" + good[2:]} {
		if _, err := orchestration.ParseOrderID(bad); err == nil {
			t.Errorf("ParseOrderID(%q) accepted", bad)
		}
	}
}

func TestParseMessagesAreClipped(t *testing.T) {
	_, err := orchestration.ParseEVMAddress(strings.Repeat("x", 10000))
	if err == nil || len(err.Error()) > 200 {
		t.Fatalf("error message not clipped: %d bytes", len(err.Error()))
	}
}

func TestEnumsKnown(t *testing.T) {
	if !orchestration.ProviderLimitOrder.IsKnown() || orchestration.ProviderID("teleport").IsKnown() {
		t.Fatal("ProviderID.IsKnown wrong")
	}
	if !orchestration.BaseSepolia.IsKnown() || orchestration.Chain("base").IsKnown() {
		t.Fatal("Chain.IsKnown wrong (names are case-sensitive)")
	}
}

func TestChainRuntime(t *testing.T) {
	for _, c := range orchestration.KnownChains() {
		want := orchestration.RuntimeEVM
		if c == orchestration.Solana || c == orchestration.SolanaDevnet {
			want = orchestration.RuntimeSVM
		}
		if got := c.Runtime(); got != want {
			t.Errorf("%s.Runtime() = %q, want %q", c, got, want)
		}
	}
	if got := orchestration.Chain("Narnia").Runtime(); got != "" {
		t.Errorf("unknown chain runtime = %q", got)
	}
}

func TestClip(t *testing.T) {
	if got := orchestration.Clip("short"); got != "short" {
		t.Errorf("Clip(short) = %q", got)
	}
	if got := orchestration.Clip(strings.Repeat("x", 500)); len(got) > 84 || !strings.HasSuffix(got, "…") {
		t.Errorf("Clip(long) = %q", got)
	}
}

func TestOrderStatus(t *testing.T) {
	tests := []struct {
		s               orchestration.OrderStatus
		valid, terminal bool
	}{
		{orchestration.OrderCreated, true, false},
		{orchestration.OrderCompleted, true, true},
		{orchestration.OrderCancelled, true, true},
		{"created", false, false}, // uppercase only
		{"", false, false},
	}
	for _, tt := range tests {
		if tt.s.Valid() != tt.valid || tt.s.Terminal() != tt.terminal {
			t.Errorf("%q: Valid %v Terminal %v; want %v %v", tt.s, tt.s.Valid(), tt.s.Terminal(), tt.valid, tt.terminal)
		}
	}
}

func TestParseParties(t *testing.T) {
	const (
		evmLower = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8"
		evmSum   = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
		other    = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
		sol      = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
	)
	evm, svm := orchestration.RuntimeEVM, orchestration.RuntimeSVM
	for _, tt := range []struct {
		name                      string
		src, dst                  orchestration.ChainRuntime
		sender, recipient, funder string
		want                      orchestration.Parties
		wantErr                   string
	}{
		{name: "defaults to the sender, checksummed", src: evm, dst: evm, sender: evmLower,
			want: orchestration.Parties{Sender: evmSum, Recipient: evmSum, Funder: evmSum}},
		{name: "all given", src: evm, dst: svm, sender: evmSum, recipient: sol, funder: other,
			want: orchestration.Parties{Sender: evmSum, Recipient: sol, Funder: other}},
		{name: "no sender", src: evm, dst: evm, wantErr: "sender is required"},
		{name: "sender of the wrong runtime", src: evm, dst: evm, sender: sol, wantErr: "sender must be an EVM address"},
		{name: "recipient on the destination's runtime", src: evm, dst: svm, sender: evmSum, recipient: other, wantErr: "recipient must be a Solana address"},
		{name: "crossing runtimes needs a recipient", src: evm, dst: svm, sender: evmSum, wantErr: "recipient is required when the route crosses runtimes (evm to svm)"},
		{name: "funder on the source's runtime", src: evm, dst: evm, sender: evmSum, funder: "zzz", wantErr: "funder must be an EVM address"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := orchestration.ParseParties(orchestration.BadPermitRequest, tt.src, tt.dst, tt.sender, tt.recipient, tt.funder)
			if tt.wantErr != "" {
				code, _ := orchestration.CodeOf(err)
				if code != orchestration.BadPermitRequest || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want BadPermitRequest containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

// Decision 19: no party may be its runtime's zero account, the EVM zero
// address or the Solana all-zero key (the system program), in any spelling.
func TestParsePartiesRefusesTheZeroAccount(t *testing.T) {
	const (
		evmSender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
		svmSender = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
		evmZero   = "0x0000000000000000000000000000000000000000"
		svmZero   = "11111111111111111111111111111111"
	)
	evm, svm := orchestration.RuntimeEVM, orchestration.RuntimeSVM
	for _, tt := range []struct {
		name                      string
		src, dst                  orchestration.ChainRuntime
		sender, recipient, funder string
		want                      string
	}{
		{"evm sender", evm, evm, evmZero, "", "", "sender must not be the zero address " + evmZero},
		{"evm recipient", evm, evm, evmSender, evmZero, "", "recipient must not be the zero address " + evmZero},
		{"evm funder", evm, evm, evmSender, "", evmZero, "funder must not be the zero address " + evmZero},
		{"evm recipient across runtimes", svm, evm, svmSender, evmZero, "", "recipient must not be the zero address " + evmZero},
		{"svm sender", svm, svm, svmZero, "", "", "sender must not be the all-zero key " + svmZero + " (the system program)"},
		{"svm recipient", svm, svm, svmSender, svmZero, "", "recipient must not be the all-zero key " + svmZero},
		{"svm funder", svm, svm, svmSender, "", svmZero, "funder must not be the all-zero key " + svmZero},
		{"svm recipient across runtimes", evm, svm, evmSender, svmZero, "", "recipient must not be the all-zero key " + svmZero},
	} {
		for _, code := range []orchestration.Code{orchestration.BadQuoteRequest, orchestration.BadPermitRequest} {
			t.Run(tt.name+"/"+string(code), func(t *testing.T) {
				_, err := orchestration.ParseParties(code, tt.src, tt.dst, tt.sender, tt.recipient, tt.funder)
				if got, _ := orchestration.CodeOf(err); got != code || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("err = %v, want %s containing %q", err, code, tt.want)
				}
			})
		}
	}
	// Their neighbours are ordinary accounts.
	if _, err := orchestration.ParseParties(orchestration.BadQuoteRequest, evm, evm, "0x"+strings.Repeat("0", 39)+"1", "", ""); err != nil {
		t.Errorf("address 0x…01 refused: %v", err)
	}
	if _, err := orchestration.ParseParties(orchestration.BadQuoteRequest, svm, svm, strings.Repeat("1", 31)+"2", "", ""); err != nil {
		t.Errorf("key 1…2 refused: %v", err)
	}
}

func TestCanonicalAddress(t *testing.T) {
	const evmText = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	const svmText = "So11111111111111111111111111111111111111112"
	evmWant := common.HexToAddress(evmText)
	svmWant := solana.MustPublicKeyFromBase58(svmText)
	tests := []struct {
		name    string
		rt      orchestration.ChainRuntime
		text    string
		bytes32 [32]byte
		wantErr bool
	}{
		{"evm", orchestration.RuntimeEVM, evmText, [32]byte(common.LeftPadBytes(evmWant[:], 32)), false},
		{"svm", orchestration.RuntimeSVM, svmText, [32]byte(svmWant), false},
		{"evm too short", orchestration.RuntimeEVM, "0x5aAeb6053F", [32]byte{}, true},
		{"evm not hex", orchestration.RuntimeEVM, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeZ", [32]byte{}, true},
		{"a solana key as evm", orchestration.RuntimeEVM, svmText, [32]byte{}, true},
		{"an evm address as svm", orchestration.RuntimeSVM, evmText, [32]byte{}, true},
		{"unknown runtime", "tickets", evmText, [32]byte{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := orchestration.CanonicalAddress(tt.rt, tt.text)
			if tt.wantErr {
				if err == nil || !a.IsZero() {
					t.Fatalf("CanonicalAddress(%s, %q) = %v, %v; want the zero Address and an error", tt.rt, tt.text, a, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.String() != tt.text || a.Bytes32() != tt.bytes32 || a.IsZero() {
				t.Errorf("got %q %x, want %q %x", a.String(), a.Bytes32(), tt.text, tt.bytes32)
			}
			bytes32, err := orchestration.AddressBytes32(tt.rt, tt.text)
			if err != nil || bytes32 != a.Bytes32() {
				t.Errorf("Bytes32 %x, AddressBytes32 %x (%v)", a.Bytes32(), bytes32, err)
			}
			switch tt.rt {
			case orchestration.RuntimeEVM:
				if a.EVM() != evmWant || orchestration.EVMAddress(evmWant) != a {
					t.Errorf("EVM() = %s, want %s; EVMAddress gives %v", a.EVM(), evmWant, orchestration.EVMAddress(evmWant))
				}
			case orchestration.RuntimeSVM:
				if a.SVM() != svmWant || orchestration.SVMAddress(svmWant) != a {
					t.Errorf("SVM() = %s, want %s; SVMAddress gives %v", a.SVM(), svmWant, orchestration.SVMAddress(svmWant))
				}
			}
		})
	}
}
