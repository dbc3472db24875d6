package executor

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(strings.TrimSpace(s), "0x"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRelayInstructionsBytes(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 128)
	tests := []struct {
		name    string
		relay   RelayInstructions
		want    string
		wantErr string
	}{
		// The instructions of the real answer in testdata (gas limit 500,000).
		{"published example", RelayInstructions{GasLimit: big.NewInt(500_000)},
			"010000000000000000000000000007a12000000000000000000000000000000000", ""},
		// The solana-portal defaults (facts §4).
		{"portal defaults", RelayInstructions{GasLimit: big.NewInt(600_000), MsgValue: big.NewInt(5_000_000)},
			"01" + "000000000000000000000000000927c0" + "000000000000000000000000004c4b40", ""},
		{"largest", RelayInstructions{GasLimit: new(big.Int).Sub(huge, big.NewInt(1)), MsgValue: new(big.Int).Sub(huge, big.NewInt(1))},
			"01" + strings.Repeat("ff", 32), ""},
		{"gas limit over 128 bits", RelayInstructions{GasLimit: huge}, "", "gas limit"},
		{"negative value", RelayInstructions{MsgValue: big.NewInt(-1)}, "", "message value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.relay.Bytes()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one naming %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if h := hex.EncodeToString(got); h != tt.want {
				t.Errorf("Bytes() = %s\nwant      %s", h, tt.want)
			}
		})
	}
}

// TestParseRealQuote decodes the published mainnet answer field by field.
func TestParseRealQuote(t *testing.T) {
	var answer struct{ SignedQuote, EstimatedCost string }
	data, err := os.ReadFile("testdata/eth_to_sei_answer.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &answer); err != nil {
		t.Fatal(err)
	}
	raw := mustHex(t, answer.SignedQuote)
	q, err := ParseSignedQuote(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := SignedQuote{
		Prefix:      "EQ01",
		Quoter:      [20]byte(mustHex(t, "a54008017941ece968623a0dd8ee907e2b133596")),
		Payee:       [32]byte(mustHex(t, "0000000000000000000000006a8bfc410a3cc7306d52872f116afb12f1cec6c6")),
		SrcChain:    2,
		DstChain:    40,
		Expiry:      time.Date(2025, 10, 6, 19, 32, 47, 0, time.UTC), // the fixture's expiryTime, to the second
		BaseFee:     0x340ae,
		DstGasPrice: 0x789ce33d,
		SrcPrice:    0x2aaa7540fc00,
		DstPrice:    0xb51cbf00,
		Signature:   [65]byte(raw[100:]),
		Raw:         raw,
	}
	if diff := cmp.Diff(want, q); diff != "" {
		t.Errorf("ParseSignedQuote (-want +got):\n%s", diff)
	}
	if q.Signature[64] != 0x1c {
		t.Errorf("signature's v = %#x, want 0x1c", q.Signature[64])
	}
}

// TestParseBuiltQuote checks the golden quote built from the layout: the
// builder still writes it, and every field reads back.
func TestParseBuiltQuote(t *testing.T) {
	golden := mustHex(t, string(must(os.ReadFile("testdata/built_quote.hex"))))
	if diff := cmp.Diff(golden, builtFields.bytes()); diff != "" {
		t.Fatalf("builder and golden file disagree (-golden +built):\n%s", diff)
	}
	q, err := ParseSignedQuote(golden)
	if err != nil {
		t.Fatal(err)
	}
	f := builtFields
	want := SignedQuote{Prefix: f.prefix, Quoter: f.quoter, Payee: f.payee, SrcChain: f.src, DstChain: f.dst,
		Expiry: f.expiry, BaseFee: f.baseFee, DstGasPrice: f.dstGasPrice, SrcPrice: f.srcPrice, DstPrice: f.dstPrice,
		Raw: golden}
	for i := range want.Signature {
		want.Signature[i] = f.sig
	}
	if diff := cmp.Diff(want, q); diff != "" {
		t.Errorf("ParseSignedQuote (-want +got):\n%s", diff)
	}
	// Raw is a copy: the caller's buffer may be reused.
	golden[0] = 'X'
	if q.Raw[0] != 'E' {
		t.Error("Raw aliases the input")
	}
}

func TestParseMalformedQuote(t *testing.T) {
	good := builtFields.bytes()
	farExpiry := builtFields
	farExpiry.expiry = time.Unix(1<<62, 0)
	tests := []struct {
		name      string
		b         []byte
		wantField string
	}{
		{"empty", nil, "length"},
		{"short by one", good[:len(good)-1], "length"},
		{"long by one", append(append([]byte(nil), good...), 0), "length"},
		{"other prefix", append([]byte("EQ02"), good[4:]...), "prefix"},
		{"expiry out of range", farExpiry.bytes(), "expiry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSignedQuote(tt.b)
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Field != tt.wantField {
				t.Fatalf("err = %v, want a *FormatError on %q", err, tt.wantField)
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
