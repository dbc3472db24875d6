package permit

import (
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
)

// PrimaryType is the primary type of every permit's typed data.
const PrimaryType = eip2612.PrimaryType

// domain is a parsed EIP712Domain, message a parsed PermitMessage.
type (
	domain  = eip2612.Domain
	message = eip2612.Message
)

func parseDomain(d orchestration.EIP712Domain, field string) (domain, error) {
	if d.Name == "" {
		return domain{}, &FieldError{Field: field + ".name", Err: errors.New("is required")}
	}
	if d.Version == "" {
		return domain{}, &FieldError{Field: field + ".version", Err: errors.New("is required")}
	}
	if d.ChainID == 0 {
		return domain{}, &FieldError{Field: field + ".chainId", Err: errors.New("is required")}
	}
	token, err := parseAddress(field+".verifyingContract", d.VerifyingContract)
	if err != nil {
		return domain{}, err
	}
	return domain{Name: d.Name, Version: d.Version, ChainID: d.ChainID, VerifyingContract: token}, nil
}

func parseMessage(m orchestration.PermitMessage) (message, error) {
	const f = "typedData.message."
	var (
		out message
		err error
	)
	if out.Owner, err = parseAddress(f+"owner", m.Owner); err != nil {
		return message{}, err
	}
	if out.Spender, err = parseAddress(f+"spender", m.Spender); err != nil {
		return message{}, err
	}
	if out.Value, err = parseAmount(f+"value", m.Value, 256); err != nil {
		return message{}, err
	}
	if out.Nonce, err = parseUint(f+"nonce", m.Nonce, 256); err != nil {
		return message{}, err
	}
	if out.Deadline, err = parseUint(f+"deadline", m.Deadline, 256); err != nil {
		return message{}, err
	}
	return out, nil
}

// TypedData returns the EIP-712 typed data of the recipe's permit: the
// domain and message of recipe.TypedData, parsed. Its JSON is what a
// wallet's eth_signTypedData_v4 takes: the standard EIP-2612 type set the
// wire leaves out, the primary type "Permit", checksummed addresses and
// decimal integers, whatever case or form the recipe used. It checks that
// the domain and message parse (a *FieldError otherwise), not that they
// agree with the operation: that is Check's and Verify's work.
func TypedData(recipe orchestration.PermitRecipe) (eip2612.TypedData, error) {
	d, err := parseDomain(recipe.TypedData.Domain, "typedData.domain")
	if err != nil {
		return eip2612.TypedData{}, err
	}
	m, err := parseMessage(recipe.TypedData.Message)
	if err != nil {
		return eip2612.TypedData{}, err
	}
	return eip2612.TypedData{Domain: d, Message: m}, nil
}

// Digest returns the EIP-712 hash of the recipe's permit: the 32 bytes a
// signer signs and the token recovers the owner from
// (keccak256("\x19\x01" ‖ domainSeparator ‖ hashStruct(message))).
func Digest(recipe orchestration.PermitRecipe) ([32]byte, error) {
	td, err := TypedData(recipe)
	if err != nil {
		return [32]byte{}, err
	}
	return eip2612.Digest(td.Domain, td.Message), nil
}

// DomainSeparator returns the EIP-712 domain separator of d, the value the
// token's DOMAIN_SEPARATOR() returns when its domain is d. Compare the two
// before handing out or signing typed data: a token behind a proxy may bind
// its separator to another address (see the package documentation).
func DomainSeparator(d orchestration.EIP712Domain) ([32]byte, error) {
	pd, err := parseDomain(d, "domain")
	if err != nil {
		return [32]byte{}, err
	}
	// The quote engine vouches for a domain through the same function
	// (eip2612), so both sides hash alike.
	return pd.Separator(), nil
}

// parseAddress parses an EVM address (orchestration.ParseEVMAddress: mixed
// case must be EIP-55).
func parseAddress(field, s string) (common.Address, error) {
	a, err := orchestration.ParseEVMAddress(s)
	if err != nil {
		return common.Address{}, &FieldError{Field: field, Value: s, Err: err}
	}
	return a, nil
}

// parseAmount parses a positive integer below 2^bits.
func parseAmount(field, s string, bits uint) (*big.Int, error) {
	n, err := orchestration.ParseAmountBits(s, bits)
	if err != nil {
		return nil, &FieldError{Field: field, Value: s, Err: err}
	}
	return n, nil
}

// parseUint parses a non-negative integer below 2^bits: "0", or an amount.
func parseUint(field, s string, bits uint) (*big.Int, error) {
	if s == "0" {
		return new(big.Int), nil
	}
	return parseAmount(field, s, bits)
}
