package devnet

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
)

// Wormhole chain ids of the networks the devnet's chains stand for, and of
// Solana (the same id on mainnet and the devnet cluster).
const (
	WormholeSolana          uint16 = 1
	WormholeSepolia         uint16 = 10002
	WormholeArbitrumSepolia uint16 = 10003
	WormholeBaseSepolia     uint16 = 10004
	WormholeOptimismSepolia uint16 = 10005
)

// M0 chain ids of Solana (the Portal's uint32 chain ids; EVM chains use
// their EVM chain id).
const (
	SolanaMainnetChainID uint32 = 1399811149
	SolanaDevnetChainID  uint32 = 1399811150
)

// WormholeChainID is the Wormhole chain id of the EVM testnet with chain id
// evmChainID, for the testnets the devnet stands for.
func WormholeChainID(evmChainID uint64) (uint16, bool) {
	id, ok := map[uint64]uint16{
		11155111: WormholeSepolia,
		421614:   WormholeArbitrumSepolia,
		84532:    WormholeBaseSepolia,
		11155420: WormholeOptimismSepolia,
	}[evmChainID]
	return id, ok
}

// WormholeMessageFee is the core bridge's message fee on every devnet
// chain (wei): a send through the Wormhole adapter pays it plus the
// Executor's estimated cost.
var WormholeMessageFee = big.NewInt(10_000_000_000_000) // 0.00001 ETH

// wormholeConsistencyLevel is the consistency level of the devnet
// adapters' messages (it changes nothing on the devnet: the guardian signs
// at once).
const wormholeConsistencyLevel = 1

// wormholePayloadGas are the payload gas limits of a route through the
// Wormhole adapter: the Executor's relayer calls executeVAAv1 with exactly
// this gas, so it must cover verifying the VAA, minting and wrapping (the
// Portal refuses to wrap with less than 300,000 gas left) or the report's
// OrderBook call. Measured: a wM delivery needs about 835,000 gas
// (eth_estimateGas), 600,000 reverts InsufficientGas, though it uses about
// 386,000: the devnet's chain rules (EIP-8037 state-gas metering, from
// go-ethereum's dev config) charge new storage slots up front and give the
// gas back when they are cleared. The Portal's own
// routes keep payloadGasFor, which only prices their fee (the relayer gives
// those deliveries relayGas).
var wormholePayloadGas = map[uint8]int64{payloadTokenTransfer: 1_000_000, payloadFillReport: 1_000_000, payloadCancelReport: 1_000_000}

// devnetGuardianKey is the one guardian of every devnet core bridge: a
// fixed, public key (never use it anywhere real).
const devnetGuardianKey = "1f0b3c4a6a3e9d3f5c9a0e0b2a6d4c8e7f1a2b3c4d5e6f708192a3b4c5d6e7f8"

// GuardianKey returns the devnet guardian's key (a new copy each call): the
// key whose signature makes a VAA valid on every devnet core bridge.
func GuardianKey() *ecdsa.PrivateKey {
	k, err := crypto.HexToECDSA(devnetGuardianKey)
	if err != nil {
		panic(err)
	}
	return k
}

// Guardian is the address of GuardianKey.
var Guardian = crypto.PubkeyToAddress(GuardianKey().PublicKey)

// ExecutorPayee is the payee of the devnet Executor stand-in's quotes: an
// address no devnet account uses, so its balance counts relay payments only.
var ExecutorPayee = common.BytesToAddress(crypto.Keccak256([]byte("m0 devnet executor payee"))[12:])

// VAA is the body of a Wormhole VAA v1: what the guardians sign.
type VAA struct {
	Timestamp        uint32
	Nonce            uint32
	EmitterChain     uint16
	EmitterAddress   [32]byte
	Sequence         uint64
	ConsistencyLevel uint8
	Payload          []byte
}

// Body is the VAA's body: timestamp u32 | nonce u32 | emitter chain u16 |
// emitter 32 | sequence u64 | consistency level u8 | payload, big-endian.
func (v VAA) Body() []byte {
	b := make([]byte, 0, 51+len(v.Payload))
	b = binary.BigEndian.AppendUint32(b, v.Timestamp)
	b = binary.BigEndian.AppendUint32(b, v.Nonce)
	b = binary.BigEndian.AppendUint16(b, v.EmitterChain)
	b = append(b, v.EmitterAddress[:]...)
	b = binary.BigEndian.AppendUint64(b, v.Sequence)
	b = append(b, v.ConsistencyLevel)
	return append(b, v.Payload...)
}

// Hash is what the guardians sign: keccak256(keccak256(body)).
func (v VAA) Hash() common.Hash { return crypto.Keccak256Hash(crypto.Keccak256(v.Body())) }

// Sign encodes v as a VAA v1 signed by key as guardian 0 of guardian set
// 0: version 1 | set index u32 | 1 signature (index u8 | r | s | v 0/1) |
// body.
func (v VAA) Sign(key *ecdsa.PrivateKey) ([]byte, error) {
	sig, err := crypto.Sign(v.Hash().Bytes(), key)
	if err != nil {
		return nil, err
	}
	out := []byte{1, 0, 0, 0, 0, 1, 0}
	out = append(out, sig...)
	return append(out, v.Body()...), nil
}

// Message is a devnet Portal payload, decoded:
// abi.encode(uint8 payloadType, uint32 destinationChainId, bytes32
// messageId, bytes body). It is what MessageSent carries and what the
// Wormhole adapter publishes.
type Message struct {
	PayloadType        uint8
	DestinationChainID uint32
	MessageID          [32]byte
	Body               []byte
}

// TokenTransfer is the body of a TokenTransfer message (payload type 0):
// abi.encode(uint256 amount, bytes32 destinationToken, bytes32 sender,
// bytes32 recipient, uint128 index). The destination token and recipient
// are bytes32 so they can name a Solana mint and key.
type TokenTransfer struct {
	Amount           *big.Int
	DestinationToken [32]byte
	Sender           [32]byte
	Recipient        [32]byte
	Index            *big.Int
}

var (
	messageArgs  = mustArgs("uint8", "uint32", "bytes32", "bytes")
	transferArgs = mustArgs("uint256", "bytes32", "bytes32", "bytes32", "uint128")
)

func mustArgs(types ...string) abi.Arguments {
	var args abi.Arguments
	for _, t := range types {
		ty, err := abi.NewType(t, "", nil)
		if err != nil {
			panic(err)
		}
		args = append(args, abi.Argument{Type: ty})
	}
	return args
}

// DecodeMessage decodes a devnet Portal payload.
func DecodeMessage(payload []byte) (Message, error) {
	v, err := messageArgs.Unpack(payload)
	if err != nil {
		return Message{}, fmt.Errorf("devnet: portal payload: %w", err)
	}
	return Message{PayloadType: v[0].(uint8), DestinationChainID: v[1].(uint32), MessageID: v[2].([32]byte), Body: v[3].([]byte)}, nil
}

// EncodeMessage encodes m as the devnet Portal's payload, the one
// DecodeMessage decodes: what a devnet adapter's executeVAAv1 hands its
// Portal, for a test that stands in for a message published elsewhere
// (a Solana cluster's).
func EncodeMessage(m Message) ([]byte, error) {
	return messageArgs.Pack(m.PayloadType, m.DestinationChainID, m.MessageID, m.Body)
}

// EncodeTokenTransfer encodes t as the body of a TokenTransfer message.
func EncodeTokenTransfer(t TokenTransfer) ([]byte, error) {
	return transferArgs.Pack(t.Amount, t.DestinationToken, t.Sender, t.Recipient, t.Index)
}

// DecodeTokenTransfer decodes the body of a TokenTransfer message.
func DecodeTokenTransfer(body []byte) (TokenTransfer, error) {
	v, err := transferArgs.Unpack(body)
	if err != nil {
		return TokenTransfer{}, fmt.Errorf("devnet: token transfer body: %w", err)
	}
	return TokenTransfer{Amount: v[0].(*big.Int), DestinationToken: v[1].([32]byte), Sender: v[2].([32]byte),
		Recipient: v[3].([32]byte), Index: v[4].(*big.Int)}, nil
}

// PublishedMessage is a portal message published on a Wormhole core
// bridge: the publisher (the adapter) and the message, decoded.
type PublishedMessage struct {
	Sender  common.Address
	Message Message
}

// FindPublishedMessage finds the one LogMessagePublished the core bridge
// at core emitted in receipt and decodes it as a portal message. It fails
// when there is none, or more than one.
func FindPublishedMessage(receipt *types.Receipt, core common.Address) (PublishedMessage, error) {
	f, err := bindings.NewWormholeCoreFilterer(core, nil)
	if err != nil {
		return PublishedMessage{}, err
	}
	var found []*bindings.WormholeCoreLogMessagePublished
	for _, l := range receipt.Logs {
		if l.Address != core {
			continue
		}
		if e, err := f.ParseLogMessagePublished(*l); err == nil {
			found = append(found, e)
		}
	}
	if len(found) != 1 {
		return PublishedMessage{}, fmt.Errorf("devnet: the receipt holds %d messages published on the core bridge %s, want one", len(found), core)
	}
	m, err := DecodeMessage(found[0].Payload)
	if err != nil {
		return PublishedMessage{}, err
	}
	return PublishedMessage{Sender: found[0].Sender, Message: m}, nil
}

// PublishedTransfer is a token transfer published on a Wormhole core
// bridge: the publisher (the adapter) and the portal's message, decoded.
type PublishedTransfer struct {
	Sender   common.Address
	Message  Message
	Transfer TokenTransfer
}

// FindPublishedTransfer is FindPublishedMessage of a portal token
// transfer: it fails, too, when the message is of another payload type.
func FindPublishedTransfer(receipt *types.Receipt, core common.Address) (PublishedTransfer, error) {
	pub, err := FindPublishedMessage(receipt, core)
	if err != nil {
		return PublishedTransfer{}, err
	}
	if pub.Message.PayloadType != 0 {
		return PublishedTransfer{}, fmt.Errorf("devnet: the published message is of payload type %d, not a token transfer", pub.Message.PayloadType)
	}
	tr, err := DecodeTokenTransfer(pub.Message.Body)
	if err != nil {
		return PublishedTransfer{}, err
	}
	return PublishedTransfer{Sender: pub.Sender, Message: pub.Message, Transfer: tr}, nil
}

// SolanaDestination configures a Solana cluster as a destination of one
// devnet chain's Portal through its Wormhole adapter, as M0 configures the
// real ones: the route exists on the EVM side only (no Solana runs on the
// devnet), so messages to it are published and paid for but never
// delivered.
type SolanaDestination struct {
	// ChainID is the M0 chain id (zero: SolanaDevnetChainID).
	ChainID uint32
	// Peer is the Solana adapter's program id (the adapter's peer).
	Peer [32]byte
	// Tokens maps each EVM token the route carries (M, wM) to the Solana
	// mint it arrives as.
	Tokens map[common.Address][32]byte
	// MsgValue is the lamports the relay passes on Solana (rent, fees).
	MsgValue uint64
	// ComputeUnits is the payload gas limit of a token transfer: the
	// compute units the relay asks for on Solana.
	ComputeUnits uint64
}

// ConfigureSolana adds dst as a destination of chain's Portal through its
// Wormhole adapter (bridge chain id WormholeSolana), as the deployer: the
// bridging paths, the payload gas limit, the adapter's peer and msg value,
// and the adapter as the destination's default; and as a destination of
// the chain's OrderBook.
func (d *Devnet) ConfigureSolana(ctx context.Context, chain orchestration.Chain, dst SolanaDestination) error {
	c, ok := d.Chain(chain)
	if !ok {
		return fmt.Errorf("devnet: no chain %s", chain)
	}
	if dst.ChainID == 0 {
		dst.ChainID = SolanaDevnetChainID
	}
	if dst.Peer == ([32]byte{}) || len(dst.Tokens) == 0 || dst.ComputeUnits == 0 {
		return errors.New("devnet: a Solana destination needs a peer, tokens and compute units")
	}
	k := d.contracts[chain]
	p, err := newPipeline(ctx, c, Accounts()[0].Key)
	if err != nil {
		return err
	}
	portal, _ := bindings.NewPortal(k.Portal, c.client)
	adapter, _ := bindings.NewWormholeBridgeAdapter(k.WormholeAdapter, c.client)
	book, _ := bindings.NewOrderBook(k.OrderBook, c.client)
	g := func() *bind.TransactOpts { return p.opts(callGas) }
	for src, mint := range dst.Tokens {
		p.do("solana bridging path")(portal.SetSupportedBridgingPath(g(), src, dst.ChainID, mint, true))
	}
	p.do("solana payload gas")(portal.SetPayloadGasLimit(g(), dst.ChainID, payloadTokenTransfer, new(big.Int).SetUint64(dst.ComputeUnits)))
	// A cancel on the chain of an order from Solana reports to Solana
	// (decision 94): its report is relayed with the same compute units.
	p.do("solana cancel report gas")(portal.SetPayloadGasLimit(g(), dst.ChainID, payloadCancelReport, new(big.Int).SetUint64(dst.ComputeUnits)))
	p.do("solana peer")(adapter.SetPeer(g(), dst.ChainID, dst.Peer))
	p.do("solana bridge chain id")(adapter.SetBridgeChainId(g(), dst.ChainID, big.NewInt(int64(WormholeSolana))))
	p.do("solana msg value")(adapter.SetMsgValue(g(), dst.ChainID, new(big.Int).SetUint64(dst.MsgValue)))
	p.do("solana default adapter")(portal.SetDefaultBridgeAdapter(g(), dst.ChainID, k.WormholeAdapter))
	// Limit orders bound for the cluster, as M0's OrderBooks take them.
	p.do("solana order destination")(book.SetDestinationSupported(g(), dst.ChainID, true))
	if err := p.wait(); err != nil {
		return fmt.Errorf("devnet %s: configure Solana: %w", chain, err)
	}
	return nil
}

// requestBytes decodes an Executor VAA v1 request: "ERV1" | emitter chain
// u16 | emitter 32 | sequence u64.
func parseVAARequest(b []byte) (chain uint16, emitter [32]byte, seq uint64, err error) {
	if len(b) != 4+2+32+8 || !bytes.Equal(b[:4], []byte("ERV1")) {
		return 0, emitter, 0, fmt.Errorf("request %x is not a VAA v1 request", b)
	}
	copy(emitter[:], b[6:38])
	return binary.BigEndian.Uint16(b[4:6]), emitter, binary.BigEndian.Uint64(b[38:46]), nil
}

// parseGasInstructions sums the gas limits and message values of relay
// instructions made of gas instructions (type 1).
func parseGasInstructions(b []byte) (gas, value *big.Int, err error) {
	gas, value = new(big.Int), new(big.Int)
	if len(b) == 0 {
		return nil, nil, errors.New("no relay instructions")
	}
	for len(b) > 0 {
		if b[0] != 1 || len(b) < 33 {
			return nil, nil, fmt.Errorf("relay instruction %x is not a gas instruction", b)
		}
		gas.Add(gas, new(big.Int).SetBytes(b[1:17]))
		value.Add(value, new(big.Int).SetBytes(b[17:33]))
		b = b[33:]
	}
	return gas, value, nil
}

// wormholeFee is what a send of payloadType from c to dest needs when c's
// Portal sends it through its Wormhole adapter by default: a signed quote
// from the Executor stand-in (asked in process, so not counted in its
// Requests) and the core's message fee plus the quote's cost. It returns
// nil arguments when the Portal is the default adapter or no Executor
// stand-in runs.
func (d *Devnet) wormholeFee(call *bind.CallOpts, c *Chain, dest uint32, payloadType uint8) ([]byte, *big.Int, error) {
	k := d.contracts[c.Name]
	if d.executor == nil {
		return nil, nil, nil
	}
	portal, _ := bindings.NewPortal(k.Portal, c.client)
	adapter, err := portal.DefaultBridgeAdapter(call, dest)
	if err != nil || adapter != k.WormholeAdapter {
		return nil, nil, err
	}
	wa, _ := bindings.NewWormholeBridgeAdapter(k.WormholeAdapter, c.client)
	core, _ := bindings.NewWormholeCore(k.WormholeCore, c.client)
	src, err := wa.CurrentWormholeChainId(call)
	if err != nil {
		return nil, nil, err
	}
	dst, err := wa.GetBridgeChainId(call, dest)
	if err != nil {
		return nil, nil, err
	}
	gas, err := portal.PayloadGasLimit(call, dest, payloadType)
	if err != nil {
		return nil, nil, err
	}
	value, err := wa.GetMsgValue(call, dest)
	if err != nil {
		return nil, nil, err
	}
	fee, err := core.MessageFee(call)
	if err != nil {
		return nil, nil, err
	}
	relay := make([]byte, 33)
	relay[0] = 1
	gas.FillBytes(relay[1:17])
	value.FillBytes(relay[17:33])
	q, cost, err := d.executor.Quote(src, uint16(dst.Uint64()), "0x"+hex.EncodeToString(relay))
	if err != nil {
		return nil, nil, err
	}
	return q, fee.Add(fee, cost), nil
}
