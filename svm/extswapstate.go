package svm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/gagliardetto/solana-go"
)

// SwapGlobal is ext_swap's ["global"] account: who may unwrap to M, and
// which extensions it swaps.
type SwapGlobal struct {
	Admin solana.PublicKey
	// Unwrappers may call unwrap (extension to M) as its signer or unwrap
	// authority; nobody else can.
	Unwrappers []solana.PublicKey
	// Extensions are the whitelisted extensions: wrap, unwrap and swap
	// refuse any other (error 6000 InvalidExtension).
	Extensions []Extension
}

// Unwrapper reports whether k is a whitelisted unwrapper.
func (g *SwapGlobal) Unwrapper(k solana.PublicKey) bool {
	for _, u := range g.Unwrappers {
		if u.Equals(k) {
			return true
		}
	}
	return false
}

// Extension returns the whitelisted extension whose mint is mint.
func (g *SwapGlobal) Extension(mint solana.PublicKey) (Extension, bool) {
	for _, e := range g.Extensions {
		if e.Mint.Equals(mint) {
			return e, true
		}
	}
	return Extension{}, false
}

// maxWhitelist bounds a decoded vector, so corrupt data cannot make the
// decoder allocate much: a Solana account holds at most 10 MiB, and no
// whitelist is near this.
const maxWhitelist = 4096

// DecodeSwapGlobal decodes a SwapGlobal account's data in the IDL's layout
// (ext_swap 0.2.0): discriminator | bump u8 | admin | whitelisted_unwrappers
// Vec<Pubkey> | whitelisted_extensions Vec<{program_id, mint,
// token_program}>. Trailing bytes (the account's spare space) are ignored.
func DecodeSwapGlobal(data []byte) (*SwapGlobal, error) {
	body, err := accountBody(extSwapProgram, "SwapGlobal", data)
	if err != nil {
		return nil, err
	}
	r := NewBorshReader(body)
	r.Take(1) // bump
	g := &SwapGlobal{Admin: r.Key()}
	n := r.U32()
	if n > maxWhitelist {
		return nil, fmt.Errorf("svm: SwapGlobal: %d unwrappers", n)
	}
	for range n {
		g.Unwrappers = append(g.Unwrappers, r.Key())
	}
	n = r.U32()
	if n > maxWhitelist {
		return nil, fmt.Errorf("svm: SwapGlobal: %d extensions", n)
	}
	for range n {
		g.Extensions = append(g.Extensions, Extension{Program: r.Key(), Mint: r.Key(), TokenProgram: r.Key()})
	}
	if r.short {
		return nil, fmt.Errorf("svm: SwapGlobal: %d bytes is too short for its whitelists", len(data))
	}
	return g, nil
}

// IndexScale is the fixed-point scale of M0's Solana indices: an index of
// IndexScale is a multiplier of 1.
const IndexScale = 1_000_000_000_000

// Token-2022 layout: the base mint, padding to the token account's length,
// the account type byte, then type-length-value extensions.
const (
	mintBaseLen       = 82
	accountTypeOffset = 165
	accountTypeMint   = 1
	// extScaledUIAmount is ScaledUiAmountConfig's extension type: authority
	// (32) | multiplier f64 | new_multiplier_effective_timestamp i64 |
	// new_multiplier f64.
	extScaledUIAmount = 25
)

// MintIndex is the index of a mint as M0's programs use it: the
// Token-2022 ScaledUiAmount extension's new_multiplier times IndexScale,
// truncated (m_ext's multiplier_to_index reads new_multiplier, whatever
// its effective time), or IndexScale for a mint without the extension
// (an SPL Token mint, or a Token-2022 mint that does not scale). It fails
// on data that is not a mint.
func MintIndex(data []byte) (uint64, error) {
	if len(data) < mintBaseLen {
		return 0, fmt.Errorf("svm: a mint of %d bytes: want at least %d", len(data), mintBaseLen)
	}
	if len(data) <= accountTypeOffset {
		return IndexScale, nil // no extensions
	}
	if data[accountTypeOffset] != accountTypeMint {
		return 0, fmt.Errorf("svm: account type %d is not a mint", data[accountTypeOffset])
	}
	for tlv := data[accountTypeOffset+1:]; len(tlv) >= 4; {
		typ, n := binary.LittleEndian.Uint16(tlv), int(binary.LittleEndian.Uint16(tlv[2:]))
		if typ == 0 {
			break // Uninitialized: the rest is padding
		}
		if len(tlv) < 4+n {
			return 0, fmt.Errorf("svm: mint extension %d: %d bytes of %d", typ, len(tlv)-4, n)
		}
		if typ == extScaledUIAmount {
			if n < 56 {
				return 0, fmt.Errorf("svm: ScaledUiAmountConfig of %d bytes, want 56", n)
			}
			m := math.Float64frombits(binary.LittleEndian.Uint64(tlv[4+48:]))
			// As Rust's (multiplier * 1e12).trunc() as u64: IEEE product,
			// then truncation.
			idx := m * IndexScale
			if !(idx >= 1) || idx >= math.MaxUint64 {
				return 0, fmt.Errorf("svm: ScaledUiAmount multiplier %v is out of range", m)
			}
			return uint64(idx), nil
		}
		tlv = tlv[4+n:]
	}
	return IndexScale, nil
}

// ExtSwapAmounts is what ext_swap does with a raw input amount, under the
// amount semantics of the latest m_ext (decision 29): wrap, unwrap and
// swap take a UI amount, the input's raw amount times its index; the M
// moved is a principal at M's index, the extension minted or burned a
// principal at the extension's index. Every rounding favours the program.
type ExtSwapAmounts struct {
	// Arg is the instruction's amount argument: the UI amount of the raw
	// input, rounded down so the program never takes more than the input.
	Arg uint64
	// Out is the raw amount of the output token delivered.
	Out uint64
}

// WrapAmounts is wrap of raw M in: the UI amount U = ⌊in·mIndex/S⌋; the
// program takes ⌊U·S/mIndex⌋ ≤ in of M and mints ⌊⌊m·mIndex/S⌋·S/extIndex⌋
// of the extension (S is IndexScale).
func WrapAmounts(in, mIndex, extIndex uint64) (ExtSwapAmounts, error) {
	if mIndex == 0 || extIndex == 0 {
		return ExtSwapAmounts{}, errZeroIndex
	}
	u, err := toAmountDown(in, mIndex)
	if err != nil {
		return ExtSwapAmounts{}, err
	}
	m, err := toPrincipalDown(u, mIndex)
	if err != nil {
		return ExtSwapAmounts{}, err
	}
	out, err := convertDown(m, mIndex, extIndex)
	return ExtSwapAmounts{Arg: u, Out: out}, err
}

// UnwrapAmounts is unwrap of raw extension in: U = ⌊in·extIndex/S⌋; the
// program burns ⌈U·S/extIndex⌉ ≤ in and releases ⌊U·S/mIndex⌋ of M.
func UnwrapAmounts(in, extIndex, mIndex uint64) (ExtSwapAmounts, error) {
	if mIndex == 0 || extIndex == 0 {
		return ExtSwapAmounts{}, errZeroIndex
	}
	u, err := toAmountDown(in, extIndex)
	if err != nil {
		return ExtSwapAmounts{}, err
	}
	out, err := toPrincipalDown(u, mIndex)
	return ExtSwapAmounts{Arg: u, Out: out}, err
}

// SwapAmounts is swap of raw extension in for another: the unwrap of
// UnwrapAmounts, then its M principal wrapped into the other extension as
// in WrapAmounts.
func SwapAmounts(in, fromIndex, mIndex, toIndex uint64) (ExtSwapAmounts, error) {
	if toIndex == 0 {
		return ExtSwapAmounts{}, errZeroIndex
	}
	un, err := UnwrapAmounts(in, fromIndex, mIndex)
	if err != nil {
		return ExtSwapAmounts{}, err
	}
	out, err := convertDown(un.Out, mIndex, toIndex)
	return ExtSwapAmounts{Arg: un.Arg, Out: out}, err
}

var errZeroIndex = errors.New("svm: a zero index")

// mulDiv is ⌊a·b/c⌋, failing when c is zero or the result exceeds a u64.
func mulDiv(a, b, c uint64) (uint64, error) {
	if c == 0 {
		return 0, errZeroIndex
	}
	v := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
	v.Quo(v, new(big.Int).SetUint64(c))
	if !v.IsUint64() {
		return 0, errors.New("svm: the amount overflows a u64")
	}
	return v.Uint64(), nil
}

// toAmountDown is m_ext's principal_to_amount_down.
func toAmountDown(principal, index uint64) (uint64, error) {
	return mulDiv(principal, index, IndexScale)
}

// toPrincipalDown is m_ext's amount_to_principal_down.
func toPrincipalDown(amount, index uint64) (uint64, error) {
	return mulDiv(amount, IndexScale, index)
}

// convertDown is m_ext's convert_principal_down: a principal at one index
// to a principal at another, through its amount, rounding down twice.
func convertDown(principal, from, to uint64) (uint64, error) {
	a, err := toAmountDown(principal, from)
	if err != nil {
		return 0, err
	}
	return toPrincipalDown(a, to)
}
