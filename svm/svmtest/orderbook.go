package svmtest

import (
	"encoding/binary"
	"sync"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

var (
	orderBookGlobalDisc = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "OrderBookGlobal") })
	orderNonceDisc      = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "Nonce") })
	orderDestDisc       = sync.OnceValue(func() []byte { return discriminator(svm.OrderBookIDL, "Destination") })
)

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
	r.Set(svm.SysvarClock, Account{Data: svm.EncodeClock(svm.Clock{Slot: 1000, UnixTimestamp: now}), Owner: solana.MustPublicKeyFromBase58("Sysvar1111111111111111111111111111111111111")})
}
