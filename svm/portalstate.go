package svm

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/gagliardetto/solana-go"
)

// The state a send out of Solana through the Portal reads: the Portal's
// global and chain paths, the Wormhole adapter's global, the core bridge's
// config and the adapter's lookup table. Anchor accounts are Borsh after
// their 8-byte discriminator, which is taken from the IDLs (portal.json,
// wormhole_adapter.json), so a layout is never typed twice.

//go:embed idl/wormhole_adapter.json
var wormholeAdapterIDL []byte

// wormholeAdapterProgram is the Wormhole adapter's IDL, parsed once.
var wormholeAdapterProgram = sync.OnceValues(func() (*Program, error) { return ParseProgram(wormholeAdapterIDL) })

// WormholeAdapterIDL returns the embedded Wormhole adapter IDL (version
// 0.1.0, from m0-foundation/solana-portal packages/common/idls), parsed.
func WormholeAdapterIDL() (*Program, error) { return wormholeAdapterProgram() }

// maxPeers bounds a decoded vector of paths or peers, as maxWhitelist
// does for SwapGlobal.
const maxPeers = 4096

// accountBody checks data opens with the IDL's discriminator of account
// and returns the Borsh body after it.
func accountBody(prog func() (*Program, error), account string, data []byte) ([]byte, error) {
	p, err := prog()
	if err != nil {
		return nil, err
	}
	disc, ok := p.AccountDiscriminator(account)
	if !ok {
		return nil, fmt.Errorf("svm: the %s IDL has no %s account", p.Name(), account)
	}
	if len(data) < 8 || !bytes.Equal(data[:8], disc) {
		return nil, fmt.Errorf("svm: not a %s account (discriminator)", account)
	}
	return data[8:], nil
}

// PortalGlobal is the Portal's ["global"] account (PortalGlobal in
// portal.json).
type PortalGlobal struct {
	// ChainID is the cluster's own M0 chain id.
	ChainID uint32
	// MMint is the M mint send_token burns; the IDL's m_mint must equal it.
	MMint, Admin solana.PublicKey
	// OutgoingPaused makes every send_token fail; IncomingPaused every
	// receipt.
	OutgoingPaused, IncomingPaused bool
	// MIndex is the latest M index propagated (u128).
	MIndex *big.Int
	// MessageNonce is bumped by each message sent.
	MessageNonce uint64
	// PendingAdmin is the admin being handed over to, zero if none.
	PendingAdmin solana.PublicKey
	// IsolatedHub is true when the Portal is an isolated spoke, which may
	// send only to IsolatedHubChainID.
	IsolatedHub        bool
	IsolatedHubChainID uint32
	// UnclaimedMBalance is the principal of M held for non-whitelisted
	// destination tokens.
	UnclaimedMBalance uint64
}

// SendsTo reports whether the Portal lets a send go to chain: not paused
// and, when isolated, only to its hub (send_token.validate).
func (g *PortalGlobal) SendsTo(chain uint32) error {
	switch {
	case g.OutgoingPaused:
		return errors.New("sending through the Portal is paused (outgoing_paused)")
	case g.IsolatedHub && chain != g.IsolatedHubChainID:
		return fmt.Errorf("the Portal is an isolated spoke and sends only to its hub, chain %d", g.IsolatedHubChainID)
	}
	return nil
}

// DecodePortalGlobal decodes a PortalGlobal account: discriminator | bump
// u8 | chain_id u32 | m_mint | admin | outgoing_paused bool |
// incoming_paused bool | m_index u128 | message_nonce u64 | pending_admin
// Option<Pubkey> | isolated_hub_chain_id Option<u32> | unclaimed_m_balance
// u64 | padding [u8; 120].
func DecodePortalGlobal(data []byte) (*PortalGlobal, error) {
	body, err := accountBody(portalProgram, "PortalGlobal", data)
	if err != nil {
		return nil, err
	}
	r := NewBorshReader(body)
	r.Take(1) // bump
	g := &PortalGlobal{ChainID: r.U32(), MMint: r.Key(), Admin: r.Key()}
	g.OutgoingPaused, g.IncomingPaused = r.Bool(), r.Bool()
	g.MIndex = r.U128()
	g.MessageNonce = r.U64()
	if r.Option() {
		g.PendingAdmin = r.Key()
	}
	if g.IsolatedHub = r.Option(); g.IsolatedHub {
		g.IsolatedHubChainID = r.U32()
	}
	g.UnclaimedMBalance = r.U64()
	if err := r.Done("PortalGlobal"); err != nil {
		return nil, err
	}
	return g, nil
}

// BridgePath is one allowed path: the extension SourceMint on Solana
// bridges to DestinationToken (an EVM address left-padded to 32 bytes).
type BridgePath struct {
	SourceMint       solana.PublicKey
	DestinationToken [32]byte
}

// ChainBridgePaths is the Portal's ["chain_paths", u32 LE chain id]
// account: the paths to one destination chain.
type ChainBridgePaths struct {
	DestinationChainID uint32
	Paths              []BridgePath
}

// Allows reports whether the extension mint may be sent as token
// (send_token.validate: the path must be in chain_paths).
func (c *ChainBridgePaths) Allows(mint solana.PublicKey, token [32]byte) bool {
	for _, p := range c.Paths {
		if p.SourceMint.Equals(mint) && p.DestinationToken == token {
			return true
		}
	}
	return false
}

// DecodeChainBridgePaths decodes a ChainBridgePaths account:
// discriminator | bump u8 | destination_chain_id u32 | paths
// Vec<{source_mint, destination_token [u8; 32]}>. Trailing bytes (spare
// space) are ignored.
func DecodeChainBridgePaths(data []byte) (*ChainBridgePaths, error) {
	body, err := accountBody(portalProgram, "ChainBridgePaths", data)
	if err != nil {
		return nil, err
	}
	r := NewBorshReader(body)
	r.Take(1) // bump
	c := &ChainBridgePaths{DestinationChainID: r.U32()}
	n := r.U32()
	if n > maxPeers {
		return nil, fmt.Errorf("svm: ChainBridgePaths: %d paths", n)
	}
	for range n {
		p := BridgePath{SourceMint: r.Key()}
		copy(p.DestinationToken[:], r.Take(32))
		c.Paths = append(c.Paths, p)
	}
	if r.short {
		return nil, fmt.Errorf("svm: ChainBridgePaths: %d bytes is too short for its paths", len(data))
	}
	return c, nil
}

// WormholePeer is the Wormhole adapter's peer on another chain: Address
// (on an EVM chain, the adapter contract left-padded) is the destination
// of its messages and the dst_addr of the Executor's request.
type WormholePeer struct {
	Address        [32]byte
	M0ChainID      uint32
	AdapterChainID uint32 // the chain's Wormhole chain id
}

// WormholeGlobal is the Wormhole adapter's ["global"] account.
type WormholeGlobal struct {
	Admin                          solana.PublicKey
	OutgoingPaused, IncomingPaused bool
	// ChainID is the cluster's own Wormhole chain id (1).
	ChainID uint32
	// ReceiveLUT is the adapter's address lookup table, zero if none: the
	// table a send through the adapter is compiled against.
	ReceiveLUT   solana.PublicKey
	PendingAdmin solana.PublicKey
	Peers        []WormholePeer
}

// Peer is the peer of the M0 chain id.
func (g *WormholeGlobal) Peer(m0ChainID uint32) (WormholePeer, bool) {
	for _, p := range g.Peers {
		if p.M0ChainID == m0ChainID {
			return p, true
		}
	}
	return WormholePeer{}, false
}

// DecodeWormholeGlobal decodes a WormholeGlobal account: discriminator |
// bump u8 | admin | outgoing_paused bool | incoming_paused bool | chain_id
// u32 | receive_lut Option<Pubkey> | pending_admin Option<Pubkey> | peers
// Vec<{address [u8; 32], m0_chain_id u32, adapter_chain_id u32}> |
// padding [u8; 128].
func DecodeWormholeGlobal(data []byte) (*WormholeGlobal, error) {
	body, err := accountBody(wormholeAdapterProgram, "WormholeGlobal", data)
	if err != nil {
		return nil, err
	}
	r := NewBorshReader(body)
	r.Take(1) // bump
	g := &WormholeGlobal{Admin: r.Key()}
	g.OutgoingPaused, g.IncomingPaused = r.Bool(), r.Bool()
	g.ChainID = r.U32()
	if r.Option() {
		g.ReceiveLUT = r.Key()
	}
	if r.Option() {
		g.PendingAdmin = r.Key()
	}
	n := r.U32()
	if n > maxPeers {
		return nil, fmt.Errorf("svm: WormholeGlobal: %d peers", n)
	}
	for range n {
		var p WormholePeer
		copy(p.Address[:], r.Take(32))
		p.M0ChainID, p.AdapterChainID = r.U32(), r.U32()
		g.Peers = append(g.Peers, p)
	}
	if err := r.Done("WormholeGlobal"); err != nil {
		return nil, err
	}
	return g, nil
}

// WormholeBridgeConfig is the Wormhole core bridge's ["Bridge"] account
// (BridgeData, Borsh without a discriminator): Fee is the lamports the
// core bridge takes for each message posted, which the sender pays.
type WormholeBridgeConfig struct {
	GuardianSetIndex          uint32
	LastLamports              uint64
	GuardianSetExpirationTime uint32
	Fee                       uint64
}

// wormholeBridgeDataLen is BridgeData's length: u32 | u64 | u32 | u64.
const wormholeBridgeDataLen = 4 + 8 + 4 + 8

// DecodeWormholeBridgeConfig decodes the core bridge's BridgeData:
// guardian_set_index u32 | last_lamports u64 | config
// {guardian_set_expiration_time u32, fee u64}, little-endian
// (wormhole-foundation/wormhole solana/bridge/program/src/accounts/bridge.rs).
func DecodeWormholeBridgeConfig(data []byte) (*WormholeBridgeConfig, error) {
	if len(data) < wormholeBridgeDataLen {
		return nil, fmt.Errorf("svm: a Wormhole bridge config of %d bytes, want at least %d", len(data), wormholeBridgeDataLen)
	}
	le := binary.LittleEndian
	return &WormholeBridgeConfig{
		GuardianSetIndex:          le.Uint32(data[0:]),
		LastLamports:              le.Uint64(data[4:]),
		GuardianSetExpirationTime: le.Uint32(data[12:]),
		Fee:                       le.Uint64(data[16:]),
	}, nil
}

// lookupTableType is the address lookup table program's account type of a
// table (0 is uninitialized).
const lookupTableType = 1

// Address lookup table layout (the address lookup table program's
// ProgramState::LookupTable): type u32 (1) | deactivation_slot u64 |
// last_extended_slot u64 | last_extended_slot_start_index u8 | authority
// Option<Pubkey> (tag, then 32 bytes whether set or not) | 2 bytes of
// padding, 56 in all; then the addresses, 32 bytes each.
const (
	lookupTableHeaderLen = 56
	lookupTableMaxLen    = 256
)

// DecodeLookupTable decodes an address lookup table account at address
// into the table a v0 message is compiled against. A table that is not
// initialized or is being deactivated is refused: a transaction naming it
// would fail, or soon would. Addresses extended in the slot being read
// are not usable until the next; at is the slot read (zero skips that
// check). solana-go has a decoder (programs/address-lookup-table), but its
// package pulls in solana-go's RPC client and its dependencies for a
// 56-byte header.
func DecodeLookupTable(address solana.PublicKey, data []byte, at uint64) (*LookupTable, error) {
	if len(data) < lookupTableHeaderLen {
		return nil, fmt.Errorf("svm: lookup table %s: %d bytes, under the %d-byte header", address, len(data), lookupTableHeaderLen)
	}
	le := binary.LittleEndian
	typ, deactivation := le.Uint32(data[0:]), le.Uint64(data[4:])
	lastSlot, startIndex := le.Uint64(data[12:]), int(data[20])
	rest := data[lookupTableHeaderLen:]
	switch {
	case typ != lookupTableType:
		return nil, fmt.Errorf("svm: lookup table %s: account type %d, not a lookup table", address, typ)
	case deactivation != math.MaxUint64:
		return nil, fmt.Errorf("svm: lookup table %s is deactivated (slot %d)", address, deactivation)
	case len(rest)%32 != 0 || len(rest)/32 > lookupTableMaxLen:
		return nil, fmt.Errorf("svm: lookup table %s: %d bytes of addresses", address, len(rest))
	}
	n := len(rest) / 32
	if at != 0 && lastSlot >= at && startIndex < n {
		n = startIndex
	}
	t := &LookupTable{Address: address, Addresses: make(solana.PublicKeySlice, n)}
	for i := range n {
		t.Addresses[i] = solana.PublicKeyFromBytes(rest[32*i : 32*i+32])
	}
	return t, nil
}
