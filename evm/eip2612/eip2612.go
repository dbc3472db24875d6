package eip2612

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/contracts"
)

// The Solidity signatures of the calls that take a permit: the
// FunctionSignature of each operation type of a recipe, and the two calls
// an ammSwap multicall holds.
const (
	// SwapWithPermitSignature is the SwapFacility call of a "swap"
	// operation, whatever its method (swap, swapInM, swapOutM): the
	// facility's swap routes M in and out itself.
	SwapWithPermitSignature = "swapWithPermit(address,address,uint256,address,uint256,bytes)"
	// AMMSwapSignature is the SwapRouter02 call of an "ammSwap" operation:
	// multicall(deadline, [selfPermit, exactInputSingle]).
	AMMSwapSignature = "multicall(uint256,bytes[])"
	// LimitOrderSignature is the OrderBook call of a "limitOrder" operation;
	// the tuple is OrderParams {destChainId, fillDeadline, tokenIn, tokenOut,
	// amountIn, amountOut, recipient, solver, sender}.
	LimitOrderSignature = "openOrderWithPermit((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address),uint256,bytes)"
	// SelfPermitSignature is the first call of an ammSwap multicall.
	SelfPermitSignature = "selfPermit(address,uint256,uint256,uint8,bytes32,bytes32)"
	// ExactInputSingleSignature is the second call of an ammSwap multicall
	// (SwapRouter02's parameters: no deadline in the tuple).
	ExactInputSingleSignature = "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))"
)

// PrimaryType is the primary type of every permit's typed data.
const PrimaryType = "Permit"

// Domain is an EIP-712 domain of the four fields EIP-2612 tokens use:
// name, version, chainId, verifyingContract (the token).
type Domain struct {
	Name, Version     string
	ChainID           uint64
	VerifyingContract common.Address
}

// Message is the EIP-2612 Permit: owner allows spender value of the token
// until deadline (Unix seconds), with owner's next nonce.
type Message struct {
	Owner, Spender         common.Address
	Value, Nonce, Deadline *big.Int
}

var (
	domainTypeHash = crypto.Keccak256Hash([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	permitTypeHash = crypto.Keccak256Hash([]byte("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"))
)

// Separator is the domain's EIP-712 hash, which a token's
// DOMAIN_SEPARATOR() returns when it verifies permits over this domain.
func (d Domain) Separator() common.Hash {
	return crypto.Keccak256Hash(
		domainTypeHash[:],
		crypto.Keccak256([]byte(d.Name)),
		crypto.Keccak256([]byte(d.Version)),
		word(new(big.Int).SetUint64(d.ChainID)),
		common.LeftPadBytes(d.VerifyingContract[:], 32),
	)
}

// Digest is the hash a permit's owner signs and the token recovers the
// owner from: keccak256("\x19\x01" ‖ d.Separator() ‖ hashStruct(m)). It is
// what go-ethereum's apitypes.TypedDataAndHash returns for the JSON of
// TypedData{d, m}, computed without walking the type set.
func Digest(d Domain, m Message) [32]byte {
	sep := d.Separator()
	msg := crypto.Keccak256(
		permitTypeHash[:],
		common.LeftPadBytes(m.Owner[:], 32),
		common.LeftPadBytes(m.Spender[:], 32),
		word(m.Value), word(m.Nonce), word(m.Deadline),
	)
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], msg)
}

// word is a uint256 as its 32-byte big-endian ABI word; nil is 0.
func word(n *big.Int) []byte {
	if n == nil {
		return make([]byte, 32)
	}
	return math.U256Bytes(new(big.Int).Set(n))
}

// TypedData is a permit's EIP-712 typed data: what Digest hashes, and, as
// its JSON, what a wallet's eth_signTypedData_v4 signs. Its Message's nil
// integers are 0.
type TypedData struct {
	Domain  Domain
	Message Message
}

// typedDataJSON is TypedData in eth_signTypedData_v4's shape, field for
// field as go-ethereum's apitypes.TypedData marshals a permit: the type
// set, the chain id in hex, an empty salt (wallets ignore a domain field
// the EIP712Domain type does not list), and the message's keys in
// alphabetical order, as Go marshals a map.
type typedDataJSON struct {
	Types       permitTypes `json:"types"`
	PrimaryType string      `json:"primaryType"`
	Domain      struct {
		Name              string `json:"name"`
		Version           string `json:"version"`
		ChainID           string `json:"chainId"`
		VerifyingContract string `json:"verifyingContract"`
		Salt              string `json:"salt"`
	} `json:"domain"`
	Message struct {
		Deadline string `json:"deadline"`
		Nonce    string `json:"nonce"`
		Owner    string `json:"owner"`
		Spender  string `json:"spender"`
		Value    string `json:"value"`
	} `json:"message"`
}

// permitTypes is the EIP-712 type set a permit is signed with: the domain
// of ERC20Extended and OpenZeppelin's ERC20Permit {name, version, chainId,
// verifyingContract} and the standard EIP-2612 Permit, in the order their
// type hashes (domainTypeHash, permitTypeHash) list the fields.
type permitTypes struct {
	EIP712Domain [4]typeField `json:"EIP712Domain"`
	Permit       [5]typeField `json:"Permit"`
}

type typeField struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

var typeSet = permitTypes{
	EIP712Domain: [4]typeField{{"name", "string"}, {"version", "string"}, {"chainId", "uint256"}, {"verifyingContract", "address"}},
	Permit:       [5]typeField{{"owner", "address"}, {"spender", "address"}, {"value", "uint256"}, {"nonce", "uint256"}, {"deadline", "uint256"}},
}

// MarshalJSON writes the typed data as eth_signTypedData_v4 takes it
// (types, primaryType, domain, message), with canonical values:
// checksummed addresses, decimal integers and the chain id in hex.
func (td TypedData) MarshalJSON() ([]byte, error) {
	var out typedDataJSON
	out.Types, out.PrimaryType = typeSet, PrimaryType
	d, m := td.Domain, td.Message
	out.Domain.Name, out.Domain.Version = d.Name, d.Version
	out.Domain.ChainID = hexutil.EncodeUint64(d.ChainID)
	out.Domain.VerifyingContract = d.VerifyingContract.Hex()
	out.Message.Owner, out.Message.Spender = m.Owner.Hex(), m.Spender.Hex()
	out.Message.Value, out.Message.Nonce, out.Message.Deadline = decimal(m.Value), decimal(m.Nonce), decimal(m.Deadline)
	return json.Marshal(out)
}

// decimal is n in base 10; nil is 0.
func decimal(n *big.Int) string {
	if n == nil {
		return "0"
	}
	return n.String()
}

// Views are the token's views that tell its permit domain and nonces:
// eip712Domain() (EIP-5267, where the token has it), name(), version()
// (FiatToken has it, M0's tokens do not), DOMAIN_SEPARATOR() and
// nonces(owner).
type Views struct {
	EIP712Domain, Name, Version, DomainSeparator, Nonces abi.Method
}

// TokenViews returns the views, from the stand-ins' ABIs (which carry the
// real signatures): FiatToken's name, version, DOMAIN_SEPARATOR and
// nonces, and M0's extensions' eip712Domain.
var TokenViews = sync.OnceValue(func() Views {
	fiat, ext := contracts.MustABI("FiatToken"), contracts.MustABI("MExtension")
	return Views{
		EIP712Domain:    mustMethod(ext, "eip712Domain"),
		Name:            mustMethod(fiat, "name"),
		Version:         mustMethod(fiat, "version"),
		DomainSeparator: mustMethod(fiat, "DOMAIN_SEPARATOR"),
		Nonces:          mustMethod(fiat, "nonces"),
	}
})

func mustMethod(a *abi.ABI, name string) abi.Method {
	m, ok := a.Methods[name]
	if !ok {
		panic("eip2612: the stand-ins' ABIs have no " + name)
	}
	return m
}

// ErrNoDomain is wrapped by ReportedDomain.Verify and VerifyNamed when a
// token has no domain whose separator it reports.
var ErrNoDomain = errors.New("no verifiable permit domain")

// ReportedDomain is what a token's eip712Domain() (EIP-5267) returns, of
// the fields a permit domain uses.
type ReportedDomain struct {
	// Fields is the bit set of the fields the domain has: 0x0f for name,
	// version, chainId and verifyingContract.
	Fields            byte
	Name, Version     string
	ChainID           *big.Int
	VerifyingContract common.Address
}

// UnpackReportedDomain decodes the return data of eip712Domain().
func UnpackReportedDomain(data []byte) (ReportedDomain, error) {
	out, err := TokenViews().EIP712Domain.Outputs.Unpack(data)
	if err != nil || len(out) != 7 {
		return ReportedDomain{}, fmt.Errorf("eip712Domain(): %v", err)
	}
	fields, _ := out[0].([1]byte)
	d := ReportedDomain{Fields: fields[0]}
	d.Name, _ = out[1].(string)
	d.Version, _ = out[2].(string)
	d.ChainID, _ = out[3].(*big.Int)
	d.VerifyingContract, _ = out[4].(common.Address)
	return d, nil
}

// Verify returns the domain r reports when it is the one token on chainID
// verifies permits over: four fields, the chain's id, the token itself,
// and a hash equal to separator, the token's DOMAIN_SEPARATOR(). A token
// whose separator is bound to another address (older tokens that cached
// it in a constructor behind a proxy) gets an error wrapping ErrNoDomain
// that says so.
func (r ReportedDomain) Verify(token common.Address, chainID uint64, separator [32]byte) (Domain, error) {
	switch {
	case r.Fields != 0x0f:
		return Domain{}, fmt.Errorf("%w: eip712Domain() reports fields %#x, not name, version, chainId and verifyingContract", ErrNoDomain, r.Fields)
	case r.ChainID == nil || !r.ChainID.IsUint64() || r.ChainID.Uint64() != chainID:
		return Domain{}, fmt.Errorf("%w: eip712Domain() reports chain id %v, not %d", ErrNoDomain, r.ChainID, chainID)
	case r.VerifyingContract != token:
		return Domain{}, fmt.Errorf("%w: eip712Domain() reports verifying contract %s, not the token", ErrNoDomain, r.VerifyingContract.Hex())
	}
	d := Domain{Name: r.Name, Version: r.Version, ChainID: chainID, VerifyingContract: token}
	if d.Separator() != separator {
		return Domain{}, fmt.Errorf("%w: DOMAIN_SEPARATOR() is not the hash of the domain eip712Domain() reports "+
			"(it is bound to another address, as in older tokens behind a proxy), so a permit over that domain would be rejected", ErrNoDomain)
	}
	return d, nil
}

// VerifyNamed returns the domain {name, version, chainID, token} of a
// token without eip712Domain() (version is "1" for a token without
// version(), as OpenZeppelin's ERC20Permit) when its hash is separator,
// the token's DOMAIN_SEPARATOR(); otherwise an error wrapping ErrNoDomain.
func VerifyNamed(name, version string, token common.Address, chainID uint64, separator [32]byte) (Domain, error) {
	d := Domain{Name: name, Version: version, ChainID: chainID, VerifyingContract: token}
	if d.Separator() != separator {
		return Domain{}, fmt.Errorf("%w: DOMAIN_SEPARATOR() is not the hash of {name %q, version %q, chain %d, the token}", ErrNoDomain, d.Name, d.Version, chainID)
	}
	return d, nil
}
