package svmtest

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"sync"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

var (
	orderBookGlobalDisc = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "OrderBookGlobal") })
	orderNonceDisc      = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "Nonce") })
	orderDestDisc       = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "Destination") })
	// Native and Foreign orders share Order's discriminator, NativeOrder's.
	orderDisc = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "NativeOrder") })
)

// EncodeOrder is svm.DecodeOrder's inverse: the account data of o (with
// bump 255) in the order book's layouts (facts §5), for fake nodes and
// LiteSVM tests that serve order accounts. A nil amount is zero; one past
// 128 bits, or an order type neither Native nor Foreign, is an error.
func EncodeOrder(o *svm.OrderAccount) ([]byte, error) {
	amounts := []*big.Int{o.Data.AmountIn, o.Data.AmountOut, o.AmountInReleased, o.AmountOutFilled, o.AmountInRefunded}
	for i, a := range amounts {
		switch {
		case a == nil:
			amounts[i] = new(big.Int)
		case a.Sign() < 0 || a.BitLen() > 128:
			return nil, fmt.Errorf("svmtest: order amount %s is not a u128", a)
		}
	}
	b := append(slices.Clone(orderDisc()), byte(o.Type), 255, byte(o.Status))
	switch o.Type {
	case svm.NativeOrder:
		d := o.Data
		b = appendBorsh(b, d.Version, d.Sender, o.Payer, d.Nonce, d.DestChainID, d.CreatedAt, d.FillDeadline,
			d.TokenIn, d.TokenOut, amounts[0], amounts[1], d.Recipient, d.Solver)
	case svm.ForeignOrder:
	default:
		return nil, fmt.Errorf("svmtest: order type %d is not Native or Foreign", o.Type)
	}
	return appendBorsh(b, amounts[2], amounts[3], amounts[4]), nil
}

// EncodeClock is svm.DecodeClock's inverse: the Clock sysvar's data (slot,
// epoch_start_timestamp 0, epoch, leader_schedule_epoch = epoch,
// unix_timestamp), for fake nodes.
func EncodeClock(c svm.Clock) []byte {
	return appendBorsh(nil, c.Slot, uint64(0), c.Epoch, c.Epoch, uint64(c.UnixTimestamp))
}

// OrderBookGlobal is the order book's global account data in its Borsh
// layout (order_book.json): discriminator | admin | new_admin
// Option<Pubkey> | chain_id u32 | portal_authority | paused | bump |
// reserved [u8; 128].
func OrderBookGlobal(g svm.OrderBookGlobal) []byte {
	b := append(append([]byte{}, orderBookGlobalDisc()...), g.Admin[:]...)
	var newAdmin solana.PublicKey
	if g.NewAdmin != nil {
		newAdmin = *g.NewAdmin
	}
	b = appendOption(b, newAdmin)
	b = binary.LittleEndian.AppendUint32(b, g.ChainID)
	b = append(append(b, g.PortalAuthority[:]...), boolByte(g.Paused), 255)
	return append(b, make([]byte, 128)...)
}

// OrderNonce is a nonce account's data (["nonce", owner]): discriminator
// | bump | value u64.
func OrderNonce(next uint64) []byte {
	return binary.LittleEndian.AppendUint64(append(append([]byte{}, orderNonceDisc()...), 255), next)
}

// OrderDestination is a destination account's data (["destination",
// chain id]): discriminator | is_supported | bump.
func OrderDestination(supported bool) []byte {
	return append(append([]byte{}, orderDestDisc()...), boolByte(supported), 255)
}

// SetOrderBook serves an order book at program on r: its global (chain
// id, paused), the destination accounts of dests as supported, and the
// Clock sysvar at unix time now.
func (r *RPC) SetOrderBook(program solana.PublicKey, chainID uint32, paused bool, now int64, dests ...uint32) {
	r.Set(svm.Global(program), Account{Data: OrderBookGlobal(svm.OrderBookGlobal{ChainID: chainID, Paused: paused}), Owner: program})
	for _, d := range dests {
		r.Set(svm.OrderBookDestination(program, d), Account{Data: OrderDestination(true), Owner: program})
	}
	r.Set(svm.SysvarClock, Account{Data: EncodeClock(svm.Clock{Slot: 1000, UnixTimestamp: now}), Owner: solana.MustPublicKeyFromBase58("Sysvar1111111111111111111111111111111111111")})
}
