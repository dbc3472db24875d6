package litesvm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// Program ids of the accounts built here.
var (
	TokenProgram       = svm.TokenProgram
	Token2022Program   = svm.Token2022Program
	SystemProgram      = svm.SystemProgram
	LookupTableProgram = solana.AddressLookupTableProgramID
)

// Lamports enough for any account built here to be rent-exempt (rent for
// a few hundred bytes is ~0.003 SOL).
const rentExempt = 10_000_000

// Wallet is a system account holding lamports: a fee payer.
func Wallet(address solana.PublicKey, lamports uint64) Account {
	return Account{Address: address, Lamports: lamports, Owner: SystemProgram}
}

// Mint describes a mint account.
type Mint struct {
	Address solana.PublicKey
	// TokenProgram is SPL Token or Token-2022.
	TokenProgram solana.PublicKey
	Decimals     uint8
	Supply       uint64
	// Authority is the mint authority; zero means none.
	Authority solana.PublicKey
	// ScaledUIMultiplier, when non-zero, gives a Token-2022 mint the
	// ScaledUiAmount extension (type 25) with this multiplier, as M0's M
	// mint has.
	ScaledUIMultiplier float64
}

// Account is m in the real layout: the 82-byte base mint, and for a
// Token-2022 mint with an extension the padding to 165 bytes, the account
// type (1, mint) and the extension's TLV entry.
func (m Mint) Account() (Account, error) {
	if !m.TokenProgram.Equals(TokenProgram) && !m.TokenProgram.Equals(Token2022Program) {
		return Account{}, fmt.Errorf("litesvm: mint %s: %s is no token program", m.Address, m.TokenProgram)
	}
	d := make([]byte, 82)
	putOption(d[0:36], m.Authority)
	binary.LittleEndian.PutUint64(d[36:44], m.Supply)
	d[44] = m.Decimals
	d[45] = 1 // is_initialized
	// freeze authority d[46:82]: None
	if m.ScaledUIMultiplier != 0 {
		if !m.TokenProgram.Equals(Token2022Program) {
			return Account{}, errors.New("litesvm: ScaledUiAmount is a Token-2022 extension")
		}
		d = append(d, make([]byte, 165-82)...)
		d = append(d, 1) // account type: mint
		ext := make([]byte, 56)
		// authority [0:32] none (zero); multiplier, timestamp 0, new multiplier
		binary.LittleEndian.PutUint64(ext[32:40], math.Float64bits(m.ScaledUIMultiplier))
		binary.LittleEndian.PutUint64(ext[48:56], math.Float64bits(m.ScaledUIMultiplier))
		d = binary.LittleEndian.AppendUint16(d, 25)
		d = binary.LittleEndian.AppendUint16(d, uint16(len(ext)))
		d = append(d, ext...)
	}
	return Account{Address: m.Address, Lamports: rentExempt, Owner: m.TokenProgram, Data: d}, nil
}

// TokenAccount is a token account's base fields (the first 165 bytes of
// both SPL Token and Token-2022 accounts).
type TokenAccount struct {
	Address      solana.PublicKey
	TokenProgram solana.PublicKey
	Mint         solana.PublicKey
	Owner        solana.PublicKey
	Amount       uint64
}

// Account is t in the real layout: an initialized SPL Token account of
// 165 bytes, or for Token-2022 the same followed by the account type (2)
// and an empty ImmutableOwner extension (type 7), as the associated token
// account program creates them.
func (t TokenAccount) Account() Account {
	d := make([]byte, 165)
	copy(d[0:32], t.Mint[:])
	copy(d[32:64], t.Owner[:])
	binary.LittleEndian.PutUint64(d[64:72], t.Amount)
	d[108] = 1 // state: initialized
	if t.TokenProgram.Equals(Token2022Program) {
		d = append(d, 2) // account type: account
		d = binary.LittleEndian.AppendUint16(d, 7)
		d = binary.LittleEndian.AppendUint16(d, 0)
	}
	return Account{Address: t.Address, Lamports: rentExempt, Owner: t.TokenProgram, Data: d}
}

// Token decodes a as a token account: its token program (the owner) and
// base fields. It fails when a is not an initialized account of SPL Token
// or Token-2022.
func (a *Account) Token() (TokenAccount, error) {
	if !a.Owner.Equals(TokenProgram) && !a.Owner.Equals(Token2022Program) {
		return TokenAccount{}, fmt.Errorf("litesvm: %s is owned by %s, no token program", a.Address, a.Owner)
	}
	if len(a.Data) < 165 || a.Data[108] == 0 {
		return TokenAccount{}, fmt.Errorf("litesvm: %s is no initialized token account (%d bytes)", a.Address, len(a.Data))
	}
	if len(a.Data) > 165 && a.Data[165] != 2 {
		return TokenAccount{}, fmt.Errorf("litesvm: %s has account type %d, not a token account", a.Address, a.Data[165])
	}
	return TokenAccount{
		Address:      a.Address,
		TokenProgram: a.Owner,
		Mint:         solana.PublicKeyFromBytes(a.Data[0:32]),
		Owner:        solana.PublicKeyFromBytes(a.Data[32:64]),
		Amount:       binary.LittleEndian.Uint64(a.Data[64:72]),
	}, nil
}

// LookupTable is an active address lookup table holding addresses, with no
// authority (frozen), every address usable at once.
func LookupTable(address solana.PublicKey, addresses []solana.PublicKey) Account {
	d := make([]byte, 56, 56+32*len(addresses))
	binary.LittleEndian.PutUint32(d[0:4], 1)               // type: lookup table
	binary.LittleEndian.PutUint64(d[4:12], math.MaxUint64) // deactivation slot: never
	// last_extended_slot d[12:20] = 0; a start index past every address
	// makes them all active even in the slot they were "extended".
	d[20] = byte(min(len(addresses), math.MaxUint8))
	for _, a := range addresses {
		d = append(d, a[:]...)
	}
	return Account{Address: address, Lamports: rentExempt, Owner: LookupTableProgram, Data: d}
}

// putOption writes a COption<Pubkey>: u32 tag (1 = Some) and the key.
func putOption(dst []byte, k solana.PublicKey) {
	if k.IsZero() {
		return
	}
	binary.LittleEndian.PutUint32(dst[0:4], 1)
	copy(dst[4:36], k[:])
}
