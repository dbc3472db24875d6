package svm_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/gagliardetto/solana-go"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

func fill32(b byte) (out [32]byte) {
	for i := range out {
		out[i] = b
	}
	return out
}

// The vector of the facts file, computed from the order book's orders.rs
// unit-test inputs; the program asserts it equals the EVM packed hash.
func TestOrderIDVector(t *testing.T) {
	d := svm.OrderData{
		Version: 1, Sender: fill32(1), Nonce: 42, OriginChainID: 1, DestChainID: 2,
		CreatedAt: 12345500000, FillDeadline: 1234567890,
		TokenIn: fill32(5), TokenOut: fill32(2), AmountIn: big.NewInt(1000), AmountOut: big.NewInt(2000),
		Recipient: fill32(3), Solver: fill32(4),
	}
	id, err := d.ID()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(id[:]), "e92c60ff7210a8b0b60931e03ba5a75960898baa06c34a8e6828d93c2cc559d3"; got != want {
		t.Fatalf("order id = %s, want %s", got, want)
	}
	d.AmountOut = new(big.Int).Lsh(big.NewInt(1), 128)
	if _, err := d.ID(); err == nil {
		t.Fatal("an amount past u128 hashed")
	}
}

// PDAs the facts file computed and checked against known constants; the
// destination seed is little-endian.
func TestOrderBookPDAs(t *testing.T) {
	ob := svm.OrderBookProgramID
	for name, c := range map[string]struct{ got, want solana.PublicKey }{
		"global":          {svm.Global(ob), solana.MustPublicKeyFromBase58("7xyuxnyY1TpRGoF5tnHnRLJ77Fpbp6jbVCsmfcLD4tZY")},
		"event authority": {svm.EventAuthority(ob), solana.MustPublicKeyFromBase58("FS6BDE8cxeZLGsbSXrcRQ6pnPDdF34LeyBdFFsQBaA5c")},
		"destination 1":   {svm.OrderBookDestination(ob, 1), solana.MustPublicKeyFromBase58("DjZVZqBa4gxSEkZ2YyLt5ScpfLCRdoYYktJvrvTzPq8T")},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s, want %s", name, c.got, c.want)
		}
	}
	be := binary.BigEndian.AppendUint32(nil, 1)
	if k, _ := svm.PDA(ob, []byte("destination"), be); k == svm.OrderBookDestination(ob, 1) {
		t.Error("the big-endian seed gives the same destination account")
	}
	id := fill32(9)
	if want, _ := svm.PDA(ob, []byte("order"), id[:]); svm.OrderPDA(ob, id) != want {
		t.Error("OrderPDA is not [order, id]")
	}
}

func TestOrderAccountRoundTrip(t *testing.T) {
	native := &svm.OrderAccount{
		Type: svm.NativeOrder, Status: svm.OrderCreated,
		Data: svm.OrderData{Version: 1, Sender: fill32(1), Nonce: 7, DestChainID: 1, CreatedAt: 100, FillDeadline: 200,
			TokenIn: fill32(2), TokenOut: fill32(3), AmountIn: big.NewInt(5_000_000), AmountOut: big.NewInt(4_990_000),
			Recipient: fill32(4), Solver: fill32(5)},
		Payer:            solana.PublicKey(fill32(6)),
		AmountInReleased: big.NewInt(1), AmountOutFilled: big.NewInt(2), AmountInRefunded: big.NewInt(3),
	}
	foreign := &svm.OrderAccount{Type: svm.ForeignOrder, Status: svm.OrderCancelled,
		AmountInReleased: big.NewInt(0), AmountOutFilled: big.NewInt(10), AmountInRefunded: big.NewInt(0)}
	for _, want := range []*svm.OrderAccount{native, foreign} {
		b, err := svmtest.EncodeOrder(want)
		if err != nil {
			t.Fatal(err)
		}
		wantSize := map[svm.OrderType]int{svm.NativeOrder: 313, svm.ForeignOrder: 59}[want.Type]
		if len(b) != wantSize {
			t.Errorf("type %d encodes to %d bytes, want %d", want.Type, len(b), wantSize)
		}
		// The layout's fixed offsets (facts §5).
		if want.Type == svm.NativeOrder {
			if binary.LittleEndian.Uint64(b[77:]) != 7 || binary.LittleEndian.Uint32(b[85:]) != 1 || !bytes.Equal(b[201:233], native.Data.Recipient[:]) {
				t.Error("native order fields are not at the layout's offsets")
			}
		}
		got, err := svm.DecodeOrder(b)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" {
			t.Errorf("round trip (-want +got):\n%s", diff)
		}
	}
	bad, _ := svmtest.EncodeOrder(native)
	for name, data := range map[string][]byte{
		"short":      bad[:100],
		"wrong disc": append([]byte{1}, bad[1:]...),
		"bad type":   append(append(append([]byte{}, bad[:8]...), 7), bad[9:]...),
		"bad status": append(append(append([]byte{}, bad[:10]...), 9), bad[11:]...),
		"empty":      nil,
	} {
		if _, err := svm.DecodeOrder(data); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

func TestDecodeOrderBookGlobal(t *testing.T) {
	p, err := svm.OrderBookIDL()
	if err != nil {
		t.Fatal(err)
	}
	disc, _ := p.AccountDiscriminator("OrderBookGlobal")
	admin, auth, newAdmin := fill32(1), fill32(2), fill32(3)
	build := func(withNew bool, paused byte) []byte {
		b := append(append([]byte{}, disc...), admin[:]...)
		if withNew {
			b = append(append(b, 1), newAdmin[:]...)
		} else {
			b = append(b, 0)
		}
		b = binary.LittleEndian.AppendUint32(b, 1399811150)
		b = append(append(b, auth[:]...), paused, 254)
		return append(b, make([]byte, 128)...)
	}
	for _, c := range []struct {
		withNew bool
		paused  byte
	}{{false, 0}, {true, 1}} {
		g, err := svm.DecodeOrderBookGlobal(build(c.withNew, c.paused))
		if err != nil {
			t.Fatal(err)
		}
		if g.ChainID != 1399811150 || g.PortalAuthority != solana.PublicKey(auth) || g.Paused != (c.paused == 1) || (g.NewAdmin != nil) != c.withNew {
			t.Errorf("new admin %v, paused %d: decoded %+v", c.withNew, c.paused, g)
		}
	}
	if _, err := svm.DecodeOrderBookGlobal(build(true, 0)[:60]); err == nil {
		t.Error("a short global decoded")
	}
}

func TestDecodeClock(t *testing.T) {
	c := svm.Clock{Slot: 77, Epoch: 3, UnixTimestamp: 1_790_000_000}
	got, err := svm.DecodeClock(svmtest.EncodeClock(c))
	if err != nil || got != c {
		t.Fatalf("DecodeClock(EncodeClock(%+v)) = %+v, %v", c, got, err)
	}
	if _, err := svm.DecodeClock(make([]byte, 39)); err == nil {
		t.Error("a short clock decoded")
	}
}

// TestDecodeOrderNonceAndDestination: a nonce account is disc | bump |
// nonce u64, a destination account disc | supported bool | bump; another
// account's discriminator or a short account is refused.
func TestDecodeOrderNonceAndDestination(t *testing.T) {
	p, err := svm.OrderBookIDL()
	if err != nil {
		t.Fatal(err)
	}
	nonceDisc, _ := p.AccountDiscriminator("Nonce")
	destDisc, _ := p.AccountDiscriminator("Destination")
	nonce := binary.LittleEndian.AppendUint64(append(bytes.Clone(nonceDisc), 255), 42)
	if got, err := svm.DecodeOrderNonce(nonce); err != nil || got != 42 {
		t.Errorf("DecodeOrderNonce = %d, %v; want 42", got, err)
	}
	for _, supported := range []bool{false, true} {
		b := byte(0)
		if supported {
			b = 1
		}
		if got, err := svm.DecodeOrderDestination(append(bytes.Clone(destDisc), b, 255)); err != nil || got != supported {
			t.Errorf("DecodeOrderDestination(%d) = %v, %v; want %v", b, got, err, supported)
		}
	}
	for name, data := range map[string][]byte{"short": nonce[:16], "a destination's discriminator": append(bytes.Clone(destDisc), nonce[8:]...), "empty": nil} {
		if _, err := svm.DecodeOrderNonce(data); err == nil {
			t.Errorf("DecodeOrderNonce, %s: decoded", name)
		}
	}
	for name, data := range map[string][]byte{"short": append(bytes.Clone(destDisc), 1), "a nonce's discriminator": append(bytes.Clone(nonceDisc), 1, 255)} {
		if _, err := svm.DecodeOrderDestination(data); err == nil {
			t.Errorf("DecodeOrderDestination, %s: decoded", name)
		}
	}
}
