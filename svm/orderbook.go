package svm

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"math/big"
	"sync"

	"github.com/gagliardetto/solana-go"
	"golang.org/x/crypto/sha3"
)

//go:embed idl/order_book.json
var orderBookIDL []byte

// orderBookProgram is the order_book IDL, parsed once.
var orderBookProgram = sync.OnceValues(func() (*Program, error) { return ParseProgram(orderBookIDL) })

// OrderBookIDL returns the embedded order_book IDL (version 0.1.0, from
// m0-foundation/solana-portal packages/common/idls; the copy in
// liquidity-delivery lacks OrderParams.created_at and is stale), parsed.
func OrderBookIDL() (*Program, error) { return orderBookProgram() }

// OrderBookProgramID is M0's limit-order program on Solana, the same on
// mainnet and devnet.
var OrderBookProgramID = solana.MustPublicKeyFromBase58("MzLoYnJ6sF6eeejs4vV95TNmXqS3W4cAtLGKkjT4ZrK")

// EventTag opens the data of every Anchor emit_cpi! instruction (a
// program's self-invocation through its event authority carrying an
// event): Anchor's EVENT_IX_TAG_LE, sha256("anchor:event")[..8] read as a
// big-endian u64 and written little-endian. The event's discriminator and
// Borsh body follow.
var EventTag = [8]byte{0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d}

// SysvarClock is the Clock sysvar, read with the accounts of a batch for
// the cluster's time (DecodeClock).
var SysvarClock = solana.SysVarClockPubkey

// OrderDataVersion is the order book's VERSION, the first field of every
// order's data.
const OrderDataVersion = 1

// OrderPDA is the order book's ["order", order id]: a Native order's whole
// state, or a Foreign order's status and amounts on its destination.
func OrderPDA(orderBook solana.PublicKey, id [32]byte) solana.PublicKey {
	return mustPDA(orderBook, []byte("order"), id[:])
}

// OrderNonce is the order book's ["nonce", owner]: the next nonce of the
// orders opened from owner's token accounts. The IDL names the seed
// sender_token_in_account; the program (state/mod.rs, open.rs) seeds it
// with that account's owner, which is what is derived here.
func OrderNonce(orderBook, owner solana.PublicKey) solana.PublicKey {
	return mustPDA(orderBook, []byte("nonce"), owner[:])
}

// OrderData is an order's terms as the order book hashes and stores them:
// accounts as 32 bytes (a Solana key, or an EVM address left-padded with
// zeros), chain ids as M0 chain ids.
type OrderData struct {
	Version       uint16
	Sender        [32]byte
	Nonce         uint64
	OriginChainID uint32
	DestChainID   uint32
	CreatedAt     uint64
	FillDeadline  uint64
	TokenIn       [32]byte
	TokenOut      [32]byte
	AmountIn      *big.Int // u128
	AmountOut     *big.Int // u128
	Recipient     [32]byte
	Solver        [32]byte
}

// orderDataPackedSize is the size of OrderData packed for its id.
const orderDataPackedSize = 2 + 32 + 8 + 4 + 4 + 8 + 8 + 32 + 32 + 16 + 16 + 32 + 32

// ID is the order's id: keccak256 of its fields packed big-endian, the
// same bytes as the EVM OrderBook's abi.encodePacked(OrderData), so one
// order has one id on both chains (state/orders.rs encode_order_data).
// Amounts past 128 bits are an error.
func (d OrderData) ID() ([32]byte, error) {
	var id [32]byte
	b := make([]byte, 0, orderDataPackedSize)
	b = binary.BigEndian.AppendUint16(b, d.Version)
	b = append(b, d.Sender[:]...)
	b = binary.BigEndian.AppendUint64(b, d.Nonce)
	b = binary.BigEndian.AppendUint32(b, d.OriginChainID)
	b = binary.BigEndian.AppendUint32(b, d.DestChainID)
	b = binary.BigEndian.AppendUint64(b, d.CreatedAt)
	b = binary.BigEndian.AppendUint64(b, d.FillDeadline)
	b = append(b, d.TokenIn[:]...)
	b = append(b, d.TokenOut[:]...)
	for _, a := range []*big.Int{d.AmountIn, d.AmountOut} {
		u, err := u128BE(a)
		if err != nil {
			return id, err
		}
		b = append(b, u[:]...)
	}
	b = append(b, d.Recipient[:]...)
	b = append(b, d.Solver[:]...)
	h := sha3.NewLegacyKeccak256()
	h.Write(b)
	h.Sum(id[:0])
	return id, nil
}

// u128BE is a (nil meaning zero) as 16 big-endian bytes.
func u128BE(a *big.Int) ([16]byte, error) {
	var out [16]byte
	if a == nil {
		return out, nil
	}
	if a.Sign() < 0 || a.BitLen() > 128 {
		return out, fmt.Errorf("svm: order amount %s is not a u128", a)
	}
	a.FillBytes(out[:])
	return out, nil
}

// u128LE reads 16 little-endian bytes.
func u128LE(b []byte) *big.Int { return NewBorshReader(b).U128() }

// OrderType tells a Native order (opened on this chain) from a Foreign one
// (opened elsewhere, bound for this chain).
type OrderType uint8

// The order types, as the program's OrderType enum numbers them.
const (
	NativeOrder  OrderType = 0
	ForeignOrder OrderType = 1
)

// OrderStatus is an order's status on the chain, as the program numbers
// it.
type OrderStatus uint8

// The order statuses.
const (
	OrderDoesNotExist OrderStatus = 0
	OrderCreated      OrderStatus = 1
	OrderCancelled    OrderStatus = 2
	OrderCompleted    OrderStatus = 3
)

func (s OrderStatus) String() string {
	switch s {
	case OrderDoesNotExist:
		return "DoesNotExist"
	case OrderCreated:
		return "Created"
	case OrderCancelled:
		return "Cancelled"
	case OrderCompleted:
		return "Completed"
	}
	return fmt.Sprintf("OrderStatus(%d)", uint8(s))
}

// OrderAccount is an order account (["order", id]) decoded: a Native
// order holds its terms, a Foreign one only its status and amounts.
type OrderAccount struct {
	Type   OrderType
	Status OrderStatus
	// Data and Payer (who paid for the opening: the funder) are a Native
	// order's; zero for a Foreign one. Data.OriginChainID is not stored
	// (a Native order's origin is the chain it is on): it is zero here.
	Data  OrderData
	Payer solana.PublicKey
	// AmountInReleased, AmountOutFilled and AmountInRefunded are u128s.
	AmountInReleased, AmountOutFilled, AmountInRefunded *big.Int
}

// The order account layouts (facts §5): both kinds share the discriminator
// sha256("account:Order")[..8]; the first byte after it is the type.
const (
	nativeOrderSize  = 313
	foreignOrderSize = 59
)

// DecodeOrder decodes an order account in the order book's layouts,
// checking its discriminator and size.
func DecodeOrder(data []byte) (*OrderAccount, error) {
	// Both kinds open with NativeOrder's discriminator (Order's).
	b, err := accountBody(orderBookProgram, "NativeOrder", data)
	if err != nil {
		return nil, err
	}
	if len(b) < 3 {
		return nil, fmt.Errorf("svm: order account is %d bytes, want at least 11", len(data))
	}
	o := &OrderAccount{Type: OrderType(b[0]), Status: OrderStatus(b[2])} // b[1] is the bump
	if o.Status > OrderCompleted {
		return nil, fmt.Errorf("svm: order account has status %d, which the program does not define", b[2])
	}
	switch o.Type {
	case NativeOrder:
		if len(data) < nativeOrderSize {
			return nil, fmt.Errorf("svm: native order account is %d bytes, want %d", len(data), nativeOrderSize)
		}
		d := &o.Data
		d.Version = binary.LittleEndian.Uint16(b[3:])
		copy(d.Sender[:], b[5:37])
		copy(o.Payer[:], b[37:69])
		d.Nonce = binary.LittleEndian.Uint64(b[69:])
		d.DestChainID = binary.LittleEndian.Uint32(b[77:])
		d.CreatedAt = binary.LittleEndian.Uint64(b[81:])
		d.FillDeadline = binary.LittleEndian.Uint64(b[89:])
		copy(d.TokenIn[:], b[97:129])
		copy(d.TokenOut[:], b[129:161])
		d.AmountIn = u128LE(b[161:])
		d.AmountOut = u128LE(b[177:])
		copy(d.Recipient[:], b[193:225])
		copy(d.Solver[:], b[225:257])
		o.AmountInReleased = u128LE(b[257:])
		o.AmountOutFilled = u128LE(b[273:])
		o.AmountInRefunded = u128LE(b[289:])
	case ForeignOrder:
		if len(data) < foreignOrderSize {
			return nil, fmt.Errorf("svm: foreign order account is %d bytes, want %d", len(data), foreignOrderSize)
		}
		o.AmountInReleased = u128LE(b[3:])
		o.AmountOutFilled = u128LE(b[19:])
		o.AmountInRefunded = u128LE(b[35:])
	default:
		return nil, fmt.Errorf("svm: order account has type %d, which the program does not define", b[0])
	}
	return o, nil
}

// OrderBookGlobal is the order book's ["global"] account, decoded.
type OrderBookGlobal struct {
	Admin           solana.PublicKey
	NewAdmin        *solana.PublicKey
	ChainID         uint32
	PortalAuthority solana.PublicKey
	Paused          bool
}

// DecodeOrderBookGlobal decodes the order book's global account (Borsh
// after the discriminator; the Option shifts what follows it).
func DecodeOrderBookGlobal(data []byte) (*OrderBookGlobal, error) {
	body, err := accountBody(orderBookProgram, "OrderBookGlobal", data)
	if err != nil {
		return nil, err
	}
	r := NewBorshReader(body)
	g := &OrderBookGlobal{Admin: r.Key()}
	if r.Option() {
		k := r.Key()
		g.NewAdmin = &k
	}
	g.ChainID = r.U32()
	g.PortalAuthority = r.Key()
	g.Paused = r.Bool()
	r.Take(1) // bump
	if err := r.Done("order book global"); err != nil {
		return nil, err
	}
	return g, nil
}

// DecodeOrderNonce is the value of a nonce account (["nonce", owner]): the
// nonce of the owner's next order. A missing account is nonce 0 (the
// caller's to know).
func DecodeOrderNonce(data []byte) (uint64, error) {
	body, err := accountBody(orderBookProgram, "Nonce", data)
	if err != nil {
		return 0, err
	}
	if len(body) < 9 { // bump u8, nonce u64
		return 0, fmt.Errorf("svm: an order book nonce account of %d bytes, want 17", len(data))
	}
	return binary.LittleEndian.Uint64(body[1:9]), nil
}

// DecodeOrderDestination reports whether a destination account
// (["destination", u32 LE chain id]) marks the chain supported.
func DecodeOrderDestination(data []byte) (bool, error) {
	body, err := accountBody(orderBookProgram, "Destination", data)
	if err != nil {
		return false, err
	}
	if len(body) < 2 {
		return false, fmt.Errorf("svm: an order book destination account of %d bytes, want 10", len(data))
	}
	return body[0] != 0, nil
}

// Clock is the Clock sysvar, decoded.
type Clock struct {
	Slot          uint64
	Epoch         uint64
	UnixTimestamp int64
}

// DecodeClock decodes the Clock sysvar's account data: slot u64,
// epoch_start_timestamp i64, epoch u64, leader_schedule_epoch u64,
// unix_timestamp i64, all little-endian.
func DecodeClock(data []byte) (Clock, error) {
	if len(data) < 40 {
		return Clock{}, fmt.Errorf("svm: the Clock sysvar is %d bytes, want 40", len(data))
	}
	return Clock{
		Slot:          binary.LittleEndian.Uint64(data[0:]),
		Epoch:         binary.LittleEndian.Uint64(data[16:]),
		UnixTimestamp: int64(binary.LittleEndian.Uint64(data[32:])),
	}, nil
}
