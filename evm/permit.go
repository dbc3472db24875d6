package evm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
)

// The EIP-2612 and EIP-712 views of a token, from the stand-ins' ABIs
// (which carry the real signatures): FiatToken has name, version,
// DOMAIN_SEPARATOR and nonces; M0's tokens add EIP-5267's eip712Domain.
var eip2612 = func() struct{ Methods map[string]abi.Method } {
	fiat, err := bindings.FiatTokenMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	ext, err := bindings.MExtensionMetaData.GetAbi()
	if err != nil {
		panic(err)
	}
	m := map[string]abi.Method{"eip712Domain": ext.Methods["eip712Domain"]}
	for _, name := range []string{"name", "version", "DOMAIN_SEPARATOR", "nonces"} {
		m[name] = fiat.Methods[name]
	}
	for name, method := range m {
		if method.ID == nil {
			panic("evm: the stand-ins' ABIs have no " + name)
		}
	}
	return struct{ Methods map[string]abi.Method }{m}
}()

// PermitReads are the reads that find the EIP-712 domain a token verifies
// permits over and an owner's nonce: eip712Domain() (EIP-5267, where the
// token has it), name(), version() (FiatToken has it, M0's tokens do not),
// DOMAIN_SEPARATOR(), all immutable, and nonces(owner), chain state.
type PermitReads struct {
	EIP712Domain, Name, Version, DomainSeparator, Nonce Call
}

// NewPermitReads returns the permit reads of token for owner.
func NewPermitReads(token, owner common.Address) PermitReads {
	return PermitReads{
		EIP712Domain:    MustMethodCall(token, eip2612.Methods["eip712Domain"], true),
		Name:            MustMethodCall(token, eip2612.Methods["name"], true),
		Version:         MustMethodCall(token, eip2612.Methods["version"], true),
		DomainSeparator: MustMethodCall(token, eip2612.Methods["DOMAIN_SEPARATOR"], true),
		Nonce:           MustMethodCall(token, eip2612.Methods["nonces"], false, owner),
	}
}

// Calls lists the reads.
func (p PermitReads) Calls() []Call {
	return []Call{p.EIP712Domain, p.Name, p.Version, p.DomainSeparator, p.Nonce}
}

// PermitDomain is an EIP-712 domain of the four fields EIP-2612 tokens
// use: name, version, chainId, verifyingContract.
type PermitDomain struct {
	Name, Version     string
	ChainID           uint64
	VerifyingContract common.Address
}

var domainTypeHash = crypto.Keccak256Hash([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))

// Separator is the domain's EIP-712 hash, which a token's
// DOMAIN_SEPARATOR() returns when it verifies permits over this domain.
func (d PermitDomain) Separator() common.Hash {
	return crypto.Keccak256Hash(
		domainTypeHash[:],
		crypto.Keccak256([]byte(d.Name)),
		crypto.Keccak256([]byte(d.Version)),
		common.LeftPadBytes(new(big.Int).SetUint64(d.ChainID).Bytes(), 32),
		common.LeftPadBytes(d.VerifyingContract[:], 32),
	)
}

// ErrNoPermitDomain is wrapped by VerifiedDomain when a token has no
// domain whose separator it reports.
var ErrNoPermitDomain = errors.New("no verifiable permit domain")

// VerifiedDomain finds the domain token on chainID verifies permits over,
// from the answers to PermitReads: the one eip712Domain() reports when
// the token has it, else {name(), version() or "1", chainID, token}. A
// domain is returned only when its separator equals DOMAIN_SEPARATOR(), so
// typed data built on it is typed data the token's permit accepts. A
// token whose separator is bound to another address (older tokens that
// cached it in a constructor behind a proxy) gets an error wrapping
// ErrNoPermitDomain that says so.
func VerifiedDomain(a *Answers, p PermitReads, token common.Address, chainID uint64) (PermitDomain, error) {
	sep, err := Decode1[[32]byte](eip2612.Methods["DOMAIN_SEPARATOR"], a, p.DomainSeparator)
	if err != nil {
		if errors.Is(err, ErrCallReverted) {
			return PermitDomain{}, fmt.Errorf("%w: the token has no DOMAIN_SEPARATOR()", ErrNoPermitDomain)
		}
		return PermitDomain{}, err
	}
	if r, ok := a.Get(p.EIP712Domain); ok && r.OK {
		out, err := eip2612.Methods["eip712Domain"].Outputs.Unpack(r.Data)
		if err != nil || len(out) != 7 {
			return PermitDomain{}, fmt.Errorf("eip712Domain(): %v", err)
		}
		fields, _ := out[0].([1]byte)
		chain, _ := out[3].(*big.Int)
		d := PermitDomain{VerifyingContract: out[4].(common.Address)}
		d.Name, _ = out[1].(string)
		d.Version, _ = out[2].(string)
		switch {
		case fields[0] != 0x0f:
			return PermitDomain{}, fmt.Errorf("%w: eip712Domain() reports fields %#x, not name, version, chainId and verifyingContract", ErrNoPermitDomain, fields[0])
		case chain == nil || !chain.IsUint64() || chain.Uint64() != chainID:
			return PermitDomain{}, fmt.Errorf("%w: eip712Domain() reports chain id %v, not %d", ErrNoPermitDomain, chain, chainID)
		case d.VerifyingContract != token:
			return PermitDomain{}, fmt.Errorf("%w: eip712Domain() reports verifying contract %s, not the token", ErrNoPermitDomain, d.VerifyingContract.Hex())
		}
		d.ChainID = chainID
		if d.Separator() != sep {
			return PermitDomain{}, fmt.Errorf("%w: DOMAIN_SEPARATOR() is not the hash of the domain eip712Domain() reports "+
				"(it is bound to another address, as in older tokens behind a proxy), so a permit over that domain would be rejected", ErrNoPermitDomain)
		}
		return d, nil
	}
	name, err := Decode1[string](eip2612.Methods["name"], a, p.Name)
	if err != nil {
		return PermitDomain{}, fmt.Errorf("name(): %w", err)
	}
	d := PermitDomain{Name: name, Version: "1", ChainID: chainID, VerifyingContract: token}
	if v, err := Decode1[string](eip2612.Methods["version"], a, p.Version); err == nil {
		d.Version = v
	}
	if d.Separator() != sep {
		return PermitDomain{}, fmt.Errorf("%w: DOMAIN_SEPARATOR() is not the hash of {name %q, version %q, chain %d, the token}", ErrNoPermitDomain, d.Name, d.Version, chainID)
	}
	return d, nil
}

// NonceOf decodes the answer to p.Nonce: the owner's next permit nonce.
func (p PermitReads) NonceOf(a *Answers) (*big.Int, error) {
	return Decode1[*big.Int](eip2612.Methods["nonces"], a, p.Nonce)
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
	return Decode1[[32]byte](eip2612.Methods["DOMAIN_SEPARATOR"], a, p.DomainSeparator)
}
