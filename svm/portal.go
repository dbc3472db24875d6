package svm

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/gagliardetto/solana-go"
)

//go:embed idl/portal.json
var portalIDL []byte

// portalProgram is the Portal v2 IDL, parsed once.
var portalProgram = sync.OnceValues(func() (*Program, error) { return ParseProgram(portalIDL) })

// PortalIDL returns the embedded M Portal v2 IDL (version 0.1.0, from
// m0-foundation/solana-portal packages/common/idls), parsed.
func PortalIDL() (*Program, error) { return portalProgram() }

// PortalDeployment is where the Portal v2 stack and the Wormhole programs it
// sends through live on one cluster. The program ids are the same on mainnet
// and devnet; the core bridge and its two state accounts are not
// (decision 61).
type PortalDeployment struct {
	// M0ChainID is the cluster's own M0 chain id (1399811149 mainnet,
	// 1399811150 devnet), which a send must not target.
	M0ChainID uint32
	// Portal is the Portal v2 program; ExtSwap the swap program it unwraps
	// through (the IDL fixes it to MSwapi3…, so another id is refused);
	// WormholeAdapter the bridge adapter it sends through.
	Portal, ExtSwap, WormholeAdapter solana.PublicKey
	// CoreBridge is the Wormhole core bridge program; BridgeConfig and
	// FeeCollector its state accounts (fixed, not derived here).
	CoreBridge, BridgeConfig, FeeCollector solana.PublicKey
	// Shim is the Wormhole post-message shim the adapter posts through.
	Shim solana.PublicKey
	// MMint is the M mint (Token-2022).
	MMint solana.PublicKey
}

// Solana's programs and accounts of the Portal v2 route (Solana facts §1).
var (
	PortalProgramID          = solana.MustPublicKeyFromBase58("MzBrgc8yXBj4P16GTkcSyDZkEQZB9qDqf3fh9bByJce")
	ExtSwapProgramID         = solana.MustPublicKeyFromBase58("MSwapi3WhNKMUGm9YrxGhypgUEt7wYQH3ZgG32XoWzH")
	WormholeAdapterProgramID = solana.MustPublicKeyFromBase58("mzp1q2j5Hr1QuLC3KFBCAUz5aUckT6qyuZKZ3WJnMmY")
	WormholeShimProgramID    = solana.MustPublicKeyFromBase58("EtZMZM22ViKMo4r5y4Anovs3wKQ2owUmDpjygnMMcdEX")
)

// MainnetPortal and DevnetPortal are the two clusters the facts name.
var (
	MainnetPortal = PortalDeployment{
		M0ChainID:       1399811149,
		Portal:          PortalProgramID,
		ExtSwap:         ExtSwapProgramID,
		WormholeAdapter: WormholeAdapterProgramID,
		CoreBridge:      solana.MustPublicKeyFromBase58("worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth"),
		BridgeConfig:    solana.MustPublicKeyFromBase58("2yVjuQwpsvdsrywzsJJVs9Ueh4zayyo5DYJbBNc3DDpn"),
		FeeCollector:    solana.MustPublicKeyFromBase58("9bFNrXNb2WTx8fMHXCheaZqkLZ3YCCaiqTftHxeintHy"),
		Shim:            WormholeShimProgramID,
		MMint:           MMint,
	}
	DevnetPortal = PortalDeployment{
		M0ChainID:       1399811150,
		Portal:          PortalProgramID,
		ExtSwap:         ExtSwapProgramID,
		WormholeAdapter: WormholeAdapterProgramID,
		CoreBridge:      solana.MustPublicKeyFromBase58("3u8hJUVTA4jH1wYAyUur7FFZVQ8H635K3tSHHF4ssjQ5"),
		BridgeConfig:    solana.MustPublicKeyFromBase58("6bi4JGDoRwUs9TYBuvoA7dUVyikTJDrJsJU1ew6KVLiu"),
		FeeCollector:    solana.MustPublicKeyFromBase58("7s3a1ycs16d6SNDumaRtjcoyMaTDZPavzgsmS3uUZYWX"),
		Shim:            WormholeShimProgramID,
		MMint:           MMint,
	}
)

// ClockSysvar is the clock sysvar the core bridge reads.
var ClockSysvar = solana.SysVarClockPubkey

// PortalGlobal is the Portal's ["global"].
func (d PortalDeployment) PortalGlobal() solana.PublicKey { return Global(d.Portal) }

// PortalAuthority is the Portal's ["authority"].
func (d PortalDeployment) PortalAuthority() solana.PublicKey { return PortalAuthority(d.Portal) }

// PortalMAccount is the Portal authority's M account, through which a send
// unwraps and burns M.
func (d PortalDeployment) PortalMAccount() solana.PublicKey {
	return AssociatedTokenAddress(d.PortalAuthority(), d.MMint, Token2022Program)
}

// WormholeGlobal is the adapter's ["global"] (WormholeGlobal: peers and the
// receive lookup table).
func (d PortalDeployment) WormholeGlobal() solana.PublicKey { return Global(d.WormholeAdapter) }

// WormholeEmitter is the adapter's ["emitter"], the Wormhole emitter of
// every message the Portal sends from this cluster.
func (d PortalDeployment) WormholeEmitter() solana.PublicKey {
	return mustPDA(d.WormholeAdapter, []byte("emitter"))
}

// WormholeSequence is the core bridge's ["Sequence", emitter], whose u64 is
// the sequence the next message gets (ReadWormholeSequence).
func (d PortalDeployment) WormholeSequence() solana.PublicKey {
	e := d.WormholeEmitter()
	return mustPDA(d.CoreBridge, []byte("Sequence"), e[:])
}

// ShimMessage is the shim's [emitter] message account.
func (d PortalDeployment) ShimMessage() solana.PublicKey {
	e := d.WormholeEmitter()
	return mustPDA(d.Shim, e[:])
}

// WormholeRemainingAccounts are the ten accounts the Wormhole adapter
// takes after send_token's own, in the adapter's order
// (adapter_accounts.rs WormholeRemainingAccounts).
func (d PortalDeployment) WormholeRemainingAccounts() solana.AccountMetaSlice {
	return solana.AccountMetaSlice{
		solana.Meta(d.WormholeGlobal()),
		solana.Meta(d.BridgeConfig).WRITE(),
		solana.Meta(d.ShimMessage()).WRITE(),
		solana.Meta(d.WormholeEmitter()),
		solana.Meta(d.WormholeSequence()).WRITE(),
		solana.Meta(d.FeeCollector).WRITE(),
		solana.Meta(ClockSysvar),
		solana.Meta(d.CoreBridge),
		solana.Meta(EventAuthority(d.Shim)),
		solana.Meta(d.Shim),
	}
}

// SendTokenParams is one send of an extension token out of Solana.
type SendTokenParams struct {
	// Sender signs, owns the extension tokens and pays the fees.
	Sender solana.PublicKey
	// Extension is what is sent; it must be whitelisted in ext_swap and
	// have a bridge path to DestinationToken.
	Extension Extension
	// Amount is in the extension's units; positive.
	Amount uint64
	// DestinationChainID is the M0 chain id of the destination (an EVM
	// chain id).
	DestinationChainID uint32
	// DestinationToken and Recipient are 32 bytes: an EVM address
	// left-padded with zeros (EVMAddress32).
	DestinationToken, Recipient [32]byte
	// ExtensionTokenAccount holds the tokens; zero means Sender's
	// associated token account under the extension's token program.
	ExtensionTokenAccount solana.PublicKey
}

// SendToken builds Portal v2's send_token through the Wormhole adapter:
// the 19 accounts of the IDL followed by the adapter's ten.
func (d PortalDeployment) SendToken(p SendTokenParams) (*solana.GenericInstruction, error) {
	switch {
	case p.Sender.IsZero():
		return nil, errors.New("svm: portal send_token: no sender")
	case p.Amount == 0:
		return nil, errors.New("svm: portal send_token: amount must be positive")
	case p.Extension.Program.IsZero() || p.Extension.Mint.IsZero():
		return nil, errors.New("svm: portal send_token: extension program and mint are required")
	case !p.Extension.TokenProgram.Equals(TokenProgram) && !p.Extension.TokenProgram.Equals(Token2022Program):
		return nil, fmt.Errorf("svm: portal send_token: extension %s: token program %s is neither SPL Token nor Token-2022", p.Extension.Mint, p.Extension.TokenProgram)
	case p.DestinationChainID == 0 || p.DestinationChainID == d.M0ChainID:
		return nil, fmt.Errorf("svm: portal send_token: destination chain %d is not another chain", p.DestinationChainID)
	case p.Recipient == [32]byte{}:
		return nil, errors.New("svm: portal send_token: no recipient")
	case p.DestinationToken == [32]byte{}:
		return nil, errors.New("svm: portal send_token: no destination token")
	}
	prog, err := portalProgram()
	if err != nil {
		return nil, err
	}
	if !d.Portal.Equals(prog.ID()) {
		prog = prog.WithID(d.Portal)
	}
	ext := p.Extension
	vaultAuth := MVault(ext.Program)
	a := Accounts{
		"sender":                  p.Sender,
		"portal_global":           d.PortalGlobal(),
		"swap_global":             Global(d.ExtSwap),
		"chain_paths":             ChainPaths(d.Portal, p.DestinationChainID),
		"extension_global":        Global(ext.Program),
		"m_mint":                  d.MMint,
		"extension_mint":          ext.Mint,
		"m_token_account":         d.PortalMAccount(),
		"extension_token_account": or(p.ExtensionTokenAccount, AssociatedTokenAddress(p.Sender, ext.Mint, ext.TokenProgram)),
		"portal_authority":        d.PortalAuthority(),
		"ext_m_vault":             AssociatedTokenAddress(vaultAuth, d.MMint, Token2022Program),
		"ext_m_vault_auth":        vaultAuth,
		"ext_mint_authority":      MintAuthority(ext.Program),
		"swap_program":            d.ExtSwap,
		"extension_program":       ext.Program,
		"m_token_program":         Token2022Program,
		"extension_token_program": ext.TokenProgram,
		"bridge_adapter":          d.WormholeAdapter,
	}
	ix, err := prog.Instruction("send_token", a, p.Amount, p.DestinationToken, p.DestinationChainID, p.Recipient)
	if err != nil {
		return nil, err
	}
	ix.AccountValues = append(ix.AccountValues, d.WormholeRemainingAccounts()...)
	return ix, nil
}

// EVMAddress32 left-pads a 20-byte EVM address to the 32 bytes the Portal
// takes for destination_token and recipient.
func EVMAddress32(addr [20]byte) [32]byte {
	var b [32]byte
	copy(b[12:], addr[:])
	return b
}
