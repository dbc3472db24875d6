package permit

import (
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/orchestration"
)

// SignatureLength is the length of a permit signature: r‖s‖v.
const SignatureLength = 65

var (
	curveN     = crypto.S256().Params().N
	curveHalfN = new(big.Int).Rsh(curveN, 1)
)

// ParseSignature decodes a signature as SignedRecipe.Signature carries it:
// hex, with or without 0x (either case). It checks the encoding
// (ErrSignatureEncoding) and the length (ErrSignatureLength), both as a
// *SignatureError; Recover and Encode check the rest.
func ParseSignature(s string) ([]byte, error) {
	digits := s
	if strings.HasPrefix(digits, "0x") || strings.HasPrefix(digits, "0X") {
		digits = digits[2:]
	}
	sig, err := hex.DecodeString(digits)
	if err != nil {
		return nil, &SignatureError{Err: ErrSignatureEncoding, Detail: fmt.Sprintf("%q", clip(s))}
	}
	if len(sig) != SignatureLength {
		return nil, &SignatureError{Err: ErrSignatureLength, Detail: fmt.Sprintf("%d bytes", len(sig))}
	}
	return sig, nil
}

// Normalize returns a copy of the 65-byte signature r‖s‖v in the form the
// tokens accept: v 27 or 28. A v of 0 or 1 (the recovery id, as some
// signers return it) is raised by 27. It refuses (*SignatureError) any
// other length, any other v, an r out of range and an s that is zero or in
// the upper half of the curve order, as the tokens do.
func Normalize(sig []byte) ([]byte, error) {
	if len(sig) != SignatureLength {
		return nil, &SignatureError{Err: ErrSignatureLength, Detail: fmt.Sprintf("%d bytes", len(sig))}
	}
	out := append([]byte(nil), sig...)
	switch v := out[64]; v {
	case 0, 1:
		out[64] = v + 27
	case 27, 28:
	default:
		return nil, &SignatureError{Err: ErrSignatureV, Detail: fmt.Sprintf("v = %d", v)}
	}
	r, s := new(big.Int).SetBytes(out[:32]), new(big.Int).SetBytes(out[32:64])
	if r.Sign() == 0 || r.Cmp(curveN) >= 0 {
		return nil, &SignatureError{Err: ErrSignatureR}
	}
	if s.Sign() == 0 || s.Cmp(curveHalfN) > 0 {
		return nil, &SignatureError{Err: ErrSignatureS}
	}
	return out, nil
}

// SplitSignature splits a signature into the (v, r, s) of the permit
// overloads and selfPermit: r is bytes 0 to 32, s bytes 32 to 64 and v
// byte 64 as a number, after Normalize (so v is 27 or 28).
func SplitSignature(sig []byte) (v uint8, r, s [32]byte, err error) {
	n, err := Normalize(sig)
	if err != nil {
		return 0, r, s, err
	}
	return n[64], [32]byte(n[:32]), [32]byte(n[32:64]), nil
}

// Recover returns the account that signed the recipe's permit. The
// signature is checked as Normalize does (v may be 0, 1, 27 or 28); every
// signature failure is a *SignatureError, a recipe whose typed data does
// not parse a *FieldError. Recover does not compare the signer with the
// owner: VerifySignature does.
func Recover(recipe orchestration.PermitRecipe, signature []byte) (common.Address, error) {
	sig, err := Normalize(signature)
	if err != nil {
		return common.Address{}, err
	}
	hash, err := Digest(recipe)
	if err != nil {
		return common.Address{}, err
	}
	sig[64] -= 27
	pub, err := crypto.SigToPub(hash[:], sig)
	if err != nil {
		return common.Address{}, &SignatureError{Err: ErrSignatureRecovery, Detail: err.Error()}
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// VerifySignature checks that signature is the permit's owner's signature
// over the recipe's typed data: Recover, then a *SignatureError wrapping
// ErrSignerMismatch when the signer is not typedData.message.owner.
func VerifySignature(recipe orchestration.PermitRecipe, signature []byte) error {
	signer, err := Recover(recipe, signature)
	if err != nil {
		return err
	}
	owner, err := parseAddress("typedData.message.owner", recipe.TypedData.Message.Owner)
	if err != nil {
		return err
	}
	if signer != owner {
		return &SignatureError{Err: ErrSignerMismatch, Detail: fmt.Sprintf("signed by %s, owner %s", signer.Hex(), owner.Hex())}
	}
	return nil
}

// Sign signs the recipe's permit with signer, which must be its owner (a
// *MismatchError otherwise), and returns the 65-byte signature r‖s‖v with
// v 27 or 28 and a low s: a signer's high-s signature is turned into its
// low-s twin, which recovers to the same account. It signs what TypedData
// returns and nothing else: Verify the recipe first.
func Sign(ctx context.Context, recipe orchestration.PermitRecipe, signer TypedDataSigner) ([]byte, error) {
	td, err := TypedData(recipe)
	if err != nil {
		return nil, err
	}
	owner := common.HexToAddress(recipe.TypedData.Message.Owner) // TypedData parsed it
	if a := signer.Address(); a != owner {
		return nil, &MismatchError{Field: "typedData.message.owner", Got: owner.Hex(), Want: a.Hex(), Source: "the signer"}
	}
	sig, err := signer.SignTypedData(ctx, td)
	if err != nil {
		return nil, fmt.Errorf("permit: signing: %w", err)
	}
	sig, err = lowS(sig)
	if err != nil {
		return nil, err
	}
	if err := VerifySignature(recipe, sig); err != nil {
		return nil, fmt.Errorf("permit: the signer returned a signature that does not verify: %w", err)
	}
	return sig, nil
}

// lowS turns a signature with a high s into the equivalent one with s'
// = N - s and the other recovery id.
func lowS(sig []byte) ([]byte, error) {
	if len(sig) != SignatureLength {
		return nil, &SignatureError{Err: ErrSignatureLength, Detail: fmt.Sprintf("%d bytes", len(sig))}
	}
	s := new(big.Int).SetBytes(sig[32:64])
	if s.Cmp(curveHalfN) <= 0 {
		return Normalize(sig)
	}
	out := append([]byte(nil), sig...)
	new(big.Int).Sub(curveN, s).FillBytes(out[32:64])
	switch out[64] {
	case 0, 27:
		out[64]++
	case 1, 28:
		out[64]--
	}
	return Normalize(out)
}
