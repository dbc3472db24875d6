package permit_test

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/m0-orchestration/m0/permit"
)

func TestKeyTypedDataSigner(t *testing.T) {
	key, err := crypto.ToECDSA(crypto.Keccak256([]byte("permit-test/typed")))
	if err != nil {
		t.Fatal(err)
	}
	s := permit.KeyTypedDataSigner(key)
	if s.Address() != crypto.PubkeyToAddress(key.PublicKey) {
		t.Fatalf("address %s", s.Address())
	}
	td := apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {{Name: "name", Type: "string"}, {Name: "chainId", Type: "uint256"}},
			"Mail":         {{Name: "contents", Type: "string"}},
		},
		PrimaryType: "Mail",
		Domain:      apitypes.TypedDataDomain{Name: "test", ChainId: (*math.HexOrDecimal256)(big.NewInt(1))},
		Message:     apitypes.TypedDataMessage{"contents": "hello"},
	}
	sig, err := s.SignTypedData(context.Background(), td)
	if err != nil {
		t.Fatal(err)
	}
	if len(sig) != 65 || (sig[64] != 27 && sig[64] != 28) {
		t.Fatalf("signature %x: want 65 bytes with v 27 or 28", sig)
	}
	hash, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		t.Fatal(err)
	}
	rec := append([]byte(nil), sig...)
	rec[64] -= 27
	pub, err := crypto.SigToPub(hash, rec)
	if err != nil || crypto.PubkeyToAddress(*pub) != s.Address() {
		t.Fatalf("recovered %v, %v", pub, err)
	}

	td.PrimaryType = "Missing"
	if _, err := s.SignTypedData(context.Background(), td); err == nil {
		t.Error("signed typed data whose primary type has no type")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.SignTypedData(ctx, td); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}
