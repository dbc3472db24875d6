package permit_test

import (
	"bytes"
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

var curveN = crypto.S256().Params().N

func recipes() []orchestration.PermitRecipe {
	return []orchestration.PermitRecipe{swapRecipe(), ammRecipe(), orderRecipe()}
}

// twin is sig's high-s twin: s' = N - s and the other v; it recovers to the
// same signer.
func twin(sig []byte) []byte {
	out := append([]byte(nil), sig...)
	new(big.Int).Sub(curveN, new(big.Int).SetBytes(sig[32:64])).FillBytes(out[32:64])
	out[64] = 27 + 28 - out[64]
	return out
}

func TestSignRecover(t *testing.T) {
	ctx := context.Background()
	halfN := new(big.Int).Rsh(curveN, 1)
	for _, r := range recipes() {
		sig, err := permit.Sign(ctx, r, permit.KeyTypedDataSigner(ownerKey))
		if err != nil {
			t.Fatal(err)
		}
		if len(sig) != 65 || (sig[64] != 27 && sig[64] != 28) || new(big.Int).SetBytes(sig[32:64]).Cmp(halfN) > 0 {
			t.Fatalf("signature %x", sig)
		}
		if want := sign(t, r, ownerKey); !bytes.Equal(sig, want) {
			t.Errorf("Sign = %x, want the key's signature of Digest %x", sig, want)
		}
		if got, err := permit.Recover(r, sig); err != nil || got != owner {
			t.Errorf("Recover = %s, %v", got, err)
		}
		if err := permit.VerifySignature(r, sig); err != nil {
			t.Errorf("VerifySignature: %v", err)
		}
		// A bare recovery id recovers the same signer.
		bare := append([]byte(nil), sig...)
		bare[64] -= 27
		if got, err := permit.Recover(r, bare); err != nil || got != owner {
			t.Errorf("Recover with v %d = %s, %v", bare[64], got, err)
		}
	}
}

func TestRecoverErrors(t *testing.T) {
	r := swapRecipe()
	sig := sign(t, r, ownerKey)
	for _, tc := range []struct {
		name string
		sig  []byte
		kind error
	}{
		{"64 bytes", sig[:64], permit.ErrSignatureLength},
		{"66 bytes", append(append([]byte(nil), sig...), 1), permit.ErrSignatureLength},
		{"high s", twin(sig), permit.ErrSignatureS},
		{"v 2", append(append([]byte(nil), sig[:64]...), 2), permit.ErrSignatureV},
		{"r at N", append(curveN.FillBytes(make([]byte, 32)), sig[32:]...), permit.ErrSignatureR},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := permit.Recover(r, tc.sig)
			var se *permit.SignatureError
			if !errors.As(err, &se) || !errors.Is(err, tc.kind) {
				t.Fatalf("Recover: %v, want %v", err, tc.kind)
			}
			if err := permit.VerifySignature(r, tc.sig); !errors.Is(err, tc.kind) {
				t.Fatalf("VerifySignature: %v, want %v", err, tc.kind)
			}
		})
	}

	t.Run("someone else", func(t *testing.T) {
		other := sign(t, r, otherKey)
		if got, err := permit.Recover(r, other); err != nil || got != crypto.PubkeyToAddress(otherKey.PublicKey) {
			t.Fatalf("Recover = %s, %v", got, err)
		}
		var se *permit.SignatureError
		if err := permit.VerifySignature(r, other); !errors.As(err, &se) || !errors.Is(err, permit.ErrSignerMismatch) {
			t.Fatalf("VerifySignature: %v", err)
		}
	})
	t.Run("other message", func(t *testing.T) {
		changed := swapRecipe()
		changed.TypedData.Message.Nonce = "4"
		if err := permit.VerifySignature(changed, sig); !errors.Is(err, permit.ErrSignerMismatch) {
			t.Fatalf("VerifySignature of another nonce: %v", err)
		}
	})
	t.Run("bad recipe", func(t *testing.T) {
		bad := swapRecipe()
		bad.TypedData.Message.Owner = "x"
		var fe *permit.FieldError
		if _, err := permit.Recover(bad, sig); !errors.As(err, &fe) {
			t.Fatalf("Recover: %v", err)
		}
	})
}

// funcSigner is a TypedDataSigner over a function, to misbehave.
type funcSigner struct {
	addr common.Address
	sign func(eip2612.TypedData) ([]byte, error)
}

func (s funcSigner) Address() common.Address { return s.addr }
func (s funcSigner) SignTypedData(_ context.Context, td eip2612.TypedData) ([]byte, error) {
	return s.sign(td)
}

func TestSignErrors(t *testing.T) {
	ctx := context.Background()
	r := swapRecipe()
	good := sign(t, r, ownerKey)
	key := permit.KeyTypedDataSigner(ownerKey)

	t.Run("not the owner", func(t *testing.T) {
		var m *permit.MismatchError
		if _, err := permit.Sign(ctx, r, permit.KeyTypedDataSigner(otherKey)); !errors.As(err, &m) || m.Field != "typedData.message.owner" {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("high s is made low", func(t *testing.T) {
		s := funcSigner{owner, func(eip2612.TypedData) ([]byte, error) { return twin(good), nil }}
		if sig, err := permit.Sign(ctx, r, s); err != nil || !bytes.Equal(sig, good) {
			t.Fatalf("Sign = %x, %v; want %x", sig, err, good)
		}
	})
	t.Run("bare recovery id", func(t *testing.T) {
		s := funcSigner{owner, func(td eip2612.TypedData) ([]byte, error) {
			sig, err := key.SignTypedData(ctx, td)
			sig[64] -= 27
			return sig, err
		}}
		if sig, err := permit.Sign(ctx, r, s); err != nil || !bytes.Equal(sig, good) {
			t.Fatalf("Sign = %x, %v", sig, err)
		}
	})
	t.Run("signer fails", func(t *testing.T) {
		boom := errors.New("device unplugged")
		s := funcSigner{owner, func(eip2612.TypedData) ([]byte, error) { return nil, boom }}
		if _, err := permit.Sign(ctx, r, s); !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("wrong signature", func(t *testing.T) {
		s := funcSigner{owner, func(eip2612.TypedData) ([]byte, error) { return sign(t, r, otherKey), nil }}
		if _, err := permit.Sign(ctx, r, s); !errors.Is(err, permit.ErrSignerMismatch) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("short signature", func(t *testing.T) {
		s := funcSigner{owner, func(eip2612.TypedData) ([]byte, error) { return good[:64], nil }}
		if _, err := permit.Sign(ctx, r, s); !errors.Is(err, permit.ErrSignatureLength) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("bad typed data", func(t *testing.T) {
		bad := swapRecipe()
		bad.TypedData.Domain.Name = ""
		var fe *permit.FieldError
		if _, err := permit.Sign(ctx, bad, key); !errors.As(err, &fe) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestParseSignature(t *testing.T) {
	sig := sign(t, swapRecipe(), ownerKey)
	h := hexutil.Encode(sig)
	for _, s := range []string{h, h[2:], strings.ToUpper(h[2:]), "0X" + h[2:]} {
		if got, err := permit.ParseSignature(s); err != nil || !bytes.Equal(got, sig) {
			t.Errorf("ParseSignature(%.10s…) = %x, %v", s, got, err)
		}
	}
	for _, tc := range []struct {
		in   string
		kind error
	}{
		{"", permit.ErrSignatureLength},
		{"0x", permit.ErrSignatureLength},
		{h[:len(h)-2], permit.ErrSignatureLength},
		{h + "00", permit.ErrSignatureLength},
		{h[:len(h)-1], permit.ErrSignatureEncoding}, // odd length
		{"0x" + strings.Repeat("zz", 65), permit.ErrSignatureEncoding},
		{" " + h, permit.ErrSignatureEncoding},
	} {
		_, err := permit.ParseSignature(tc.in)
		var se *permit.SignatureError
		if !errors.As(err, &se) || !errors.Is(err, tc.kind) {
			t.Errorf("ParseSignature(%.12q) = %v, want %v", tc.in, err, tc.kind)
		}
	}
}

func TestSplitNormalize(t *testing.T) {
	sig := sign(t, swapRecipe(), ownerKey)
	v, r, s, err := permit.SplitSignature(sig)
	if err != nil || v != sig[64] || r != [32]byte(sig[:32]) || s != [32]byte(sig[32:64]) {
		t.Fatalf("SplitSignature = %d %x %x %v", v, r, s, err)
	}
	bare := append([]byte(nil), sig...)
	bare[64] -= 27
	if v2, _, _, err := permit.SplitSignature(bare); err != nil || v2 != v {
		t.Errorf("SplitSignature with v %d: v %d, %v", bare[64], v2, err)
	}
	n, err := permit.Normalize(bare)
	if err != nil || !bytes.Equal(n, sig) || bare[64] > 1 {
		t.Errorf("Normalize = %x, %v (and must not change its input)", n, err)
	}
	if _, _, _, err := permit.SplitSignature(twin(sig)); !errors.Is(err, permit.ErrSignatureS) {
		t.Errorf("SplitSignature of a high s: %v", err)
	}
}
