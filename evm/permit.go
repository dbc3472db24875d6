package evm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/eip2612"
)

// PermitReads are the reads that find the EIP-712 domain a token verifies
// permits over and an owner's nonce: eip712Domain() (EIP-5267, where the
// token has it), name(), version() (FiatToken has it, M0's tokens do not),
// DOMAIN_SEPARATOR(), all immutable, and nonces(owner), chain state.
type PermitReads struct {
	EIP712Domain, Name, Version, DomainSeparator, Nonce Call
}

// NewPermitReads returns the permit reads of token for owner.
func NewPermitReads(token, owner common.Address) PermitReads {
	v := eip2612.TokenViews()
	return PermitReads{
		EIP712Domain:    MustMethodCall(token, v.EIP712Domain, true),
		Name:            MustMethodCall(token, v.Name, true),
		Version:         MustMethodCall(token, v.Version, true),
		DomainSeparator: MustMethodCall(token, v.DomainSeparator, true),
		Nonce:           MustMethodCall(token, v.Nonces, false, owner),
	}
}

// Calls lists the reads.
func (p PermitReads) Calls() []Call {
	return []Call{p.EIP712Domain, p.Name, p.Version, p.DomainSeparator, p.Nonce}
}

// VerifiedDomain finds the domain token on chainID verifies permits over,
// from the answers to PermitReads: the one eip712Domain() reports when
// the token has it, else {name(), version() or "1", chainID, token}. A
// domain is returned only when its separator equals DOMAIN_SEPARATOR(), so
// typed data built on it is typed data the token's permit accepts. A
// token whose separator is bound to another address (older tokens that
// cached it in a constructor behind a proxy) gets an error wrapping
// eip2612.ErrNoDomain that says so.
func VerifiedDomain(a *Answers, p PermitReads, token common.Address, chainID uint64) (eip2612.Domain, error) {
	v := eip2612.TokenViews()
	sep, err := Decode1[[32]byte](v.DomainSeparator, a, p.DomainSeparator)
	if err != nil {
		if errors.Is(err, ErrCallReverted) {
			return eip2612.Domain{}, fmt.Errorf("%w: the token has no DOMAIN_SEPARATOR()", eip2612.ErrNoDomain)
		}
		return eip2612.Domain{}, err
	}
	if r, ok := a.Get(p.EIP712Domain); ok && r.OK {
		reported, err := eip2612.UnpackReportedDomain(r.Data)
		if err != nil {
			return eip2612.Domain{}, err
		}
		return reported.Verify(token, chainID, sep)
	}
	name, err := Decode1[string](v.Name, a, p.Name)
	if err != nil {
		return eip2612.Domain{}, fmt.Errorf("name(): %w", err)
	}
	version := "1" // OpenZeppelin's ERC20Permit, which has no version()
	if got, err := Decode1[string](v.Version, a, p.Version); err == nil {
		version = got
	}
	return eip2612.VerifyNamed(name, version, token, chainID, sep)
}

// NonceOf decodes the answer to p.Nonce: the owner's next permit nonce.
func (p PermitReads) NonceOf(a *Answers) (*big.Int, error) {
	return Decode1[*big.Int](eip2612.TokenViews().Nonces, a, p.Nonce)
}

// ClockCall is the read of a chain's clock: getCurrentBlockTimestamp() of
// the Multicall3 at mc, chain state read in the same batch as the rest.
func ClockCall(mc common.Address) Call {
	return MustMethodCall(mc, multicall.Methods["getCurrentBlockTimestamp"], false)
}

// DecodeClock decodes the answer to ClockCall(mc): the block's timestamp
// in Unix seconds.
func DecodeClock(a *Answers, mc common.Address) (uint64, error) {
	return DecodeClockOf(a, ClockCall(mc))
}

// DecodeClockOf is DecodeClock for the ClockCall c a caller kept from
// declaring its reads: a quote leg decodes the clock without building the
// call again.
func DecodeClockOf(a *Answers, c Call) (uint64, error) {
	if r, ok := a.Get(c); ok && r.OK && len(r.Data) == 32 && allZero(r.Data[:24]) {
		// The usual answer, decoded without a big.Int: every limit order
		// and AMM leg reads the clock.
		return binary.BigEndian.Uint64(r.Data[24:]), nil
	}
	t, err := Decode1[*big.Int](multicall.Methods["getCurrentBlockTimestamp"], a, c)
	if err != nil {
		return 0, err
	}
	if !t.IsUint64() {
		return 0, fmt.Errorf("block timestamp %s does not fit 64 bits", t)
	}
	return t.Uint64(), nil
}

// SeparatorOf decodes the answer to p.DomainSeparator.
func (p PermitReads) SeparatorOf(a *Answers) ([32]byte, error) {
	return Decode1[[32]byte](eip2612.TokenViews().DomainSeparator, a, p.DomainSeparator)
}
