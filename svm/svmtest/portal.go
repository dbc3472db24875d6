package svmtest

import (
	"encoding/binary"
	"math"
	"sync"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// discriminator is an account's discriminator from prog's IDL, so that a
// fixture follows the IDL it is decoded against.
func discriminator(prog func() (*svm.Program, error), account string) []byte {
	p, err := prog()
	if err != nil {
		panic(err) // the embedded IDLs are checked by svm's own tests
	}
	d, ok := p.AccountDiscriminator(account)
	if !ok {
		panic("svmtest: the " + p.Name() + " IDL has no " + account + " account")
	}
	return d
}

var (
	portalGlobalDisc   = sync.OnceValue(func() []byte { return discriminator(svm.PortalIDL, "PortalGlobal") })
	chainPathsDisc     = sync.OnceValue(func() []byte { return discriminator(svm.PortalIDL, "ChainBridgePaths") })
	wormholeGlobalDisc = sync.OnceValue(func() []byte { return discriminator(svm.WormholeAdapterIDL, "WormholeGlobal") })
)

func appendOption(b []byte, k solana.PublicKey) []byte {
	if k.IsZero() {
		return append(b, 0)
	}
	return append(append(b, 1), k[:]...)
}

// PortalGlobal is the Portal's PortalGlobal account data in its Borsh
// layout (portal.json): discriminator | bump | chain_id u32 | m_mint |
// admin | outgoing_paused | incoming_paused | m_index u128 |
// message_nonce u64 | pending_admin Option<Pubkey> |
// isolated_hub_chain_id Option<u32> | unclaimed_m_balance u64 |
// padding [u8; 120]. A nil MIndex is zero.
func PortalGlobal(g svm.PortalGlobal) []byte {
	le := binary.LittleEndian
	b := append([]byte(nil), portalGlobalDisc()...)
	b = append(b, 255)
	b = le.AppendUint32(b, g.ChainID)
	b = append(append(b, g.MMint[:]...), g.Admin[:]...)
	b = append(b, boolByte(g.OutgoingPaused), boolByte(g.IncomingPaused))
	var idx [16]byte
	if g.MIndex != nil {
		g.MIndex.FillBytes(idx[:])
	}
	for i := 15; i >= 0; i-- {
		b = append(b, idx[i])
	}
	b = le.AppendUint64(b, g.MessageNonce)
	b = appendOption(b, g.PendingAdmin)
	if g.IsolatedHub {
		b = le.AppendUint32(append(b, 1), g.IsolatedHubChainID)
	} else {
		b = append(b, 0)
	}
	b = le.AppendUint64(b, g.UnclaimedMBalance)
	return append(b, make([]byte, 120)...)
}

// ChainBridgePaths is the Portal's ChainBridgePaths account data:
// discriminator | bump | destination_chain_id u32 | Vec<{source_mint,
// destination_token}>, with spare space after it as a real account has.
func ChainBridgePaths(c svm.ChainBridgePaths) []byte {
	le := binary.LittleEndian
	b := append([]byte(nil), chainPathsDisc()...)
	b = append(b, 254)
	b = le.AppendUint32(b, c.DestinationChainID)
	b = le.AppendUint32(b, uint32(len(c.Paths)))
	for _, p := range c.Paths {
		b = append(append(b, p.SourceMint[:]...), p.DestinationToken[:]...)
	}
	return append(b, make([]byte, 64)...)
}

// WormholeGlobal is the Wormhole adapter's WormholeGlobal account data
// (wormhole_adapter.json): discriminator | bump | admin | outgoing_paused
// | incoming_paused | chain_id u32 | receive_lut Option<Pubkey> |
// pending_admin Option<Pubkey> | Vec<{address, m0_chain_id u32,
// adapter_chain_id u32}> | padding [u8; 128].
func WormholeGlobal(g svm.WormholeGlobal) []byte {
	le := binary.LittleEndian
	b := append([]byte(nil), wormholeGlobalDisc()...)
	b = append(b, 253)
	b = append(b, g.Admin[:]...)
	b = append(b, boolByte(g.OutgoingPaused), boolByte(g.IncomingPaused))
	b = le.AppendUint32(b, g.ChainID)
	b = appendOption(b, g.ReceiveLUT)
	b = appendOption(b, g.PendingAdmin)
	b = le.AppendUint32(b, uint32(len(g.Peers)))
	for _, p := range g.Peers {
		b = append(b, p.Address[:]...)
		b = le.AppendUint32(b, p.M0ChainID)
		b = le.AppendUint32(b, p.AdapterChainID)
	}
	return append(b, make([]byte, 128)...)
}

// WormholeBridgeConfig is the core bridge's BridgeData: guardian_set_index
// u32 | last_lamports u64 | guardian_set_expiration_time u32 | fee u64,
// little-endian, no discriminator.
func WormholeBridgeConfig(c svm.WormholeBridgeConfig) []byte {
	le := binary.LittleEndian
	b := le.AppendUint32(nil, c.GuardianSetIndex)
	b = le.AppendUint64(b, c.LastLamports)
	b = le.AppendUint32(b, c.GuardianSetExpirationTime)
	return le.AppendUint64(b, c.Fee)
}

// Sequence is the core bridge's Sequence account: the next sequence, u64
// LE.
func Sequence(next uint64) []byte { return binary.LittleEndian.AppendUint64(nil, next) }

// LookupTable is an active address lookup table's data holding addresses,
// with no authority (frozen) and every address usable: a 56-byte header
// (type u32 = 1, deactivation slot u64::MAX, last extended slot 0, start
// index, authority None and its 32 bytes, 2 of padding), then the
// addresses.
func LookupTable(addresses []solana.PublicKey) []byte {
	d := make([]byte, 56, 56+32*len(addresses))
	binary.LittleEndian.PutUint32(d[0:], 1)
	binary.LittleEndian.PutUint64(d[4:], math.MaxUint64)
	d[20] = byte(min(len(addresses), math.MaxUint8))
	for _, a := range addresses {
		d = append(d, a[:]...)
	}
	return d
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Portal is the state of a Portal v2 deployment with the Wormhole adapter
// that a send out of the cluster reads, for SetPortal.
type Portal struct {
	Deployment svm.PortalDeployment
	Global     svm.PortalGlobal
	// Paths are the chain paths, one account per destination.
	Paths    []svm.ChainBridgePaths
	Wormhole svm.WormholeGlobal
	Bridge   svm.WormholeBridgeConfig
	// Sequence is the emitter's next sequence.
	Sequence uint64
	// Table holds Wormhole.ReceiveLUT's addresses (SendTable: what a send
	// names); nil sets no table.
	Table []solana.PublicKey
}

// SetPortal stores p's accounts, each owned by its program as on chain:
// the Portal's global and chain paths (the Portal), the adapter's global
// (the adapter), the core bridge's config and the emitter's Sequence (the
// core bridge), and the lookup table (the address lookup table program).
func (r *RPC) SetPortal(p Portal) {
	d := p.Deployment
	rent := uint64(2_000_000)
	r.Set(d.PortalGlobal(), Account{Data: PortalGlobal(p.Global), Owner: d.Portal, Lamports: rent})
	for _, c := range p.Paths {
		r.Set(svm.ChainPaths(d.Portal, c.DestinationChainID), Account{Data: ChainBridgePaths(c), Owner: d.Portal, Lamports: rent})
	}
	r.Set(d.WormholeGlobal(), Account{Data: WormholeGlobal(p.Wormhole), Owner: d.WormholeAdapter, Lamports: rent})
	r.Set(d.BridgeConfig, Account{Data: WormholeBridgeConfig(p.Bridge), Owner: d.CoreBridge, Lamports: rent})
	r.Set(d.WormholeSequence(), Account{Data: Sequence(p.Sequence), Owner: d.CoreBridge, Lamports: rent})
	if p.Table != nil && !p.Wormhole.ReceiveLUT.IsZero() {
		r.Set(p.Wormhole.ReceiveLUT, Account{Data: LookupTable(p.Table), Owner: solana.AddressLookupTableProgramID, Lamports: rent})
	}
}

// SendTable is a lookup table's contents naming every account of d's
// sends of exts to dests that is neither the sender's nor a program the
// transaction calls (which stay static): the Portal's, ext_swap's and
// the extensions' accounts, each chain path, the token programs, the
// adapter and its ten accounts. What the adapter's real receive_lut holds
// is not known (decision 61); this is a table the sends fit with.
func SendTable(d svm.PortalDeployment, exts []svm.Extension, dests []uint32) []solana.PublicKey {
	seen := map[solana.PublicKey]bool{d.Portal: true}
	var out []solana.PublicKey
	add := func(keys ...solana.PublicKey) {
		for _, k := range keys {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	add(d.PortalGlobal(), svm.Global(d.ExtSwap), d.MMint, d.PortalMAccount(), d.PortalAuthority(), d.ExtSwap,
		svm.Token2022Program, svm.TokenProgram, d.WormholeAdapter, svm.SystemProgram)
	for _, dst := range dests {
		add(svm.ChainPaths(d.Portal, dst))
	}
	for _, e := range exts {
		vault := svm.MVault(e.Program)
		add(svm.Global(e.Program), e.Mint, svm.AssociatedTokenAddress(vault, d.MMint, svm.Token2022Program), vault,
			svm.MintAuthority(e.Program), e.Program)
	}
	add(d.WormholeRemainingAccounts().GetKeys()...)
	return out
}
