package orchestration

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"math/big"
	"net/url"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto/keccak"
	"github.com/gagliardetto/solana-go"
)

// maxUint256Digits is the number of decimal digits of 2^256-1; longer input
// is rejected before any big-number work.
const maxUint256Digits = 78

// ParseAmount parses an amount in a token's smallest unit: a decimal string
// of digits only, with no sign, exponent, fraction, spaces or leading zeros,
// greater than zero and below 2^256. The error says which rule failed.
func ParseAmount(s string) (*big.Int, error) { return ParseAmountBits(s, 256) }

// ParseAmountBits is ParseAmount with an upper bound of 2^bits, for contract
// fields narrower than uint256 (for example uint128).
func ParseAmountBits(s string, bits uint) (*big.Int, error) {
	if s == "" {
		return nil, errors.New("is required")
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return nil, fmt.Errorf("must be a whole number in the smallest unit, written with digits only (no sign, exponent, fraction or spaces), not %q", Clip(s))
		}
	}
	if s == "0" {
		return nil, errors.New("must be greater than zero")
	}
	if s[0] == '0' {
		return nil, fmt.Errorf("must not have leading zeros, not %q", Clip(s))
	}
	if len(s) > maxUint256Digits {
		return nil, fmt.Errorf("must be below 2^%d", bits)
	}
	n, _ := new(big.Int).SetString(s, 10)
	if n.BitLen() > int(bits) {
		return nil, fmt.Errorf("must be below 2^%d", bits)
	}
	return n, nil
}

// ParseEVMAddress parses an EVM address: "0x" followed by 40 hex digits.
// All-lowercase and all-uppercase digits are accepted; mixed case must pass
// the EIP-55 checksum. Use Address.Hex for the checksummed form responses
// carry.
func ParseEVMAddress(s string) (common.Address, error) {
	if len(s) != 42 || !strings.HasPrefix(s, "0x") {
		return common.Address{}, fmt.Errorf("must be an EVM address, 0x followed by 40 hex digits, not %q", Clip(s))
	}
	addr, ok := DecodeHexAddress(s[2:])
	if !ok {
		return common.Address{}, fmt.Errorf("must be an EVM address, 0x followed by 40 hex digits, not %q", Clip(s))
	}
	if mixedCase(s[2:]) && !validChecksum(s[2:]) {
		return common.Address{}, fmt.Errorf("has an invalid EIP-55 checksum (expected %s)", addr.Hex())
	}
	return addr, nil
}

// DecodeHexAddress decodes exactly 40 hex digits (no 0x) into an address,
// without allocating: the quote path decodes an address for every read it
// builds, and every request's parties.
func DecodeHexAddress(digits string) (common.Address, bool) {
	var a common.Address
	if len(digits) != 2*common.AddressLength {
		return a, false
	}
	for i := range a {
		hi, ok1 := unhex(digits[2*i])
		lo, ok2 := unhex(digits[2*i+1])
		if !ok1 || !ok2 {
			return common.Address{}, false
		}
		a[i] = hi<<4 | lo
	}
	return a, true
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }
func isUpperHex(c byte) bool { return 'A' <= c && c <= 'F' }

// checksummers are reused because every mixed-case address of every
// request is checked, and a fresh hasher (plus common.Address.Hex's
// buffers) was a good share of a quote's allocations. The buffers live in
// the pooled value because the hasher's interface would make stack ones
// escape.
var checksummers = sync.Pool{New: func() any {
	return &checksummer{h: keccak.NewLegacyKeccak256().(keccakState)}
}}

type keccakState interface {
	hash.Hash
	Read([]byte) (int, error)
}

type checksummer struct {
	h   keccakState
	low [2 * common.AddressLength]byte
	sum [32]byte
}

// validChecksum reports whether the 40 hex digits carry the EIP-55
// checksum: a letter is upper case exactly when the matching nibble of the
// keccak of the lower-case digits is 8 or more. Digits found valid are
// remembered (checksummed): a client sends its own few addresses on every
// request, and the Keccak-256 is most of what parsing one costs.
func validChecksum(digits string) bool {
	checksummed.mu.RLock()
	_, ok := checksummed.valid[digits]
	checksummed.mu.RUnlock()
	if ok {
		return true
	}
	if !computeChecksum(digits) {
		return false
	}
	checksummed.mu.Lock()
	if len(checksummed.valid) >= maxChecksummed {
		clear(checksummed.valid) // start over: the hot ones come back at once
	}
	// A copy: the caller's string may view a buffer it reuses.
	checksummed.valid[strings.Clone(digits)] = struct{}{}
	checksummed.mu.Unlock()
	return true
}

// checksummed is the set of mixed-case digits validChecksum found valid,
// at most maxChecksummed of them.
var checksummed = struct {
	mu    sync.RWMutex
	valid map[string]struct{}
}{valid: map[string]struct{}{}}

const maxChecksummed = 4096

// computeChecksum is validChecksum's check, without the set.
func computeChecksum(digits string) bool {
	c := checksummers.Get().(*checksummer)
	defer checksummers.Put(c)
	for i := range c.low {
		d := digits[i]
		if isUpperHex(d) {
			d += 'a' - 'A'
		}
		c.low[i] = d
	}
	c.h.Reset()
	c.h.Write(c.low[:])
	c.h.Read(c.sum[:])
	for i := range len(c.low) {
		nib := c.sum[i/2]
		if i%2 == 0 {
			nib >>= 4
		} else {
			nib &= 0xf
		}
		if digits[i] > '9' && (nib > 7) != isUpperHex(digits[i]) {
			return false
		}
	}
	return true
}

// ParseSVMAddress parses a Solana address: the base58 text of 32 bytes.
func ParseSVMAddress(s string) (solana.PublicKey, error) {
	if s == "" || len(s) > 44 {
		return solana.PublicKey{}, fmt.Errorf("must be a Solana address, base58 of 32 bytes, not %q", Clip(s))
	}
	k, err := solana.PublicKeyFromBase58(s)
	if err != nil {
		return solana.PublicKey{}, fmt.Errorf("must be a Solana address, base58 of 32 bytes, not %q", Clip(s))
	}
	return k, nil
}

// Parties are the accounts of a transfer request, in canonical form.
type Parties struct{ Sender, Recipient, Funder string }

// ParseParties checks the accounts of a request moving tokens from a chain
// of runtime src to one of runtime dst (quote and permit quote bodies): the
// sender is required; the recipient, on dst, defaults to the sender unless
// the route crosses runtimes, where it is required; the funder, on src,
// defaults to the sender. None may be the zero account (decision 19). Every
// error is an *Error with code, naming the field.
func ParseParties(code Code, src, dst ChainRuntime, sender, recipient, funder string) (Parties, error) {
	var p Parties
	var err error
	if sender == "" {
		return Parties{}, Errorf(code, "sender is required")
	}
	if p.Sender, err = parseParty(code, src, "sender", sender); err != nil {
		return Parties{}, err
	}
	switch {
	case recipient != "":
		if p.Recipient, err = parseParty(code, dst, "recipient", recipient); err != nil {
			return Parties{}, err
		}
	case src != dst:
		return Parties{}, Errorf(code, "recipient is required when the route crosses runtimes (%s to %s)", src, dst)
	default:
		p.Recipient = p.Sender
	}
	p.Funder = p.Sender
	if funder != "" {
		if p.Funder, err = parseParty(code, src, "funder", funder); err != nil {
			return Parties{}, err
		}
	}
	return p, nil
}

// The zero accounts of each runtime, in canonical form. Tokens sent to
// either are lost, and no one signs for them (decision 19).
const (
	zeroEVMAddress = "0x0000000000000000000000000000000000000000"
	zeroSVMKey     = "11111111111111111111111111111111" // 32 zero bytes: the system program
)

// parseParty parses one account of a transfer, named field, and refuses the
// runtime's zero account.
func parseParty(code Code, rt ChainRuntime, field, s string) (string, error) {
	a, err := ParseAddress(rt, s)
	if err != nil {
		return "", Errorf(code, "%s %v", field, err)
	}
	if err := RefuseZeroAccount(code, field, a); err != nil {
		return "", err
	}
	return a, nil
}

// RefuseZeroAccount returns an *Error with code, naming field, when account
// is the zero account of either runtime (decision 19): the EVM zero address
// or Solana's all-zero key. Each has one well-formed spelling, so account
// need not be parsed first, nor its runtime known: a cancel's caller is
// refused before the order is read.
func RefuseZeroAccount(code Code, field, account string) error {
	switch account {
	case zeroEVMAddress:
		return Errorf(code, "%s must not be the zero address %s", field, account)
	case zeroSVMKey:
		return Errorf(code, "%s must not be the all-zero key %s (the system program)", field, account)
	}
	return nil
}

// queryValue returns the value of the query parameter name, "" when it is
// absent. A parameter given twice is an *Error with code naming it, as a
// JSON key given twice is: a proxy or a log reading the first value would
// see another request than a server reading the last. So is one given
// empty ("limit="): only a parameter left out takes its default (decision
// 40 in docs/decisions.md).
func queryValue(code Code, v url.Values, name string) (string, error) {
	switch vs := v[name]; {
	case len(vs) == 0:
		return "", nil
	case len(vs) > 1:
		return "", Errorf(code, "query: parameter %q appears twice", name)
	case vs[0] == "":
		return "", Errorf(code, "query: parameter %q is empty; leave it out to use its default", name)
	default:
		return vs[0], nil
	}
}

// mixedCase reports whether hex digits s hold both lower- and upper-case
// letters (an EIP-55 checksummed address).
func mixedCase(s string) bool {
	var lower, upper bool
	for i := 0; i < len(s); i++ {
		lower = lower || isLowerHex(s[i])
		upper = upper || isUpperHex(s[i])
	}
	return lower && upper
}

// ParseAddress parses an address of the given runtime and returns its
// canonical text: the EIP-55 form for EVM, base58 for SVM.
func ParseAddress(rt ChainRuntime, s string) (string, error) {
	switch rt {
	case RuntimeEVM:
		a, err := ParseEVMAddress(s)
		if err != nil {
			return "", err
		}
		if mixedCase(s[2:]) {
			// ParseEVMAddress verified its EIP-55 checksum: s is the
			// canonical form already, not worth hashing again.
			return s, nil
		}
		return a.Hex(), nil
	case RuntimeSVM:
		k, err := ParseSVMAddress(s)
		if err != nil {
			return "", err
		}
		return k.String(), nil
	}
	return "", fmt.Errorf("unknown chain runtime %q", rt)
}

// AddressBytes32 is an address of the given runtime as the OrderBook and
// the Portal carry it across chains: an EVM address left-padded with zeros
// to 32 bytes, a Solana key as its 32 bytes.
func AddressBytes32(rt ChainRuntime, s string) ([32]byte, error) {
	var b [32]byte
	switch rt {
	case RuntimeEVM:
		a, err := ParseEVMAddress(s)
		if err != nil {
			return b, err
		}
		copy(b[12:], a[:])
		return b, nil
	case RuntimeSVM:
		k, err := ParseSVMAddress(s)
		if err != nil {
			return b, err
		}
		return [32]byte(k), nil
	}
	return b, fmt.Errorf("unknown chain runtime %q", rt)
}

// ParseOrderID parses an order id: "0x" followed by 64 hex digits, on every
// chain.
func ParseOrderID(s string) ([32]byte, error) {
	var id [32]byte
	if len(s) != 66 || !strings.HasPrefix(s, "0x") {
		return id, fmt.Errorf("orderId must be 0x followed by 64 hex digits, not %q", Clip(s))
	}
	if _, err := hex.Decode(id[:], []byte(s[2:])); err != nil {
		return id, fmt.Errorf("orderId must be 0x followed by 64 hex digits, not %q", Clip(s))
	}
	return id, nil
}

// Clip shortens caller input quoted back in an error message (to 80 bytes
// and an ellipsis), so a hostile request cannot make an error body large.
func Clip(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}

func sprintf(format string, args ...any) string {
	if len(args) == 0 {
		return format
	}
	return fmt.Sprintf(format, args...)
}

// Address is an address of a chain runtime, parsed once: its canonical
// text and its 32 bytes (an EVM address left-padded with zeros, a Solana
// key as it is), so that the code it is handed to reads whichever form it
// needs without parsing again. The zero Address is no address: String is
// "". quote.LegRequest carries its parties as Addresses.
type Address struct {
	text  string
	bytes [32]byte
}

// CanonicalAddress parses s, an address of runtime rt already in its
// canonical form (the EIP-55 text for EVM, base58 for SVM: what
// ParseAddress and ParseTransfer return), and keeps s as its text. Only the
// form is checked: an EVM checksum is not hashed again.
func CanonicalAddress(rt ChainRuntime, s string) (Address, error) {
	a := Address{text: s}
	switch rt {
	case RuntimeEVM:
		if len(s) != 42 || s[:2] != "0x" {
			return Address{}, fmt.Errorf("must be an EVM address, 0x followed by 40 hex digits, not %q", Clip(s))
		}
		evm, ok := DecodeHexAddress(s[2:])
		if !ok {
			return Address{}, fmt.Errorf("must be an EVM address, 0x followed by 40 hex digits, not %q", Clip(s))
		}
		copy(a.bytes[12:], evm[:])
	case RuntimeSVM:
		k, err := ParseSVMAddress(s)
		if err != nil {
			return Address{}, err
		}
		a.bytes = [32]byte(k)
	default:
		return Address{}, fmt.Errorf("unknown chain runtime %q", rt)
	}
	return a, nil
}

// MustCanonicalAddress is CanonicalAddress for an address known to be
// canonical (a constant, a test's); it panics otherwise.
func MustCanonicalAddress(rt ChainRuntime, s string) Address {
	a, err := CanonicalAddress(rt, s)
	if err != nil {
		panic(fmt.Sprintf("orchestration: %s address %q: %v", rt, s, err))
	}
	return a
}

// String is the address's canonical text.
func (a Address) String() string { return a.text }

// IsZero reports whether a is the zero Address, no address at all.
func (a Address) IsZero() bool { return a.text == "" }

// Bytes32 is the address as the OrderBook and the Portal carry it across
// chains (AddressBytes32).
func (a Address) Bytes32() [32]byte { return a.bytes }

// EVM is the 20-byte form of an EVM address (the low 20 of its 32 bytes).
func (a Address) EVM() common.Address { return common.Address(a.bytes[12:]) }

// SVM is the key of a Solana address.
func (a Address) SVM() solana.PublicKey { return solana.PublicKey(a.bytes) }

// EVMAddress is the Address of an EVM address, with its EIP-55 text.
func EVMAddress(a common.Address) Address {
	var b [32]byte
	copy(b[12:], a[:])
	return Address{text: a.Hex(), bytes: b}
}

// SVMAddress is the Address of a Solana key, with its base58 text.
func SVMAddress(k solana.PublicKey) Address { return Address{text: k.String(), bytes: [32]byte(k)} }
