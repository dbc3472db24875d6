package svm

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/gagliardetto/solana-go"
)

//go:embed idl/ext_swap.json
var extSwapIDL []byte

// extSwapProgram is the ext_swap IDL, parsed once.
var extSwapProgram = sync.OnceValues(func() (*Program, error) { return ParseProgram(extSwapIDL) })

// ExtSwapIDL returns the embedded ext_swap IDL (version 0.2.0, from
// m0-foundation/solana-portal packages/common/idls), parsed.
func ExtSwapIDL() (*Program, error) { return extSwapProgram() }

// Extension is one m_ext deployment as ext_swap's
// SwapGlobal.whitelisted_extensions lists it.
type Extension struct {
	// Program is the extension's m_ext program id.
	Program solana.PublicKey
	// Mint is the extension token's mint.
	Mint solana.PublicKey
	// TokenProgram owns Mint: SPL Token or Token-2022. It must come from the
	// whitelist entry or the mint's owner, never be assumed.
	TokenProgram solana.PublicKey
}

// ExtSwapConfig configures ExtSwap.
type ExtSwapConfig struct {
	// Program is the ext_swap program id; zero means the IDL's address
	// (MSwapi3…, the same on mainnet and devnet).
	Program solana.PublicKey
	// MMint is the M mint; zero means MMint (the v2 M, Token-2022).
	MMint solana.PublicKey
}

// ExtSwap builds ext_swap's user instructions: wrap (M → extension),
// unwrap (extension → M) and swap (extension → extension). It is immutable
// and safe for concurrent use.
type ExtSwap struct {
	program *Program
	mMint   solana.PublicKey
	global  solana.PublicKey
}

// NewExtSwap returns an ExtSwap over the embedded IDL.
func NewExtSwap(cfg ExtSwapConfig) (*ExtSwap, error) {
	p, err := extSwapProgram()
	if err != nil {
		return nil, err
	}
	if !cfg.Program.IsZero() {
		p = p.WithID(cfg.Program)
	}
	if cfg.MMint.IsZero() {
		cfg.MMint = MMint
	}
	return &ExtSwap{program: p, mMint: cfg.MMint, global: Global(p.ID())}, nil
}

// ProgramID is the ext_swap program id.
func (s *ExtSwap) ProgramID() solana.PublicKey { return s.program.ID() }

// SwapGlobal is ext_swap's ["global"], which holds the whitelists.
func (s *ExtSwap) SwapGlobal() solana.PublicKey { return s.global }

// SwapMAccount is the M token account of SwapGlobal, through which swap
// moves M between the two extensions.
func (s *ExtSwap) SwapMAccount() solana.PublicKey {
	return AssociatedTokenAddress(s.global, s.mMint, Token2022Program)
}

// WrapParams is one wrap: Amount of M from Owner into To.
type WrapParams struct {
	// Owner signs and owns both token accounts.
	Owner solana.PublicKey
	To    Extension
	// Amount is in the program's units (see the package's amount notes in
	// the Solana facts: a UI amount in the latest m_ext).
	Amount uint64
	// MTokenAccount is Owner's M account; zero means Owner's associated
	// token account (Token-2022).
	MTokenAccount solana.PublicKey
	// ToTokenAccount receives the extension; zero means Owner's associated
	// token account for To. It must exist: ext_swap does not create it (see
	// CreateIdempotentATA).
	ToTokenAccount solana.PublicKey
	// WrapAuthority co-signs when set; zero means none, and then SwapGlobal
	// must be one of the extension's wrap authorities.
	WrapAuthority solana.PublicKey
}

// Wrap builds ext_swap.wrap.
func (s *ExtSwap) Wrap(p WrapParams) (*solana.GenericInstruction, error) {
	if err := s.check(p.Owner, p.Amount, p.To); err != nil {
		return nil, fmt.Errorf("svm: ext_swap wrap: %w", err)
	}
	a := s.userAccounts(p.Owner)
	a["m_token_account"] = or(p.MTokenAccount, AssociatedTokenAddress(p.Owner, s.mMint, Token2022Program))
	s.extensionAccounts(a, "to", p.To, or(p.ToTokenAccount, AssociatedTokenAddress(p.Owner, p.To.Mint, p.To.TokenProgram)))
	optional(a, "wrap_authority", p.WrapAuthority)
	return s.program.Instruction("wrap", a, p.Amount)
}

// UnwrapParams is one unwrap: Amount of From back to M for Owner.
type UnwrapParams struct {
	// Owner signs and owns both token accounts.
	Owner  solana.PublicKey
	From   Extension
	Amount uint64
	// FromTokenAccount holds the extension; zero means Owner's associated
	// token account for From.
	FromTokenAccount solana.PublicKey
	// MTokenAccount receives M; zero means Owner's associated token
	// account (Token-2022). It must exist.
	MTokenAccount solana.PublicKey
	// UnwrapAuthority co-signs when set; zero means none, and then Owner
	// itself must be a whitelisted unwrapper (unwrap is permissioned: an
	// ordinary user's unwrap fails with 6003 UnauthorizedUnwrapper).
	UnwrapAuthority solana.PublicKey
}

// Unwrap builds ext_swap.unwrap.
func (s *ExtSwap) Unwrap(p UnwrapParams) (*solana.GenericInstruction, error) {
	if err := s.check(p.Owner, p.Amount, p.From); err != nil {
		return nil, fmt.Errorf("svm: ext_swap unwrap: %w", err)
	}
	a := s.userAccounts(p.Owner)
	a["m_token_account"] = or(p.MTokenAccount, AssociatedTokenAddress(p.Owner, s.mMint, Token2022Program))
	s.extensionAccounts(a, "from", p.From, or(p.FromTokenAccount, AssociatedTokenAddress(p.Owner, p.From.Mint, p.From.TokenProgram)))
	optional(a, "unwrap_authority", p.UnwrapAuthority)
	return s.program.Instruction("unwrap", a, p.Amount)
}

// SwapParams is one swap: Amount of From into To for Owner.
type SwapParams struct {
	// Owner signs and owns both token accounts.
	Owner    solana.PublicKey
	From, To Extension
	Amount   uint64
	// FromTokenAccount and ToTokenAccount default (zero) to Owner's
	// associated token accounts; the destination must exist.
	FromTokenAccount, ToTokenAccount solana.PublicKey
	// WrapAuthority and UnwrapAuthority co-sign when set; zero means none,
	// and then SwapGlobal signs the CPIs and must be allowed to.
	WrapAuthority, UnwrapAuthority solana.PublicKey
}

// Swap builds ext_swap.swap with no remaining accounts (split index 0),
// which is what the standard m_ext needs.
func (s *ExtSwap) Swap(p SwapParams) (*solana.GenericInstruction, error) {
	err := s.check(p.Owner, p.Amount, p.From)
	if err == nil {
		err = s.check(p.Owner, p.Amount, p.To)
	}
	if err == nil && p.From.Program.Equals(p.To.Program) {
		err = errors.New("from and to are the same extension program")
	}
	if err != nil {
		return nil, fmt.Errorf("svm: ext_swap swap: %w", err)
	}
	a := s.userAccounts(p.Owner)
	a["swap_m_account"] = s.SwapMAccount()
	s.extensionAccounts(a, "from", p.From, or(p.FromTokenAccount, AssociatedTokenAddress(p.Owner, p.From.Mint, p.From.TokenProgram)))
	s.extensionAccounts(a, "to", p.To, or(p.ToTokenAccount, AssociatedTokenAddress(p.Owner, p.To.Mint, p.To.TokenProgram)))
	optional(a, "wrap_authority", p.WrapAuthority)
	optional(a, "unwrap_authority", p.UnwrapAuthority)
	return s.program.Instruction("swap", a, p.Amount, uint8(0))
}

// userAccounts are the accounts every user instruction of ext_swap names
// the same way: the signer, SwapGlobal, M's mint and token program.
func (s *ExtSwap) userAccounts(owner solana.PublicKey) Accounts {
	return Accounts{
		"signer":          owner,
		"swap_global":     s.global,
		"m_mint":          s.mMint,
		"m_token_program": Token2022Program,
	}
}

// extensionAccounts adds to a the accounts of one side ("from" or "to") of
// an instruction: ext's global, mint, M vault and its authority, mint
// authority and programs, and the user's token account of ext.
func (s *ExtSwap) extensionAccounts(a Accounts, side string, ext Extension, tokenAccount solana.PublicKey) {
	vault := MVault(ext.Program)
	a[side+"_global"] = Global(ext.Program)
	a[side+"_mint"] = ext.Mint
	a[side+"_token_account"] = tokenAccount
	a[side+"_m_vault_auth"] = vault
	a[side+"_mint_authority"] = MintAuthority(ext.Program)
	a[side+"_m_vault"] = AssociatedTokenAddress(vault, s.mMint, Token2022Program)
	a[side+"_token_program"] = ext.TokenProgram
	a[side+"_ext_program"] = ext.Program
}

// check refuses what the program would refuse anyway (amount 0 is error
// 6005) or what would build a transaction for the wrong accounts.
func (s *ExtSwap) check(owner solana.PublicKey, amount uint64, ext Extension) error {
	switch {
	case owner.IsZero():
		return errors.New("no owner")
	case amount == 0:
		return errors.New("amount must be positive")
	case ext.Program.IsZero() || ext.Mint.IsZero():
		return errors.New("extension program and mint are required")
	case !ext.TokenProgram.Equals(TokenProgram) && !ext.TokenProgram.Equals(Token2022Program):
		return fmt.Errorf("extension %s: token program %s is neither SPL Token nor Token-2022", ext.Mint, ext.TokenProgram)
	}
	return nil
}

// or returns k, or def when k is zero.
func or(k, def solana.PublicKey) solana.PublicKey {
	if k.IsZero() {
		return def
	}
	return k
}

// optional sets an optional account only when given, so the encoder passes
// the program id (Anchor's None) otherwise.
func optional(a Accounts, name string, k solana.PublicKey) {
	if !k.IsZero() {
		a[name] = k
	}
}
